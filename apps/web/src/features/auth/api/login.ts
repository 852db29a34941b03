import { authEndpoints, type LoginInput, type LoginResult, type TwoFactorLoginInput } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { storeSession } from './session';

export const login = (body: LoginInput): Promise<LoginResult> => apiCall(authEndpoints.login, { body });

export const loginTwoFactor = (body: TwoFactorLoginInput) => apiCall(authEndpoints.loginTwoFactor, { body });

/** First step: stores the session, or hands back the two-step challenge. */
/** Another account than the one before on this device: nothing it read stays in the query cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (!('two_factor_required' in result) && storeSession(result)) queryClient.clear();
    },
  });
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: (result) => {
      if (storeSession(result)) queryClient.clear();
    },
  });
}
