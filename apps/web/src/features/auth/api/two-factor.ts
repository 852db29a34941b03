import { authEndpoints, type TwoFactorDisableInput } from '@legenett/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { authStore } from '@/shared/auth/auth-store';

export const startTwoFactorSetup = () => apiCall(authEndpoints.twoFactorSetup);
export const enableTwoFactor = (code: string) => apiCall(authEndpoints.twoFactorEnable, { body: { code } });
export const disableTwoFactor = (body: TwoFactorDisableInput) => apiCall(authEndpoints.twoFactorDisable, { body });
export const regenerateRecoveryCodes = (code: string) => apiCall(authEndpoints.twoFactorRecoveryCodes, { body: { code } });

/** The stored user object after a change of two-step state. */
export async function reloadUser(): Promise<void> {
  const { data } = await apiCall(authEndpoints.me, { overlay: false });
  authStore.setUser(data);
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}

/** The caller shows the recovery codes first, then `reloadUser()` (which swaps the view). */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}

/** The caller stores the answered user (`authStore.setUser`) after its own feedback: that swaps the view. */
export function useDisableTwoFactor() {
  return useMutation({ mutationFn: disableTwoFactor });
}

export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}
