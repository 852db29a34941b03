import { Alert, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { Page } from '@/shared/ui/page';
import { usePetitionLog } from '../api/petitions';

/** A block of text the reader copies (a command, a key): wraps on a phone instead of widening the page. */
function Copyable({ children }: { children: string }) {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {children}
    </Code>
  );
}

/** `/petition-log`, public: what a receipt proves and how anyone checks it without trusting Legenett. */
export function PetitionLogPage() {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const log = usePetitionLog();
  const origin = window.location.origin;
  return (
    <Page title={t('log_page.title')}>
      <Stack gap="lg" maw={760}>
        <Text size="lg">{t('log_page.lead')}</Text>

        <section>
          <Title order={2} size="h3" mb="xs">
            {t('log_page.numbers_title')}
          </Title>
          <Text>{t('log_page.numbers_text')}</Text>
        </section>

        <section>
          <Title order={2} size="h3" mb="xs">
            {t('log_page.script_title')}
          </Title>
          <Stack gap="xs">
            <Text>{t('log_page.script_text')}</Text>
            <Copyable>{`curl -s ${origin}/api/petition-log/key > key.json\nnode scripts/verify-receipt.mjs ${t('receipt_file_name', { id: 12 })}.json --key key.json`}</Copyable>
            <Text>{t('log_page.script_result')}</Text>
          </Stack>
        </section>

        <section>
          <Title order={2} size="h3" mb="xs">
            {t('log_page.rfc_title')}
          </Title>
          <Stack gap="xs">
            <Text>{t('log_page.rfc_text')}</Text>
            <Copyable>{`${origin}/api/petition-log/proof?leaf=<leaf_index>&size=<tree_size>\n${origin}/api/petition-log/consistency?from=<${t('log_page.old_size')}>&to=<${t('log_page.new_size')}>`}</Copyable>
          </Stack>
        </section>

        <section aria-labelledby="petition-log-now">
          <Title order={2} size="h3" mb="xs" id="petition-log-now">
            {t('log_page.now_title')}
          </Title>
          {log.isPending ? (
            <Loader size="sm" aria-label={t('log_page.loading')} />
          ) : log.isError ? (
            <Alert color="red">{t('log_page.error')}</Alert>
          ) : (
            <Stack gap="xs">
              <Text>
                {t('log_page.checkpoint', {
                  size: log.data.checkpoint.tree_size,
                  date: formatDateTime(log.data.checkpoint.created_at, locale),
                })}
              </Text>
              <Text fw={600}>{t('log_page.root')}</Text>
              <Copyable>{log.data.checkpoint.root_hash}</Copyable>
              <Text fw={600}>{t('log_page.signed_text')}</Text>
              <Copyable>{log.data.checkpoint.text}</Copyable>
              <Text fw={600}>{t('log_page.key', { id: log.data.key.key_id })}</Text>
              <Copyable>{log.data.key.pem.trim()}</Copyable>
              <Text size="sm" c="dimmed">
                {t('log_page.key_note')}
              </Text>
            </Stack>
          )}
        </section>
      </Stack>
    </Page>
  );
}
