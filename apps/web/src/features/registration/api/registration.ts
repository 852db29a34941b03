import {
  type ChangeEmailInput,
  type ForgotPasswordInput,
  type HprRegistrationInput,
  type IdentityRegistrationInput,
  type LoginResponse,
  registrationEndpoints as ep,
  type ResetPasswordInput,
} from '@legenett/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { authStore } from '@/shared/auth/auth-store';
import { registrationKeys } from './keys';

// --- identity provider ------------------------------------------------------------------------

export const createIdentitySession = () => apiCall(ep.createIdentitySession, { overlay: true });

/** Starts an electronic-ID session and sends the browser to the provider (or the simulator). */
export function useStartIdentification() {
  return useMutation({
    mutationFn: createIdentitySession,
    onSuccess: ({ data }) => window.location.assign(data.url),
  });
}

/** Identity-session errors are shown by the page itself (spec point 8), so the call is silent. */
export const identitySessionQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: registrationKeys.identitySession(id ?? ''),
    queryFn: ({ signal }) => apiCall(ep.retrieveIdentitySession, { params: { id: id ?? '' }, signal, silent: true }),
    retry: false,
    staleTime: Infinity,
    enabled: id !== null,
  });

export const useIdentitySession = (id: string | null) => useQuery(identitySessionQueryOptions(id));

export function useRegisterWithIdentity(sessionId: string) {
  return useMutation({
    mutationFn: (body: IdentityRegistrationInput) =>
      apiCall(ep.createUserFromIdentity, { params: { id: sessionId }, body }),
  });
}

export function useRegisterWithHpr() {
  return useMutation({ mutationFn: (body: HprRegistrationInput) => apiCall(ep.registerWithHpr, { body }) });
}

// --- e-mail verification ----------------------------------------------------------------------

export const verificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: registrationKeys.verification(id),
    queryFn: ({ signal }) => apiCall(ep.showVerification, { params: { id }, signal }),
    retry: false,
  });

export const useVerification = (id: string) => useQuery(verificationQueryOptions(id));

const storeLogin = (session: LoginResponse) =>
  authStore.setSession(session.access_token, session.expires_in, session.user);

export function useVerifyCode(id: string) {
  return useMutation({
    mutationFn: (code: string) => apiCall(ep.verify, { params: { id }, body: { code } }),
    onSuccess: storeLogin,
  });
}

export function useResendCode(id: string) {
  return useMutation({ mutationFn: () => apiCall(ep.resendVerification, { params: { id } }) });
}

// --- password and e-mail ----------------------------------------------------------------------

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordInput) => apiCall(ep.forgotPassword, { body }) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordInput) => apiCall(ep.resetPassword, { body }),
    // Every session ended on the server; drop this one too.
    onSuccess: () => authStore.clear(),
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (body: ChangeEmailInput) => apiCall(ep.changeEmail, { body }) });
}

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) => apiCall(ep.confirmEmailChange, { body: { token } }),
    onSuccess: () => authStore.clear(),
  });
}
