import { GUARD_FINDING_DECISIONS, GUARD_FINDING_STATUSES, type GuardFinding, type GuardFindingDecision, type GuardSweep } from '@legenett/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { notify } from '@/shared/ui/notify';
import { PagedList } from '@/shared/ui/paged-list';
import { useListParams } from './use-list-params';
import { useDecideGuardFinding, useGuardFindings, useLatestGuardSweep, useStartGuardSweep } from '../api/guard-findings';

const STATUS_COLORS: Record<GuardFinding['status'], string> = { open: 'red', removed: 'teal', not_a_number: 'gray' };

/**
 * The patient-data guard's queue (issue 38): identity numbers found in content written before, with
 * where, who and when and a link to the content; the status filter lives in the URL.
 */
export function GuardFindings() {
  const { t } = useTranslation('admin');
  const { params, page, update } = useListParams();
  const status = GUARD_FINDING_STATUSES.find((s) => s === params.get('status')) ?? 'open';
  const findings = useGuardFindings(status, page);

  return (
    <Stack gap="md">
      <SweepStatus />
      <Select
        label={t('guard.status')}
        data={GUARD_FINDING_STATUSES.map((s) => ({ value: s, label: t(`guard.statuses.${s}`) }))}
        value={status}
        onChange={(v) => update('status', v === 'open' ? null : v)}
        allowDeselect={false}
        w={260}
      />
      <PagedList
        query={findings}
        label={t('guard.title')}
        empty={t('guard.empty')}
        error={t('guard.load_error')}
        renderItem={(f) => <FindingItem finding={f} />}
        itemKey={(f) => f.id}
        page={page}
        onPageChange={(p) => update('page', p === 1 ? null : String(p))}
      />
    </Stack>
  );
}

/** The latest sweep in a sentence, and the button that starts one. */
function SweepStatus() {
  const { t } = useTranslation('admin');
  const latest = useLatestGuardSweep();
  const start = useStartGuardSweep();
  const sweep = latest.data;
  const active = sweep?.status === 'queued' || sweep?.status === 'running';
  return (
    <Alert color={sweep?.status === 'failed' ? 'red' : 'blue'} variant="light" role="status" aria-live="polite">
      <Stack gap="xs">
        <Text size="sm">{sweep ? <SweepSentence sweep={sweep} /> : t('guard.sweep_none')}</Text>
        <Group>
          <Button
            size="sm"
            loading={start.isPending}
            disabled={active}
            onClick={() =>
              start.mutateAsync().then(
                () => notify.success(t('guard.run_started')),
                () => notify.danger(t('guard.run_error')),
              )
            }
          >
            {t('guard.run')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function SweepSentence({ sweep: s }: { sweep: GuardSweep }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const date = formatDateTime(s.finished_at ?? s.started_at ?? s.created_at, locale);
  const why = t(`guard.reasons.${s.reason}`);
  if (s.status === 'failed') return t('guard.sweep_failed', { date });
  if (s.status === 'done') return t('guard.sweep_done', { date, why, version: s.rules_version, scanned: s.scanned, found: s.found });
  return t('guard.sweep_active', { date, why, scanned: s.scanned });
}

function FindingItem({ finding: f }: { finding: GuardFinding }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const decide = useDecideGuardFinding();
  const act = (decision: GuardFindingDecision['decision']) =>
    decide.mutateAsync({ id: f.id, decision }).then(() => notify.success(t(`guard.done.${decision}`)));
  const written = formatDateTime(f.content_created_at, locale);
  const authorLink = f.author
    ? f.author.type === 'company'
      ? paths.company.href({ slug: f.author.slug })
      : paths.profileBySlug.href({ slug: f.author.slug })
    : null;
  const source = t(`guard.sources.${f.source}`);
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={`${source} ${f.content_id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge color={STATUS_COLORS[f.status]} variant="light" tt="none">
              {t(`guard.statuses.${f.status}`)}
            </Badge>
            <Text fw={600} size="sm">
              {source}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('guard.found', { date: formatDateTime(f.created_at, locale) })}
          </Text>
        </Group>
        {f.source === 'message' ? (
          <Text size="sm">{t('guard.private_message', { name: f.author?.name ?? '?', date: written })}</Text>
        ) : f.author && authorLink ? (
          <Text size="sm">
            {t('guard.by')}{' '}
            <Anchor component={Link} to={authorLink}>
              {f.author.name}
            </Anchor>
            {`, ${written}`}
          </Text>
        ) : (
          <Text size="sm">{t('guard.by_unknown', { date: written })}</Text>
        )}
        <Group gap="md" wrap="wrap">
          <Text size="sm">{t('guard.field', { field: f.field })}</Text>
          <Text size="sm" ff="monospace">
            {t('guard.number', { masked: f.masked })}
          </Text>
          {f.could_be_account && (
            <Badge variant="outline" color="gray" tt="none">
              {t('guard.could_be_account')}
            </Badge>
          )}
        </Group>
        {f.link && (
          <Anchor component={Link} to={f.link} size="sm">
            {t('guard.open_content')}
            <VisuallyHidden>{` (${source} ${f.content_id})`}</VisuallyHidden>
          </Anchor>
        )}
        {f.status === 'open' ? (
          <Group gap="xs" wrap="wrap">
            {GUARD_FINDING_DECISIONS.map((d) => (
              <ConfirmButton
                key={d}
                size="xs"
                variant={d === 'removed' ? 'filled' : 'light'}
                color={d === 'removed' ? 'teal' : 'gray'}
                label={t(`guard.decisions.${d}`)}
                question={t(`guard.questions.${d}`)}
                loading={decide.isPending}
                onConfirm={() => act(d)}
              />
            ))}
          </Group>
        ) : (
          f.handled_at && (
            <Text size="xs" c="dimmed">
              {t('guard.handled', { status: t(`guard.statuses.${f.status}`), date: formatDateTime(f.handled_at, locale) })}
              {f.handled_by ? ` · ${f.handled_by.name}` : ''}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}
