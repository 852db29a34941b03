import {
  type ManualAuthorInput,
  networkEndpoints,
  type PetitionCreateInput,
  type PetitionDetail,
  type SignatureReceipt,
  petitionEndpoints as ep,
  petitionLogEndpoints as logEp,
  type PetitionExportFormat,
  type PetitionUpdateInput,
  type PressReleaseInput,
} from '@legenett/contracts';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall, apiUrl } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';
import { keysetQueryOptions } from '@/shared/api/keyset';
import { authStore } from '@/shared/auth/auth-store';
import { currentLocale } from '@/shared/i18n/i18n';
import { useLocale } from '@/shared/i18n/use-locale';
import { type PetitionFilterValues, petitionKeys, type PetitionTab } from './keys';

export const PAGE_SIZE = 10;

export const petitionsQueryOptions = (
  tab: PetitionTab,
  filters: PetitionFilterValues,
  page: number,
  locale: string,
) =>
  queryOptions({
    queryKey: petitionKeys.list(tab, filters, page, locale),
    queryFn: ({ signal }) => {
      const query = { ...filters, page, per_page: PAGE_SIZE };
      if (tab === 'saved') return apiCall(ep.bookmarked, { query, signal });
      if (tab === 'my') return apiCall(ep.mine, { query, signal });
      if (tab === 'drafts') return apiCall(ep.mine, { query: { ...query, petitionStatus: 'draft' }, signal });
      if (tab === 'archived')
        return apiCall(ep.mine, { query: { ...query, petitionStatus: 'archived' }, signal });
      return apiCall(ep.list, { query, signal });
    },
    placeholderData: keepPreviousData,
  });

export function usePetitions(tab: PetitionTab, filters: PetitionFilterValues, page: number) {
  return useQuery(petitionsQueryOptions(tab, filters, page, useLocale()));
}

export const petitionQueryOptions = (id: number, locale: string) =>
  queryOptions({
    queryKey: petitionKeys.one(id, locale),
    queryFn: async ({ signal }) => (await apiCall(ep.show, { params: { id }, signal, silent: true })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export function usePetition(id: number) {
  return useQuery(petitionQueryOptions(id, useLocale()));
}

/** The named signers, oldest first, one keyset page (`cursor`) at a time ("show more"). */
export const signersQueryOptions = (id: number) =>
  keysetQueryOptions({
    queryKey: petitionKeys.signers(id),
    page: (after, signal) => apiCall(ep.signatures, { params: { id }, query: { per_page: PAGE_SIZE, ...after }, signal }),
  });

export function useSigners(id: number) {
  return useInfiniteQuery(signersQueryOptions(id));
}

export const receiptQueryOptions = (id: number, signed: boolean) =>
  queryOptions({
    queryKey: petitionKeys.receipt(id),
    queryFn: async ({ signal }) => (await apiCall(ep.receipt, { params: { id }, signal, silent: true })).data,
    enabled: signed,
    retry: false,
    // The entry enters a signed checkpoint within a second or two: fetch again until it has.
    refetchInterval: (query) => (query.state.data && query.state.data.leaf_index === null ? 1500 : false),
  });

export function useReceipt(id: number, signed: boolean) {
  return useQuery(receiptQueryOptions(id, signed));
}

/** Published petitions with a title like the one being typed (at least three letters). */
export const similarPetitionsQueryOptions = (title: string) => {
  const term = title.trim();
  return queryOptions({
    queryKey: petitionKeys.similar(term),
    queryFn: async ({ signal }) =>
      (await apiCall(ep.similar, { query: { title: term }, signal, silent: true, overlay: false })).data,
    enabled: term.length >= 3,
    staleTime: 30_000,
  });
};

export function useSimilarPetitions(title: string) {
  return useQuery(similarPetitionsQueryOptions(title));
}

export const attachmentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: petitionKeys.attachments(id),
    queryFn: async ({ signal }) => (await apiCall(ep.attachments, { params: { id }, signal })).data,
    enabled: id > 0,
  });

export function useAttachments(id: number) {
  return useQuery(attachmentsQueryOptions(id));
}

export const manualAuthorsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: petitionKeys.authors(id),
    queryFn: async ({ signal }) => (await apiCall(ep.manualAuthors, { params: { id }, signal })).data,
    enabled: id > 0,
  });

