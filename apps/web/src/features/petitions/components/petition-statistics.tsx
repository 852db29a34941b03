// Its styles load with the charts, not in the start-up stylesheet.
import '@mantine/charts/styles.css';
import { type PetitionStatGroup, type PetitionStatistics as Stats } from '@legenett/contracts';
import { AreaChart, BarChart } from '@mantine/charts';
import { List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate } from '@/shared/lib/dates';

/** One grouping as a bar chart of the groups of 5 or more, with every group also listed as text. */
function Groups({ title, groups }: { title: string; groups: PetitionStatGroup[] }) {
  const { t } = useTranslation('petitions');
  const shown = groups.filter((g) => g.count !== null).slice(0, 10);
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      {shown.length > 0 && (
        <BarChart
          h={Math.max(80, shown.length * 32)}
          data={shown.map((g) => ({ name: g.name, count: g.count ?? 0 }))}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          // Whole signatures: no 0.5 ticks.
          xAxisProps={{ allowDecimals: false }}
          series={[{ name: 'count', label: t('signers'), color: 'blue.6' }]}
          // The list below says the same in words; the chart is hidden from assistive technology,
          // so it must not take keyboard focus either (recharts' accessibility layer does).
          barChartProps={{ accessibilityLayer: false }}
          aria-hidden
        />
      )}
      <List size="sm">
        {groups.map((g) => (
          <List.Item key={g.key}>
            {g.name}: {g.count === null ? t('fewer_than_5') : g.count}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The signature statistics: by profession, specialty and county (groups under 5 hidden) and the daily curve. */
export function PetitionStatistics({ stats }: { stats: Stats }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  if (stats.daily.length === 0) return <Text c="dimmed">{t('stats_empty')}</Text>;
  let total = 0;
  const curve = stats.daily.map((d) => {
    total += d.count;
    return { day: formatDate(d.day, locale), count: d.count, total };
  });
  return (
    <Stack>
      <div>
        <Title order={4}>{t('daily')}</Title>
        <AreaChart
          h={180}
          data={curve}
          dataKey="day"
          series={[{ name: 'total', label: t('signers'), color: 'teal.6' }]}
          curveType="monotone"
          yAxisProps={{ allowDecimals: false }}
          areaChartProps={{ accessibilityLayer: false }}
          aria-hidden
        />
      </div>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Groups title={t('by_profession')} groups={stats.by_profession} />
        <Groups title={t('by_specialty')} groups={stats.by_specialty} />
        <Groups title={t('by_county')} groups={stats.by_county} />
      </SimpleGrid>
    </Stack>
  );
}
