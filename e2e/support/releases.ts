/** The release manager the e2e server knows (RELEASE_MANAGER_PHONES); releases.spec registers it. */
export const RELEASE_MANAGER_PHONE = '+254799000001';
/** Its password: the first spec to run registers it with this one. */
export const RELEASE_MANAGER_PASSWORD = 'release-manager-9';