export function useManualAuthors(id: number) {
  return useQuery(manualAuthorsQueryOptions(id));
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: petitionKeys.all });
}

export function useSavePetition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number | null;
      body: PetitionCreateInput | PetitionUpdateInput;
    }) =>
      (id === null
        ? await apiCall(ep.create, { body: body as PetitionCreateInput })
        : await apiCall(ep.update, { params: { id }, body: body as PetitionUpdateInput })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeletePetition() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => apiCall(ep.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/**
 * When the counter job has counted a signature or withdrawal: the sequencer runs every 250 ms, the
 * counter at most a second after it (docs/petitions.md, "Counts and statistics").
 */
const COUNTED_AFTER_MS = 2000;

/**
 * The statistics are the one thing a signature's (or withdrawal's) answer does not carry: the petition
 * is read once, when the counter job has counted it, and put into the cache with the count the page
 * already shows when that read is behind it (`settle`), so the count shown never goes back.
 */
function readOnceCounted(queryClient: QueryClient, id: number, settle: (fresh: number) => number) {
  const locale = currentLocale();
  setTimeout(() => {
    apiCall(ep.show, { params: { id }, silent: true, overlay: false })
      .then(({ data }) => queryClient.setQueryData(petitionKeys.one(id, locale), { ...data, signatures_count: settle(data.signatures_count) }))
      .catch(() => undefined);
  }, COUNTED_AFTER_MS);
}

/**
 * A signature's answer is the receipt: it goes into the cache with the petition's new state, and only
 * what the answer does not carry is read, once: the lists when shown (else when next shown), the named
 * signers (a named signature), and the petition for its statistics when counted. The
 * answer's count is the one added up when the statement ran, which cannot hold this signature yet
 * (the counter job adds it within about 2 s, docs/petitions.md), so the page shows that count plus one
 * at once.
 */
export function useSign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, anonymous }: { id: number; anonymous: boolean }) =>
      (await apiCall(ep.sign, { params: { id }, body: { anonymous } })).data,
    onSuccess: (receipt: SignatureReceipt, { id }) => {
      queryClient.setQueryData(petitionKeys.receipt(id), receipt);
      let count = receipt.signatures_count + 1;
      queryClient.setQueriesData<PetitionDetail>({ queryKey: petitionKeys.oneAnyLocale(id) }, (p) => {
        if (!p) return p;
        count = Math.max(count, p.signatures_count + 1);
        return { ...p, signed: true, text_locked: true, signatures_count: count };
      });
      void queryClient.invalidateQueries({ queryKey: petitionKeys.lists });
      if (!receipt.anonymous) void queryClient.invalidateQueries({ queryKey: petitionKeys.signers(id) });
      readOnceCounted(queryClient, id, (fresh) => Math.max(fresh, count));
    },
  });
}

/** A withdrawal answers nothing: the petition is unsigned in the cache, one fewer counts, no receipt is left. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(ep.withdraw, { params: { id } }),
    onSuccess: (_: unknown, id: number) => {
      queryClient.removeQueries({ queryKey: petitionKeys.receipt(id) });
      let count = 0;
      queryClient.setQueriesData<PetitionDetail>({ queryKey: petitionKeys.oneAnyLocale(id) }, (p) => {
        if (!p) return p;
        count = Math.max(0, p.signatures_count - 1);
        return { ...p, signed: false, signatures_count: count };
      });
      void queryClient.invalidateQueries({ queryKey: petitionKeys.lists });
      void queryClient.invalidateQueries({ queryKey: petitionKeys.signers(id) });
      readOnceCounted(queryClient, id, (fresh) => Math.min(fresh, count));
    },
  });
}

export function useBookmark() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      apiCall(on ? ep.bookmark : ep.unbookmark, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** The log's latest signed checkpoint and its public key, for `/petition-log` (public). */
export const petitionLogQueryOptions = () =>
  queryOptions({
    queryKey: petitionKeys.log,
    queryFn: async ({ signal }) => {
      const [checkpoint, key] = await Promise.all([
        apiCall(logEp.checkpoint, { signal, silent: true }),
        apiCall(logEp.key, { signal, silent: true }),
      ]);
      return { checkpoint: checkpoint.data, key: key.data };
    },
  });

