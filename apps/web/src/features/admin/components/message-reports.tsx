import { type MessageReport, REPORT_DECISIONS, REPORT_FILTER_VALUES } from '@legenett/contracts';
import { Anchor, Badge, Blockquote, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { notify } from '@/shared/ui/notify';
import { PagedList } from '@/shared/ui/paged-list';
import { useListParams } from './use-list-params';
import { type ReportDecision, type ReportStatus, useDecideReport, useMessageReports } from '../api/message-reports';

const STATUS_COLORS: Record<ReportStatus, string> = { open: 'yellow', dismissed: 'gray', warned: 'orange', suspended: 'red' };
const DECISION_COLORS: Record<ReportDecision, string> = { dismiss: 'gray', warn: 'orange', suspend: 'red' };

/** The administrators' queue of reported messages (issue 26), by status, kept in the URL. */
export function MessageReports() {
  const { t } = useTranslation('admin');
  const { params, page, update } = useListParams();
  const status = REPORT_FILTER_VALUES.find((s) => s === params.get('status')) ?? 'open';
  const reports = useMessageReports(status, page);


  return (
    <Stack gap="md">
      <Select
        label={t('reports.status')}
        data={REPORT_FILTER_VALUES.map((s) => ({ value: s, label: t(`reports.statuses.${s}`) }))}
        value={status}
        onChange={(v) => update('status', v === 'open' ? null : v)}
        allowDeselect={false}
        w={220}
      />
      <PagedList
        query={reports}
        label={t('reports.title')}
        empty={t('reports.empty')}
        error={t('reports.load_error')}
        renderItem={(r) => <ReportItem report={r} />}
        itemKey={(r) => r.id}
        page={page}
        onPageChange={(p) => update('page', p === 1 ? null : String(p))}
      />
    </Stack>
  );
}

function ReportItem({ report: r }: { report: MessageReport }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const decide = useDecideReport();
  const act = (decision: ReportDecision) =>
    decide.mutateAsync({ id: r.id, decision }).then(() => notify.success(t(`reports.done.${decision}`)));
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Badge color={STATUS_COLORS[r.status]} variant="light" tt="none">
            {t(`reports.statuses.${r.status}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(r.created_at, locale)}
          </Text>
        </Group>
        <Text size="sm">
          {t('reports.reported_user')}:{' '}
          {r.reported ? (
            <Anchor component={Link} to={paths.profileBySlug.href({ slug: r.reported.slug })}>
              {r.reported.name}
            </Anchor>
          ) : (
            t('reports.deleted_user')
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {t('reports.reported_by', { name: r.reporter?.name ?? t('reports.deleted_user') })}
        </Text>
        <div>
          <Text size="sm" fw={600}>
            {t('reports.reason')}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {r.reason || t('reports.no_reason')}
          </Text>
        </div>
        <Stack gap={6} component="section" aria-label={t('reports.messages')}>
          <Text size="sm" fw={600}>
            {t('reports.messages')}
          </Text>
          {r.messages.map((m) => (
            <Blockquote key={m.id} p="xs" color="gray" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              <Text size="sm">{m.body}</Text>
              <Text size="xs" c="dimmed" mt={4}>
                {formatDateTime(m.created_at, locale)}
              </Text>
            </Blockquote>
          ))}
        </Stack>
        {r.status === 'open' ? (
          <Group gap="xs" wrap="wrap">
            {REPORT_DECISIONS.map((d) => (
              <ConfirmButton
                key={d}
                size="xs"
                variant={d === 'suspend' ? 'filled' : 'light'}
                color={DECISION_COLORS[d]}
                label={t(`reports.decisions.${d}`)}
                question={t(`reports.questions.${d}`)}
                loading={decide.isPending}
                onConfirm={() => act(d)}
              />
            ))}
          </Group>
        ) : (
          r.decided_at && (
            <Text size="xs" c="dimmed">
              {r.decided_by
                ? t('reports.decided_by', { date: formatDateTime(r.decided_at, locale), name: r.decided_by.name })
                : t('reports.decided', { date: formatDateTime(r.decided_at, locale) })}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}
