import { authEndpoints, type LoginInput, type LoginResult, type TwoFactorLoginInput } from '@legenett/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { storeSession } from './session';

export const login = (body: LoginInput): Promise<LoginResult> => apiCall(authEndpoints.login, { body });

export const loginTwoFactor = (body: TwoFactorLoginInput) => apiCall(authEndpoints.loginTwoFactor, { body });

/** First step: stores the session, or hands back the two-step challenge. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!('two_factor_required' in result)) storeSession(result);
    },
  });
}

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginTwoFactor, onSuccess: storeSession });
}
