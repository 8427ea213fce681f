/** The release manager the e2e server knows (RELEASE_MANAGER_PHONES); releases.spec registers it. */
export const RELEASE_MANAGER_PHONE = '+254799000001';
