import { adminEndpoints, type Locale } from '@legenett/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';

const mailTemplatesKey = ['admin', 'mail-templates'] as const;

/** Every e-mail template with its subject (sample data) in the interface language. */
export function useMailTemplates() {
  const locale = useLocale();
  return useQuery({
    queryKey: [...mailTemplatesKey, 'list', locale] as const,
    queryFn: ({ signal }) => apiCall(adminEndpoints.mailTemplates, { signal }).then((res) => res.data),
  });
}

/** One template rendered with sample data in `locale` (subject, HTML, text, extra headers). */
export function useMailPreview(template: string | null, locale: Locale) {
  return useQuery({
    queryKey: [...mailTemplatesKey, 'preview', template, locale] as const,
    queryFn: ({ signal }) =>
      apiCall(adminEndpoints.mailPreview, { params: { template: template ?? '' }, query: { locale }, signal }).then((res) => res.data),
    enabled: template !== null,
  });
}
