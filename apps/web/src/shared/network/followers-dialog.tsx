import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/shared/ui/paged-list';
import { useFollowList } from './api';
import { UserCardRow } from './user-card-row';

/** The paged list of a member's followers, or of the members they follow. */
function FollowList({ slug, which }: { slug: string; which: 'followers' | 'following' }) {
  const { t } = useTranslation('network');
  const [page, setPage] = useState(1);
  const query = useFollowList(which, slug, page);
  // In a dialog: the page is the dialog's, not the URL's.
  return (
    <PagedList
      query={query}
      label={t(which === 'followers' ? 'followers_list' : 'following_list')}
      empty={t(which === 'followers' ? 'followers_empty' : 'following_empty')}
      error={t('list_failed')}
      paginationLabel={t('pagination')}
      renderItem={(u) => <UserCardRow user={u} />}
      itemKey={(u) => u.id}
      page={page}
      onPageChange={setPage}
    />
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