export function usePetitionLog() {
  return useQuery(petitionLogQueryOptions());
}

export function useVerify() {
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(ep.verify, { params: { id } })).data,
  });
}

export function useAddAttachments() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, files }: { id: number; files: File[] }) => {
      const form = new FormData();
      for (const file of files) form.append('pdf_files[]', file);
      return apiCall(ep.addAttachments, { params: { id }, body: form });
    },
    onSuccess: invalidate,
  });
}

export function useRemoveAttachment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, attachmentId }: { id: number; attachmentId: number }) =>
      apiCall(ep.removeAttachment, { params: { id, attachmentId } }),
    onSuccess: invalidate,
  });
}

export function useAddManualAuthor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ManualAuthorInput }) => apiCall(ep.addManualAuthor, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Removes a co-author (the initiator), or the caller's own co-authorship (leave, decline). */
export function useRemoveManualAuthor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, authorId }: { id: number; authorId: number }) =>
      apiCall(ep.removeManualAuthor, { params: { id, authorId } }),
    onSuccess: invalidate,
  });
}

export function useAcceptCoAuthorship() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => apiCall(ep.acceptCoAuthorship, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Members by name, for inviting a co-author with an account (at least two letters). */
export const memberSearchQueryOptions = (name: string) => {
  const term = name.trim();
  return queryOptions({
    queryKey: petitionKeys.members(term),
    queryFn: async ({ signal }) =>
      (
        await apiCall(networkEndpoints.search, {
          query: { name: term, per_page: 10 },
          signal,
          overlay: false,
        })
      ).data,
    enabled: term.length >= 2,
    staleTime: 30_000,
  });
};

export function useMemberSearch(name: string) {
  return useQuery(memberSearchQueryOptions(name));
}

export const pressReleaseQueryOptions = (id: number, enabled: boolean, locale: string) =>
  queryOptions({
    queryKey: petitionKeys.press(id, locale),
    queryFn: async ({ signal }) => (await apiCall(ep.pressRelease, { params: { id }, signal })).data,
    enabled,
  });

export function usePressRelease(id: number, enabled: boolean) {
  return useQuery(pressReleaseQueryOptions(id, enabled, useLocale()));
}

export function useSendPressRelease() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: PressReleaseInput }) =>
      (await apiCall(ep.sendPressRelease, { params: { id }, body })).data,
    onSuccess: invalidate,
  });
}

export function useDeliver() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => apiCall(ep.deliver, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useAnswer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) =>
      apiCall(ep.answer, { params: { id }, body: { answer } }),
    onSuccess: invalidate,
  });
}

/**
 * Downloads an export as it streams, reporting the bytes received so far, then hands the file to
 * the browser. (A file download is not JSON, so it does not go through apiCall.)
 */
export async function downloadExport(
  id: number,
  format: PetitionExportFormat,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const headers = new Headers({ 'X-localization': currentLocale() });
  const token = authStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(apiUrl(ep.export, { id }, { format }), {
    headers,
    credentials: 'same-origin',
  });
  if (!response.ok || !response.body)
    throw new ApiError(response.status, await response.json().catch(() => null));
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `petition-${id}.${format}`;
  const url = URL.createObjectURL(
    new Blob(chunks as BlobPart[], {
      type: response.headers.get('content-type') ?? 'application/octet-stream',
    }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
