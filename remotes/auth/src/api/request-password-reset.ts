import { api } from '@mchezo/api-client/client';
import type { CodeSentResponse, PasswordResetRequestRequest } from '@mchezo/contracts/auth';
import { useMutation } from '@mchezo/host/query';

/** POST /auth/password/reset/request: answers the same whether or not the phone has an account. */
const requestPasswordReset = (body: PasswordResetRequestRequest) =>
  api.post<CodeSentResponse>('/auth/password/reset/request', body, { auth: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
