import { type ProfileInformationInput, profileEndpoints } from '@legenett/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { profileKeys } from './keys';
import { storeUser } from './store-user';

export const profileInformationQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.information(),
    queryFn: async ({ signal }) => (await apiCall(profileEndpoints.showInformation, { signal })).data,
  });

export function useProfileInformation() {
  return useQuery(profileInformationQueryOptions());
}

export function useUpdateProfileInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileInformationInput) => (await apiCall(profileEndpoints.updateInformation, { body })).data,
    onSuccess: async (user) => {
      storeUser(user);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
