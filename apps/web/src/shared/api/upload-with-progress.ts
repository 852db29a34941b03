import { type Endpoint } from '@legenett/contracts';
import { type ApiResult, apiUrl } from '@/shared/api/api-client';
import { ApiError, NetworkError } from '@/shared/api/api-error';
import { showApiError } from '@/shared/api/handle-api-error';
import { authStore } from '@/shared/auth/auth-store';
import { currentLocale } from '@/shared/i18n/i18n';

/**
 * A multipart call with upload progress (fetch cannot report it, so uploads of large files use
 * XMLHttpRequest): the answer is parsed with the endpoint's contract, failures are shown like every
 * API error (`showApiError`). Used by the media archive's and the webinar video's uploads.
 */
export function uploadWithProgress<E extends Endpoint>(
  endpoint: E,
  params: Record<string, string | number>,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<ApiResult<E>> {
  return new Promise<ApiResult<E>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, apiUrl(endpoint, params));
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
      const parsed = endpoint.response ? endpoint.response.safeParse(parsedBody) : { success: true as const, data: undefined };
      if (!parsed.success) return fail(new ApiError(500, parsedBody));
      onProgress(100);
      resolve(parsed.data as ApiResult<E>);
    };
    xhr.send(body);
  });
}
