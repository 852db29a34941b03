import { type AdminMedia, adminMediaEndpoints as ep, type MediaKind } from '@legenett/contracts';
import { uploadWithProgress } from '@/shared/api/upload-with-progress';

/** `POST /admin/media/:kind` with upload progress (`uploadWithProgress`). */
export async function uploadMedia(kind: MediaKind, body: FormData, onProgress: (percent: number) => void): Promise<AdminMedia> {
  return (await uploadWithProgress(ep.create, { kind }, body, onProgress)).data;
}
