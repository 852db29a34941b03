import { courseRecordEndpoints as ep, type JoinRequestStatus, type MeetingInput } from '@legenett/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiDownload } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { courseKeys, PAGE_SIZE, saveBlob } from './courses';

/** Keys of the course log, certificates and small groups: under `courseKeys.all`, so a course change refreshes them too. */
export const courseRecordKeys = {
  logs: () => [...courseKeys.all, 'log'] as const,
  log: (page: number, locale: string) => [...courseKeys.all, 'log', page, locale] as const,
  verification: (code: string) => ['certificates', code] as const,
  group: (id: number) => [...courseKeys.all, 'group', id] as const,
  groupStatus: (id: number) => [...courseKeys.all, 'group', id, 'status'] as const,
  requests: (id: number, status: JoinRequestStatus, page: number) =>
    [...courseKeys.all, 'group', id, 'requests', status, page] as const,
  members: (id: number) => [...courseKeys.all, 'group', id, 'members'] as const,
  meetings: (id: number, page: number) => [...courseKeys.all, 'group', id, 'meetings', page] as const,
};

export function useCourseLog(page: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: courseRecordKeys.log(page, locale),
    queryFn: ({ signal }) => apiCall(ep.log, { query: { page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads my certificate (the call needs the bearer token); a refusal shows its reason as a toast. */
export async function downloadCertificate(id: number): Promise<void> {
  saveBlob(await apiDownload(ep.certificate, { params: { id } }), `certificate-${id}.pdf`);
}

export async function downloadAttestation(id: number): Promise<void> {
  saveBlob(await apiDownload(ep.attestation, { params: { id } }), `attestation-${id}.pdf`);
}

/** The public check of a code; a 404 is an answer here, not an error toast. */
export function useCertificateVerification(code: string) {
  return useQuery({
    queryKey: courseRecordKeys.verification(code),
    queryFn: async ({ signal }) =>
      (await apiCall(ep.verify, { params: { code }, signal, silent: true })).data,
    retry: false,
  });
}

export function useGroupStatus(id: number) {
  return useQuery({
    queryKey: courseRecordKeys.groupStatus(id),
    queryFn: async ({ signal }) => (await apiCall(ep.groupStatus, { params: { id }, signal })).data,
  });
}

function useInvalidateGroup(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseRecordKeys.group(id) });
}

export function useRequestToJoin(id: number) {
  const invalidate = useInvalidateGroup(id);
  return useMutation({
    mutationFn: async (message: string | null) =>
      (await apiCall(ep.requestToJoin, { params: { id }, body: { message } })).data,
    onSuccess: invalidate,
  });
}

export function useJoinRequests(id: number, status: JoinRequestStatus, page: number) {
  return useQuery({
    queryKey: courseRecordKeys.requests(id, status, page),
    queryFn: ({ signal }) =>
      apiCall(ep.joinRequests, { params: { id }, query: { status, page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideJoinRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ requestId, accept }: { requestId: number; accept: boolean }) =>
      (await apiCall(accept ? ep.acceptJoinRequest : ep.declineJoinRequest, { params: { id, requestId } }))
        .data,
    // Seats change too: the course itself is refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

export function useMembers(id: number, enabled = true) {
  return useQuery({
    queryKey: courseRecordKeys.members(id),
    queryFn: async ({ signal }) => (await apiCall(ep.members, { params: { id }, signal })).data,
    enabled,
  });
}

export function useMeetings(id: number, page: number, enabled = true) {
  return useQuery({
    queryKey: courseRecordKeys.meetings(id, page),
    queryFn: ({ signal }) =>
      apiCall(ep.meetings, { params: { id }, query: { page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSaveMeeting(id: number) {
  const invalidate = useInvalidateGroup(id);
  return useMutation({
    mutationFn: async ({ meetingId, body }: { meetingId: number | null; body: MeetingInput }) =>
      (meetingId === null
        ? await apiCall(ep.createMeeting, { params: { id }, body })
        : await apiCall(ep.updateMeeting, { params: { id, meetingId }, body })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteMeeting(id: number) {
  const invalidate = useInvalidateGroup(id);
  return useMutation({
    mutationFn: async (meetingId: number) => apiCall(ep.deleteMeeting, { params: { id, meetingId } }),
    onSuccess: invalidate,
  });
}
