/**
 * Who is signed in to the staff site. The staff token lives IN MEMORY only (never in storage or
 * a cookie): a reload or a closed tab means signing in again (decision 052's short staff sessions).
 */
import type { StaffMember, StaffSessionInfo, StaffSignInResponse } from '@mchezo/contracts/staff';
import { create } from 'zustand';

/** Why the person is on the sign-in screen, when it is not their own choice. */
export type SignedOutReason = 'session_ended' | 'signed_out' | null;

interface SessionState {
  token: string | null;
  member: StaffMember | null;
  session: StaffSessionInfo | null;
  signedOutReason: SignedOutReason;
  signedIn(answer: StaffSignInResponse): void;
  /** /staff/me's fresher view of the person (roles changed by an administrator). */
  refreshed(member: StaffMember, session: StaffSessionInfo): void;
  signedOut(reason: SignedOutReason): void;
}

export const useSession = create<SessionState>()((set) => ({
  token: null,
  member: null,
  session: null,
  signedOutReason: null,
  signedIn: ({ token, member, session }) => set({ token, member, session, signedOutReason: null }),
  refreshed: (member, session) => set({ member, session }),
  signedOut: (signedOutReason) => set({ token: null, member: null, session: null, signedOutReason }),
}));

/** The token for the API client, outside React. */
export const staffToken = () => useSession.getState().token;
