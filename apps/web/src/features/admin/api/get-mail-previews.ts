import { adminEndpoints, type Locale } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { adminKeys } from './keys';

/** Every e-mail template with its subject (sample data) in the interface language. */
export const mailTemplatesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: adminKeys.mailTemplates(locale),
    queryFn: ({ signal }) => apiCall(adminEndpoints.mailTemplates, { signal }).then((res) => res.data),
  });

export function useMailTemplates() {
  return useQuery(mailTemplatesQueryOptions(useLocale()));
}

/** One template rendered with sample data in `locale` (subject, HTML, text, extra headers). */
export const mailPreviewQueryOptions = (template: string | null, locale: Locale) =>
  queryOptions({
    queryKey: adminKeys.mailPreview(template, locale),
    queryFn: ({ signal }) =>
      apiCall(adminEndpoints.mailPreview, { params: { template: template ?? '' }, query: { locale }, signal }).then((res) => res.data),
    enabled: template !== null,
  });

export function useMailPreview(template: string | null, locale: Locale) {
  return useQuery(mailPreviewQueryOptions(template, locale));
}
