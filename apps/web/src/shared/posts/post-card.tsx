import { type Post, type PostAttachment } from '@legenett/contracts';
import { Anchor, Avatar, Badge, Button, Card, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { useLocale } from '@/shared/i18n/use-locale';
import { useToggleLike } from './api';
import { formatDateTime } from '@/shared/lib/dates';
import { LoadOnFirstOpen } from '@/shared/ui/load-on-first-open';
import { VerifiedBadge } from '@/shared/ui/verified-badge';
import { authorName, initials } from './format';
import { PostEditor, PostOwnerMenu, ShareButton } from './post-actions';
import { MentionText } from './mention-text';
import { SharedPostEmbed } from './shared-post-embed';

const Lightbox = lazy(() => import('./lightbox').then((m) => ({ default: m.Lightbox })));

/**
 * A post's images: thumbnails in a list (full width, one under the other, on the post's own page),
 * each a button that opens the lightbox at that image.
 */
function PostImages({ images, fullWidth }: { images: PostAttachment[]; fullWidth: boolean }) {
  const { t } = useTranslation('feed');
  const [open, setOpen] = useState<number | null>(null);
  const total = images.length;
  return (
    <>
      {fullWidth ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {images.map((img, i) => (
            <li key={img.id}>
              <UnstyledButton
                onClick={() => setOpen(i)}
                aria-label={t('post.open_image', { index: i + 1, total })}
                w="100%"
                style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Image src={img.url} alt={t('post.image', { index: i + 1, total })} w="100%" h="auto" mah="80vh" fit="contain" radius="sm" />
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      ) : (
        <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {images.map((img, i) => (
            <li key={img.id}>
              <UnstyledButton
                onClick={() => setOpen(i)}
                aria-label={t('post.open_image', { index: i + 1, total })}
                style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Image
                  src={img.thumb_url ?? img.url}
                  alt={t('post.image', { index: i + 1, total })}
                  w={{ base: 96, sm: 140 }}
                  h={{ base: 96, sm: 140 }}
                  fit="cover"
                  radius="sm"
                  loading="lazy"
                />
              </UnstyledButton>
            </li>
          ))}
        </Group>
      )}
      <LoadOnFirstOpen opened={open !== null}>
        {(opened) => (
          <Lightbox
            images={images.map((img, i) => ({ src: img.url, alt: t('post.image', { index: i + 1, total }) }))}
            index={opened ? open : null}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
            label={t('lightbox.label')}
          />
        )}
      </LoadOnFirstOpen>
    </>
  );
}

/**
 * One post: author (or company, linked to their page) with avatar, time, text, attachments, like,
 * share and comments; the owner also edits, archives and deletes it here.
 */
export function PostCard({ post, headingLevel = 2 }: { post: Post; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('feed');
  const locale = useLocale();
  const toggle = useToggleLike();
  const name = authorName(post);
  const images = post.attachments.filter((a) => a.kind === 'image');
  const documents = post.attachments.filter((a) => a.kind === 'document');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const [editing, setEditing] = useState(false);
  const authorHref = post.company
    ? paths.company.href({ slug: post.company.slug })
    : post.author
      ? paths.profileBySlug.href({ slug: post.author.slug })
      : null;

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`post-${post.id}-author`}>
      <Stack gap="sm">
        <Group wrap="nowrap" gap="sm" justify="space-between" align="flex-start">
          <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
            <Avatar radius="xl" color={post.company ? 'teal' : 'blue'} aria-hidden>
              {initials(name)}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text
                  component={Heading}
                  id={`post-${post.id}-author`}
                  fw={600}
                  size="md"
                  m={0}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {authorHref ? (
                    <Anchor component={Link} to={authorHref} inherit c="inherit">
                      {name}
                    </Anchor>
                  ) : (
                    name
                  )}
                </Text>
                {post.company ? null : <VerifiedBadge verifiedAs={post.author?.verified_as ?? null} />}
              </Group>
              <Group gap={6}>
                <Text size="xs" c="dimmed" component="time" dateTime={post.created_at}>
                  {formatDateTime(post.created_at, locale)}
                </Text>
                {post.is_archived ? (
                  <Badge size="xs" variant="light" color="gray">
                    {t('actions.archived_badge')}
                  </Badge>
                ) : null}
              </Group>
            </Stack>
          </Group>
          {post.is_mine ? <PostOwnerMenu post={post} onEdit={() => setEditing(true)} /> : null}
        </Group>
        {post.shared_petition ? (
          <Anchor component={Link} to={paths.petitionDetails.href({ id: post.shared_petition.id })} fw={600}>
            {t('actions.petition_link', { title: post.shared_petition.title })}
          </Anchor>
        ) : null}
        {editing ? (
          <PostEditor post={post} onDone={() => setEditing(false)} />
        ) : post.body ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <MentionText text={post.body} mentions={post.mentions} />
          </Text>
        ) : null}
        {post.shared_post ? <SharedPostEmbed shared={post.shared_post} /> : null}
        {images.length > 0 ? <PostImages images={images} fullWidth={headingLevel === 1} /> : null}
        {documents.length > 0 ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {documents.map((doc) => (
              <li key={doc.id}>
                <Anchor href={doc.url} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                  {t('post.document', { name: doc.original_name ?? doc.url.split('/').pop() ?? '' })}
                </Anchor>
              </li>
            ))}
          </Stack>
        ) : null}
        <Group gap="sm" wrap="wrap">
          {/* The state is in the words ("Likt"), not only in the colour; the name carries it, so no
              aria-pressed beside a name that changes (WAI-ARIA APG, toggle button). */}
          <Button
            variant={post.liked_by_me ? 'filled' : 'default'}
            size="xs"
            loading={toggle.isPending}
            onClick={() => toggle.mutate({ id: post.id, like: !post.liked_by_me })}
          >
            {post.liked_by_me ? t('post.liked') : t('post.like')}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('post.likes', { count: post.likes_count })}
          </Text>
          <Anchor component={Link} to={paths.post.href({ id: post.id })} size="sm">
            {t('post.comments', { count: post.comments_count })}
          </Anchor>
          {!post.is_archived ? <ShareButton post={post} /> : null}
        </Group>
      </Stack>
    </Card>
  );
}
