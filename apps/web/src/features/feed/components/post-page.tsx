import { Alert, Anchor, Container, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { usePost } from '@/shared/posts/api';
import { PostCard } from '@/shared/posts/post-card';
import { PostComments } from './post-comments';

function usePostId(): number | null {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function PostView({ id }: { id: number }) {
  const { t } = useTranslation('feed');
  const post = usePost(id);
  // Deleted while open (its owner menu here, or elsewhere): the post is gone, back to the feed.
  if (post.isError && post.data !== undefined) return <Navigate to={paths.feed.path} replace />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.feed.path} size="sm">
        {t('post.back')}
      </Anchor>
      {post.isPending ? (
        <Skeleton h={160} />
      ) : post.isError ? (
        <Alert color="red">{t('post.not_found')}</Alert>
      ) : (
        <>
          <PostCard post={post.data} headingLevel={1} />
          <PostComments postId={id} />
        </>
      )}
    </Stack>
  );
}

export function PostPage() {
  const id = usePostId();
  if (id === null) return <Navigate to={paths.notFound.path} replace />;
  return (
    <Container size="md" px={0} py="md">
      <PostView key={id} id={id} />
    </Container>
  );
}
