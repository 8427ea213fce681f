import { api } from '@mchezo/api-client/client';
import type { PasswordResetConfirmRequest } from '@mchezo/contracts/auth';
import { useMutation } from '@mchezo/host/query';

/** POST /auth/password/reset/confirm → 204; the server ends every session of the account. */
const confirmPasswordReset = (body: PasswordResetConfirmRequest) =>
  api.post<null>('/auth/password/reset/confirm', body, { auth: false });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
