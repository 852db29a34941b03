import { COURSE_VIDEO_FIELD, courseWebinarEndpoints as ep } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/shared/api/upload-with-progress';
import { courseKeys } from './keys';

/** `POST /my/courses/:id/video` with upload progress; the course's queries are fetched again after it. */
export function useUploadCourseVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file, onProgress }: { id: number; file: File; onProgress: (percent: number) => void }) => {
      const body = new FormData();
      body.append(COURSE_VIDEO_FIELD, file);
      return (await uploadWithProgress(ep.uploadVideo, { id }, body, onProgress)).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
