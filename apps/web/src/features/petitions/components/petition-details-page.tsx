import { type PetitionDetail } from '@legenett/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { loginHref, paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { Page } from '@/shared/ui/page';
import { notify } from '@/shared/ui/notify';
import { VerifiedBadge } from '@/shared/ui/verified-badge';
import {
  useAcceptCoAuthorship,
  useBookmark,
  usePetition,
  useReceipt,
  useRemoveManualAuthor,
  useSavePetition,
  useSign,
  useSigners,
  useVerify,
  useWithdraw,
} from '../api/petitions';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { formatDate } from '@/shared/lib/dates';
import { StatusBadge } from './petition-card';
import { PetitionProgress } from './petition-progress';
import { PetitionReceipt } from './petition-receipt';
import { PetitionStatistics } from './petition-statistics';
import { OwnerTools } from './owner-tools';

/** Share (the phone's share sheet where there is one) and copy the page's address. */
function ShareButtons({ title }: { title: string }) {
  const { t } = useTranslation('petitions');
  const url = window.location.href;
  const canShare = typeof navigator.share === 'function';
  return (
    <>
      {canShare && (
        <Button variant="default" onClick={() => void navigator.share({ title, url }).catch(() => undefined)}>
          {t('share')}
        </Button>
      )}
      <Button
        variant="default"
        onClick={() =>
          void navigator.clipboard
            .writeText(url)
            .then(() => notify.success(t('link_copied')))
            .catch(() => undefined)
        }
      >
        {t('copy_link')}
      </Button>
    </>
  );
}

/** Sign (by name or anonymously), or the receipt and withdrawal once signed. */
function SignBox({ petition }: { petition: PetitionDetail }) {
  const { t } = useTranslation('petitions');
  const user = useCurrentUser();
  const sign = useSign();
  const withdraw = useWithdraw();
  const receipt = useReceipt(petition.id, petition.signed);
  const [anonymous, setAnonymous] = useState(false);
  const hintId = useId();
  const location = useLocation();
  const active = petition.status === 'active' && !petition.is_archived;
  if (!user) {
    if (!active) return null;
    // A visitor from a shared link: log in, then back to this very page (`next`).
    return (
      <Card withBorder>
        <Stack gap="xs" align="flex-start">
          <Button component={Link} to={loginHref(location.pathname)} size="md">
            {t('login_to_sign')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('login_to_sign_note')}
          </Text>
        </Stack>
      </Card>
    );
  }
  if (petition.signed) {
    return (
      <Card withBorder>
        <Stack gap="xs">
          <Text fw={600} c="green">
            {t('signed')}
          </Text>
          {receipt.data && <PetitionReceipt receipt={receipt.data} title={petition.title} />}
          {active && (
            <ConfirmButton
              label={t('withdraw')}
              question={t('withdraw_confirm')}
              color="red"
              variant="light"
              loading={withdraw.isPending}
              onConfirm={() =>
                withdraw.mutateAsync(petition.id).then(() => notify.success(t('withdraw_done')))
              }
            />
          )}
        </Stack>
      </Card>
    );
  }
  if (!active) return null;
  if (user.user_info.approved_hrp !== 2) return <Alert color="yellow">{t('only_health_personnel')}</Alert>;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Checkbox
          label={t('sign_anonymously')}
          description={<span id={hintId}>{t('sign_anonymously_hint')}</span>}
          aria-describedby={hintId}
          checked={anonymous}
          onChange={(e) => setAnonymous(e.currentTarget.checked)}
        />
        <Button
          size="md"
          loading={sign.isPending}
          onClick={() =>
            sign.mutate({ id: petition.id, anonymous }, { onSuccess: () => notify.success(t('sign_done')) })
          }
        >
          {t('sign')}
        </Button>
      </Stack>
    </Card>
  );
}

