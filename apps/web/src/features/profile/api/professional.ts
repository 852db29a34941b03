import { type EducationInput, type ExperienceInput, professionalEndpoints as ep } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { profileKeys } from './keys';
import { useLocale } from '@/shared/i18n/use-locale';

export const PAGE_SIZE = 10;

export const experiencesQueryOptions = (page: number, locale: string) =>
  queryOptions({
    queryKey: profileKeys.experiences(page, locale),
    queryFn: ({ signal }) => apiCall(ep.listExperiences, { query: { page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useExperiences(page: number) {
  return useQuery(experiencesQueryOptions(page, useLocale()));
}

export const educationsQueryOptions = (page: number, locale: string) =>
  queryOptions({
    queryKey: profileKeys.educations(page, locale),
    queryFn: ({ signal }) => apiCall(ep.listEducations, { query: { page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useEducations(page: number) {
  return useQuery(educationsQueryOptions(page, useLocale()));
}

function useInvalidate(key: 'experiences' | 'educations') {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: profileKeys[key]() });
}

export function useSaveExperience() {
  const invalidate = useInvalidate('experiences');
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ExperienceInput }) =>
      id === null ? apiCall(ep.createExperience, { body }) : apiCall(ep.updateExperience, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteExperience() {
  const invalidate = useInvalidate('experiences');
  return useMutation({ mutationFn: (id: number) => apiCall(ep.deleteExperience, { params: { id } }), onSuccess: invalidate });
}

export function useSaveEducation() {
  const invalidate = useInvalidate('educations');
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EducationInput }) =>
      id === null ? apiCall(ep.createEducation, { body }) : apiCall(ep.updateEducation, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteEducation() {
  const invalidate = useInvalidate('educations');
  return useMutation({ mutationFn: (id: number) => apiCall(ep.deleteEducation, { params: { id } }), onSuccess: invalidate });
}

export const customWorkplacesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: profileKeys.customWorkplaces(search),
    queryFn: async ({ signal }) => (await apiCall(ep.listCustomWorkplaces, { query: { search, per_page: 20 }, signal })).data,
    placeholderData: keepPreviousData,
  });

export function useCustomWorkplaces(search: string) {
  return useQuery(customWorkplacesQueryOptions(search));
}

export function useCreateCustomWorkplace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => (await apiCall(ep.createCustomWorkplace, { body: { name } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.customWorkplaces() }),
  });
}
