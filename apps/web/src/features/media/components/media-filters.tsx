import { type MediaKind } from '@legenett/contracts';
import { Group, MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatNumber } from '@/shared/lib/numbers';
import { useSearchDraft } from '@/shared/ui/search-filter-form';
import { type MediaFilterValues } from '../api/keys';
import { useMediaCategories } from '../api/media';

/** Category (with counts), search (debounced) and order; the page keeps them in the URL. */
export function MediaFilters({
  kind,
  value,
  onChange,
}: {
  kind: MediaKind;
  value: MediaFilterValues;
  onChange: (next: MediaFilterValues) => void;
}) {
  const { t } = useTranslation('media');
  const locale = useLocale();
  const categories = useMediaCategories(kind);
  const { draft, setDraft } = useSearchDraft(value.search, (search) => onChange({ ...value, search }), 350);

  return (
    <Group align="flex-end" mb="md" gap="sm" wrap="wrap">
      <TextInput
        label={t('search')}
        placeholder={t('search_placeholder')}
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        style={{ flex: '1 1 220px' }}
      />
      <MultiSelect
        label={t('categories')}
        placeholder={value.categories.length === 0 ? t('all_categories') : undefined}
        data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${formatNumber(c.count, locale)})` }))}
        value={value.categories.map(String)}
        onChange={(ids) => onChange({ ...value, categories: ids.map(Number) })}
        clearable
        style={{ flex: '1 1 220px' }}
      />
      <SegmentedControl
        aria-label={t('sort')}
        value={value.direction}
        onChange={(d) => onChange({ ...value, direction: d === 'oldest' ? 'oldest' : 'recent' })}
        data={[
          { value: 'recent', label: t('recent') },
          { value: 'oldest', label: t('oldest') },
        ]}
      />
    </Group>
  );
}
