import { LOCALES, type Locale, type MailPreview } from '@legenett/contracts';
import { Alert, Badge, Box, Code, Grid, Group, NavLink, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useLocale } from '@/shared/i18n/use-locale';
import { useMailPreview, useMailTemplates } from '../api/get-mail-previews';

const PARTS = ['html', 'text'] as const;
type Part = (typeof PARTS)[number];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value);

/**
 * Previews of every e-mail template (issue 27): the list on the left, the chosen one on the right in
 * the chosen language, as HTML in a sandboxed frame (no scripts, no same origin, no forms or pop-ups)
 * or as the text part. The choice is kept in the URL, so a preview can be linked.
 */
export function MailPreviews() {
  const { t } = useTranslation('admin');
  const uiLocale = useLocale();
  const [params, setParams] = useSearchParams();
  const templates = useMailTemplates();
  const chosen = params.get('template') ?? templates.data?.[0]?.template ?? null;
  const locale: Locale = oneOf(LOCALES, params.get('locale')) ?? uiLocale;
  const part: Part = oneOf(PARTS, params.get('part')) ?? 'html';
  const preview = useMailPreview(chosen, locale);
  const languageLabel = useId();
  const partLabel = useId();

  const hrefOf = (template: string) => {
    const next = new URLSearchParams(params);
    next.set('template', template);
    return `?${next.toString()}`;
  };
  const update = (key: 'locale' | 'part', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (templates.isError) {
    return (
      <Alert color="red" variant="light">
        {t('mail_previews.load_error')}
      </Alert>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Box component="nav" aria-label={t('mail_previews.list_label')}>
          {templates.isPending ? (
            <Stack gap="xs" aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} height={44} />
              ))}
            </Stack>
          ) : (
            <Box component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {templates.data.map((m) => (
                <li key={m.template}>
                  <NavLink
                    component={Link}
                    to={hrefOf(m.template)}
                    replace
                    active={m.template === chosen}
                    aria-current={m.template === chosen ? 'page' : undefined}
                    label={m.subject}
                    description={m.template}
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                  />
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Group gap="lg" align="flex-end" wrap="wrap">
            <Stack gap={4}>
              <Text component="span" id={languageLabel} size="sm" fw={500}>
                {t('mail_previews.language')}
              </Text>
              <SegmentedControl
                aria-labelledby={languageLabel}
                value={locale}
                onChange={(v) => update('locale', v)}
                data={LOCALES.map((l) => ({ value: l, label: t(`mail_previews.languages.${l}`) }))}
              />
            </Stack>
            <Stack gap={4}>
              <Text component="span" id={partLabel} size="sm" fw={500}>
                {t('mail_previews.part')}
              </Text>
              <SegmentedControl
                aria-labelledby={partLabel}
                value={part}
                onChange={(v) => update('part', v)}
                data={PARTS.map((p) => ({ value: p, label: t(`mail_previews.parts.${p}`) }))}
              />
            </Stack>
          </Group>
          {chosen === null ? (
            <Text c="dimmed">{t('mail_previews.empty')}</Text>
          ) : preview.isError ? (
            <Alert color="red" variant="light">
              {t('mail_previews.preview_error')}
            </Alert>
          ) : preview.data === undefined ? (
            <Skeleton height={480} aria-busy="true" />
          ) : (
            <PreviewOf mail={preview.data} part={part} />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function PreviewOf({ mail, part }: { mail: MailPreview; part: Part }) {
  const { t } = useTranslation('admin');
  const headers = Object.entries(mail.headers);
  return (
    <Stack gap="sm" aria-live="polite">
      <Group gap="xs" wrap="wrap">
        <Code>{mail.template}</Code>
        <Badge variant="light" tt="none">
          {t(`mail_previews.engine.${mail.engine}`)}
        </Badge>
      </Group>
      <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
        <Text component="span" c="dimmed" inherit>
          {t('mail_previews.subject')}:{' '}
        </Text>
        {mail.subject}
      </Title>
      {headers.length > 0 && (
        <Table withTableBorder fz="sm" aria-label={t('mail_previews.headers')}>
          <Table.Tbody>
            {headers.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                  {name}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {part === 'html' ? (
        <iframe
          // An empty sandbox: no scripts, no forms, no pop-ups, an opaque origin (the mail cannot read this page).
          sandbox=""
          srcDoc={mail.html}
          title={t('mail_previews.frame_title', { subject: mail.subject })}
          referrerPolicy="no-referrer"
          style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, background: '#fff' }}
        />
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mail.text}
        </Code>
      )}
    </Stack>
  );
}