function Signers({ id }: { id: number }) {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const signers = useSigners(id);
  const rows = signers.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Stack gap="xs">
      <Title order={3}>{t('signers')}</Title>
      <Text size="sm" c="dimmed">
        {t('anonymous_note')}
      </Text>
      {signers.isPending ? (
        <Box aria-busy="true">
          <Skeleton h={120} />
        </Box>
      ) : signers.isError ? (
        <Alert color="red">{t('signers_error')}</Alert>
      ) : rows.length === 0 ? (
        <Alert variant="light">{t('signers_empty')}</Alert>
      ) : (
        <Stack component="ul" aria-label={t('signers')} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((s) => (
            <li key={`${s.slug ?? s.name}-${s.signed_at}`}>
              <Group justify="space-between">
                <Group gap={4} wrap="nowrap">
                  {s.slug ? (
                    <Anchor component={Link} to={paths.profileBySlug.href({ slug: s.slug })}>
                      {s.name}
                    </Anchor>
                  ) : (
                    <Text>{s.name}</Text>
                  )}
                  <VerifiedBadge verifiedAs={s.verified_as} />
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`professions.${s.profession}`)} · {formatDate(s.signed_at, locale)}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {signers.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            loading={signers.isFetchingNextPage}
            onClick={() => void signers.fetchNextPage()}
          >
            {t('signers_more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** `/petitions/details/:id`: everything about one petition; signing; the owner's tools. */
export function PetitionDetailsPage() {
  const { t } = useTranslation('petitions');
  const locale = useLocale();
  const user = useCurrentUser();
  const id = Number(useParams().id);
  const petition = usePetition(id);
  const bookmark = useBookmark();
  const verify = useVerify();
  const save = useSavePetition();
  const accept = useAcceptCoAuthorship();
  const leave = useRemoveManualAuthor();
  const navigate = useNavigate();
  if (petition.isPending) return <Skeleton height={400} mt="md" />;
  if (petition.isError || !petition.data)
    return (
      <Alert color="red" mt="md">
        {t('not_found')}
      </Alert>
    );
  const p = petition.data;
  // My own co-authorship (invited or accepted): I may decline or leave it at any time.
  const mine = user ? p.co_authors.find((a) => a.user?.id === user.id) : undefined;
  const leaveButton = (label: string) =>
    mine && (
      <ConfirmButton
        size="xs"
        variant="default"
        label={label}
        question={t('authors.leave_confirm')}
        loading={leave.isPending}
        onConfirm={() =>
          leave.mutateAsync({ id: p.id, authorId: mine.id }).then(() => {
            notify.success(t('authors.left_done'));
            if (p.status === 'draft') void navigate(paths.petitions.href());
          })
        }
      />
    );
  return (
    <Page title={p.title} size="lg">
      <Stack gap="md">
        {user && (
          <Anchor component={Link} to={paths.petitions.href()} size="sm">
            ← {t('back')}
          </Anchor>
        )}
        <Group justify="space-between">
          <StatusBadge petition={p} />
          <Group gap="xs">
            {p.status !== 'draft' && <ShareButtons title={p.title} />}
            {user && p.status !== 'draft' && (
              <Button
                variant="light"
                loading={bookmark.isPending}
                onClick={() => bookmark.mutate({ id: p.id, on: !p.bookmarked })}
                aria-pressed={p.bookmarked}
              >
                {p.bookmarked ? t('unbookmark') : t('bookmark')}
              </Button>
            )}
            {p.can_edit && (
              <Button component={Link} to={paths.petitionUpdate.href({ id: p.id })} variant="default">
                {t('edit')}
              </Button>
            )}
          </Group>
        </Group>
        {p.invitation_pending && (
          <Alert color="blue">
            <Group justify="space-between">
              <Text size="sm">{t('authors.invite_note')}</Text>
              <Button
                size="xs"
                loading={accept.isPending}
                onClick={() =>
                  accept.mutate(p.id, { onSuccess: () => notify.success(t('authors.accepted_done')) })
                }
              >
                {t('authors.accept')}
              </Button>
              {leaveButton(t('authors.decline'))}
            </Group>
          </Alert>
        )}
        {mine && !p.invitation_pending && !p.is_owner && <Group>{leaveButton(t('authors.leave'))}</Group>}
        {p.status === 'draft' && p.is_owner && (
          <Group>
            <ConfirmButton
              label={t('publish')}
              question={t('publish_confirm')}
              loading={save.isPending}
              onConfirm={() =>
                save
                  .mutateAsync({ id: p.id, body: { visibility: 'open' } })
                  .then(() => notify.success(t('published_done')))
              }
            />
          </Group>
        )}
        <PetitionProgress petition={p} />
        {p.delivered && (
          <Alert color="blue">
            {t('delivered', { date: formatDate(p.delivered.at, locale), count: p.delivered.count })}
          </Alert>
        )}
        <SignBox petition={p} />
        <Text size="lg">{p.summary}</Text>
        <Stack gap={2}>
          {p.recipient && (
            <Text>
              <b>{t('recipient')}:</b> {p.recipient}
            </Text>
          )}
          <Text>
            <b>{t('initiator')}:</b>{' '}
            <Anchor component={Link} to={paths.profileBySlug.href({ slug: p.initiator.slug })}>
              {p.initiator.name}
            </Anchor>
          </Text>
          {p.category && (
            <Text>
              <b>{t('category')}:</b> {p.category.name}
            </Text>
          )}
          {p.co_authors.length > 0 && (
            <Text>
              <b>{t('co_authors')}:</b>{' '}
              {p.co_authors.map((a) => (a.title ? `${a.name} (${a.title})` : a.name)).join(', ')}
            </Text>
          )}
        </Stack>
        <Divider />
        <Title order={3}>{t('full_text')}</Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{p.full_text}</Text>
        {p.attachments.length > 0 && (
          <>
            <Title order={3}>{t('attachments')}</Title>
            <List>
              {p.attachments.map((a) => (
                <List.Item key={a.id}>
                  {a.url ? (
                    <Anchor href={a.url} download={a.name}>
                      {a.name}
                    </Anchor>
                  ) : (
                    <Text span>{a.name}</Text>
                  )}{' '}
                  <Text span size="sm" c="dimmed">
                    ({Math.max(1, Math.round(a.size / 1024))} kB{a.url ? '' : `, ${t('attachment_login')}`})
                  </Text>
                </List.Item>
              ))}
            </List>
          </>
        )}
        {p.answer && (
          <Card withBorder>
            <Title order={3}>{t('answer')}</Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{p.answer}</Text>
          </Card>
        )}
        {p.status !== 'draft' && (
          <>
            <Divider />
            <Title order={3}>{t('statistics')}</Title>
            <PetitionStatistics stats={p.statistics} />
            <Group>
              <Button variant="subtle" loading={verify.isPending} onClick={() => verify.mutate(p.id)}>
                {t('verify')}
              </Button>
              {verify.data && (
                <Text role="status" c={verify.data.intact ? 'green' : 'red'}>
                  {verify.data.intact
                    ? t('verify_ok_count', { length: verify.data.length, count: verify.data.signatures_count })
                    : t('verify_broken', { position: verify.data.broken_at ?? 0 })}
                </Text>
              )}
            </Group>
            <Signers id={p.id} />
          </>
        )}
        {p.is_owner && <OwnerTools petition={p} />}
      </Stack>
    </Page>
  );
}
