import { type Post } from '@legenett/contracts';
import { Anchor, Avatar, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { formatDateTime } from '@/shared/lib/dates';
import { VerifiedBadge } from '@/shared/ui/verified-badge';
import { authorName, initials } from './format';
import { MentionText } from './mention-text';

/**
 * The original a share points at, inside the share's card: writer (or company) with avatar and name,
 * the start of the text, the first image and a link to the whole post. When the viewer cannot see it
 * (deleted, archived, a company page no longer published) it says so.
 */
export function SharedPostEmbed({ shared }: { shared: NonNullable<Post['shared_post']> }) {
  const { t } = useTranslation('feed');
  const locale = useLocale();
  if (!shared.available) {
    return (
      <Paper withBorder radius="md" p="sm" component="aside" aria-label={t('shared.label_unknown')}>
        <Text size="sm" c="dimmed" fs="italic">
          {t('shared.unavailable')}
        </Text>
      </Paper>
    );
  }
  const name = authorName(shared);
  const avatar = shared.company ? shared.company.logo : (shared.author?.profile_avatar ?? null);
  const authorHref = shared.company
    ? paths.company.href({ slug: shared.company.slug })
    : shared.author
      ? paths.profileBySlug.href({ slug: shared.author.slug })
      : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="aside"
      aria-label={t('shared.label', { name })}
      data-testid="shared-post"
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={avatar}
            radius="xl"
            size="sm"
            color={shared.company ? 'teal' : 'blue'}
            alt=""
            aria-hidden
          >
            {initials(name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {authorHref ? (
                <Anchor component={Link} to={authorHref} inherit c="inherit">
                  {name}
                </Anchor>
              ) : (
                name
              )}{' '}
              {shared.company ? null : <VerifiedBadge verifiedAs={shared.author?.verified_as ?? null} />}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={shared.created_at}>
              {formatDateTime(shared.created_at, locale)}
            </Text>
          </Stack>
        </Group>
        {shared.excerpt ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <MentionText text={shared.truncated ? `${shared.excerpt.trimEnd()} …` : shared.excerpt} />
          </Text>
        ) : null}
        {shared.image ? (
          <Box maw={420}>
            <Image
              src={shared.image.thumb_url ?? shared.image.url}
              alt={t('shared.image')}
              radius="sm"
              fit="cover"
              mah={240}
              loading="lazy"
            />
          </Box>
        ) : null}
        <Anchor component={Link} to={paths.post.href({ id: shared.id })} size="sm">
          {t('shared.show_original')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
