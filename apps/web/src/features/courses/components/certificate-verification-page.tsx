import { type CertificateVerification, normaliseCertificateCode } from '@legenett/contracts';
import { Alert, Badge, Button, Card, Group, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { ApiError } from '@/shared/api/api-error';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDate, formatDateTime } from '@/shared/lib/dates';
import { formatNumber } from '@/shared/lib/numbers';
import { Page } from '@/shared/ui/page';
import { useCertificateVerification } from '../api/course-records';

const CODE = /^[0-9A-HJKMNP-TV-Z]{20}$/;

function Facts({ c }: { c: CertificateVerification }) {
  const { t } = useTranslation('course_records');
  const { t: tc } = useTranslation('courses');
  const locale = useLocale();
  const hours =
    c.credit_hours === null
      ? t('verify.none')
      : formatNumber(c.credit_hours, locale);
  const rows: [string, string][] = [
    [t('verify.holder'), c.holder_name],
    [t('verify.event'), c.course_title],
    [t('verify.type'), tc(`type.${c.course_type}`)],
    [t('verify.date'), formatDateTime(c.course_date, locale)],
    [t('verify.duration'), tc(`duration.${c.duration_minutes}` as 'duration.60')],
    [t('verify.credit_hours'), hours],
    ...(c.credit_approved_by
      ? ([[t('verify.approved_by'), c.credit_approved_by]] as [string, string][])
      : []),
    [t('verify.organiser'), c.organiser],
    [t('verify.issued'), formatDate(c.issued_at, locale)],
    [t('verify.code'), c.code],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={{ base: 120, sm: 180 }}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A code that did not check out, typed again: the field keeps what was there, Enter checks the new one. */
function RetypeCode({ initial }: { initial: string }) {
  const { t } = useTranslation('course_records');
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const next = normaliseCertificateCode(value);
        if (next) void navigate(paths.certificate.href({ code: next }));
      }}
    >
      <Group align="flex-end" gap="xs" mt="md">
        <TextInput
          label={t('verify.retype')}
          description={t('verify.retype_hint')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button type="submit">{t('verify.check')}</Button>
      </Group>
    </form>
  );
}

/** `/certificates/:code` (public): whether a certificate of attendance is valid and what it certifies. */
export function CertificateVerificationPage() {
  const { t } = useTranslation('course_records');
  const code = normaliseCertificateCode(useParams().code ?? '');
  const wellFormed = CODE.test(code);
  const check = useCertificateVerification(wellFormed ? code : '');
  let body;
  if (!wellFormed)
    body = (
      <>
        <Alert color="red">{t('verify.bad_code')}</Alert>
        <RetypeCode key={code} initial={code} />
      </>
    );
  else if (check.isPending) body = <Skeleton height={240} />;
  else if (check.isError) {
    const notFound = check.error instanceof ApiError && check.error.status === 404;
    body = (
      <>
        <Alert color="red" role="alert">
          {notFound ? t('verify.invalid') : t('verify.load_failed')}
        </Alert>
        {notFound && <RetypeCode key={code} initial={code} />}
      </>
    );
  } else {
    body = (
      <Card withBorder padding="md">
        <Group mb="md" gap="sm">
          <Badge color="green" size="lg" variant="light" aria-hidden>
            ✓
          </Badge>
          <Text fw={700} size="lg" role="status">
            {t('verify.valid')}
          </Text>
        </Group>
        <Facts c={check.data} />
      </Card>
    );
  }
  return (
    <Page title={t('verify.title')} size="sm">
      {body}
    </Page>
  );
}
