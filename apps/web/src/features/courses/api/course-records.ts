import { courseRecordEndpoints as ep, type JoinRequestStatus, type MeetingInput } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiDownload } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { PAGE_SIZE, saveBlob } from './courses';
import { courseKeys } from './keys';

export const courseLogQueryOptions = (page: number, locale: string) =>
  queryOptions({
    queryKey: courseKeys.log(page, locale),
    queryFn: ({ signal }) => apiCall(ep.log, { query: { page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useCourseLog(page: number) {
  return useQuery(courseLogQueryOptions(page, useLocale()));
}

/** Downloads my certificate (the call needs the bearer token); a refusal shows its reason as a toast. */
export async function downloadCertificate(id: number): Promise<void> {
  saveBlob(await apiDownload(ep.certificate, { params: { id } }), `certificate-${id}.pdf`);
}

export async function downloadAttestation(id: number): Promise<void> {
  saveBlob(await apiDownload(ep.attestation, { params: { id } }), `attestation-${id}.pdf`);
}

/** The public check of a code; a 404 is an answer here, not an error toast. */
export const certificateVerificationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: courseKeys.verification(code),
    queryFn: async ({ signal }) =>
      (await apiCall(ep.verify, { params: { code }, signal, silent: true })).data,
    retry: false,
  });

export function useCertificateVerification(code: string) {
  return useQuery(certificateVerificationQueryOptions(code));
}

export const groupStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: courseKeys.groupStatus(id),
    queryFn: async ({ signal }) => (await apiCall(ep.groupStatus, { params: { id }, signal })).data,
  });

export function useGroupStatus(id: number) {
  return useQuery(groupStatusQueryOptions(id));
}

function useInvalidateGroup(id: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseKeys.group(id) });
}

export function useRequestToJoin(id: number) {
  const invalidate = useInvalidateGroup(id);
  return useMutation({
    mutationFn: async (message: string | null) =>
      (await apiCall(ep.requestToJoin, { params: { id }, body: { message } })).data,
    onSuccess: invalidate,
  });
}

export const joinRequestsQueryOptions = (id: number, status: JoinRequestStatus, page: number) =>
  queryOptions({
    queryKey: courseKeys.requests(id, status, page),
    queryFn: ({ signal }) =>
      apiCall(ep.joinRequests, { params: { id }, query: { status, page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useJoinRequests(id: number, status: JoinRequestStatus, page: number) {
  return useQuery(joinRequestsQueryOptions(id, status, page));
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

export const membersQueryOptions = (id: number, enabled = true) =>
  queryOptions({
    queryKey: courseKeys.members(id),
    queryFn: async ({ signal }) => (await apiCall(ep.members, { params: { id }, signal })).data,
    enabled,
  });

export function useMembers(id: number, enabled = true) {
  return useQuery(membersQueryOptions(id, enabled));
}

export const meetingsQueryOptions = (id: number, page: number, enabled = true) =>
  queryOptions({
    queryKey: courseKeys.meetings(id, page),
    queryFn: ({ signal }) =>
      apiCall(ep.meetings, { params: { id }, query: { page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useMeetings(id: number, page: number, enabled = true) {
  return useQuery(meetingsQueryOptions(id, page, enabled));
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
