import {
  PRODUCT_IMAGES_FIELD,
  productEndpoints,
  type ProductInput,
  type ProductListQuery,
} from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { productKeys } from './keys';

export const productsQueryOptions = (query: ProductListQuery, locale: string) =>
  queryOptions({
    queryKey: productKeys.list(query, locale),
    queryFn: async ({ signal }) => apiCall(productEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useProducts(query: ProductListQuery) {
  return useQuery(productsQueryOptions(query, useLocale()));
}

export const myProductsQueryOptions = (page: number, locale: string) =>
  queryOptions({
    queryKey: productKeys.mine(page, locale),
    queryFn: async ({ signal }) => apiCall(productEndpoints.myList, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export function useMyProducts(page: number) {
  return useQuery(myProductsQueryOptions(page, useLocale()));
}

/** One product; `mine` reads it through `/my/products/:id` (404 unless it is the caller's). */
export const productQueryOptions = (id: number, mine: boolean, locale: string) =>
  queryOptions({
    queryKey: productKeys.one(id, mine, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(mine ? productEndpoints.myShow : productEndpoints.show, { params: { id }, signal, silent: true })).data,
    retry: false,
  });

export function useProduct(id: number, mine = false) {
  return useQuery(productQueryOptions(id, mine, useLocale()));
}

export function useMarkAsViewed() {
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(productEndpoints.markAsViewed, { params: { id }, silent: true })).data,
  });
}

function formDataOf(values: ProductInput, files: File[]): FormData {
  const body = new FormData();
  body.append('title', values.title);
  body.append('description', values.description);
  body.append('price', String(values.price));
  body.append('manufacturer', values.manufacturer ?? '');
  body.append('category_id', values.category_id ? String(values.category_id) : '');
  for (const file of files) body.append(PRODUCT_IMAGES_FIELD, file);
  return body;
}

function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export function useSaveProduct(id: number | null) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: async ({ values, files }: { values: ProductInput; files: File[] }) => {
      const body = formDataOf(values, files);
      const answer = id === null ? await apiCall(productEndpoints.create, { body }) : await apiCall(productEndpoints.update, { params: { id }, body });
      return answer.data;
    },
    onSuccess: invalidate,
  });
}

export function useSetStock(id: number) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: async (inStock: boolean) =>
      (await apiCall(inStock ? productEndpoints.markAsInStock : productEndpoints.markAsNotAvailable, { params: { id } })).data,
    onSuccess: invalidate,
  });
}

export function useDeleteProductImage(id: number) {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: async (imageId: number) => (await apiCall(productEndpoints.deleteImage, { params: { id, imageId } })).data,
    onSuccess: invalidate,
  });
}
