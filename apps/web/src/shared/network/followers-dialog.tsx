import { Alert, Loader, Modal, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFollowList } from './api';
import { UserCardRow } from './components';

/** The paged list of a member's followers, or of the members they follow. */
function FollowList({ slug, which }: { slug: string; which: 'followers' | 'following' }) {
  const { t } = useTranslation('network');
  const [page, setPage] = useState(1);
  const query = useFollowList(which, slug, page);
  if (query.isPending) return <Loader size="sm" />;
  if (query.isError) return <Alert color="red">{t('list_failed')}</Alert>;
  const { data, meta } = query.data;
  if (data.length === 0) return <Text c="dimmed">{t(which === 'followers' ? 'followers_empty' : 'following_empty')}</Text>;
  return (
    <Stack gap="sm">
      <Stack component="ul" aria-label={t(which === 'followers' ? 'followers_list' : 'following_list')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.map((u) => (
          <li key={u.id}>
            <UserCardRow user={u} />
          </li>
        ))}
      </Stack>
      {meta.last_page > 1 ? (
        <Pagination total={meta.last_page} value={page} onChange={setPage} size="sm" aria-label={t('pagination')} />
      ) : null}
    </Stack>
  );
}

/** A member's followers or followed members in a dialog (loaded by `FollowersLink` on first open). */
export function FollowersDialog({
  opened,
  onClose,
  slug,
  name,
  which,
}: {
  opened: boolean;
  onClose: () => void;
  slug: string;
  /** The member's full name, in the title. */
  name: string;
  which: 'followers' | 'following' | null;
}) {
  const { t } = useTranslation('network');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(which === 'following' ? 'following_title' : 'followers_title', { name })}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {opened && which ? <FollowList slug={slug} which={which} /> : null}
    </Modal>
  );
}
