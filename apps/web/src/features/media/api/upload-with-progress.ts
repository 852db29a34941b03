import { type AdminMedia, adminMediaEndpoints as ep, type MediaKind } from '@legenett/contracts';
import { apiUrl } from '@/shared/api/api-client';
import { ApiError, NetworkError } from '@/shared/api/api-error';
import { showApiError } from '@/shared/api/handle-api-error';
import { authStore } from '@/shared/auth/auth-store';
import { currentLocale } from '@/shared/i18n/i18n';

/**
 * `POST /admin/media/:kind` with upload progress (fetch cannot report it, so this one call uses
 * XMLHttpRequest); the answer is parsed with the contract, failures are shown like every API error.
 */
export function uploadMedia(
  kind: MediaKind,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<AdminMedia> {
  return new Promise<AdminMedia>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(ep.create, { kind }));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-localization', currentLocale());
    const token = authStore.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    const fail = (error: unknown) => {
      showApiError(error);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    xhr.onerror = () => fail(new NetworkError(new Error('upload failed')));
    xhr.onload = () => {
      let parsedBody: unknown = null;
      try {
        parsedBody = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        parsedBody = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) return fail(new ApiError(xhr.status, parsedBody));
      const parsed = ep.create.response.safeParse(parsedBody);
      if (!parsed.success) return fail(new ApiError(500, parsedBody));
      onProgress(100);
      resolve(parsed.data.data);
    };
    xhr.send(body);
  });
}
