import { digestSection, digestText } from '../notifications';
import { PostsRepository } from './posts.repository';

/**
 * The digest's discussed posts (docs/notifications.md, "Digest"): the most commented posts since the
 * reader's last digest by people they follow, with the number of comments.
 * Registered at start (`digestSection`); its SQL is `PostsRepository.digestMany`.
 */
export const PostsDigestSection = digestSection(PostsRepository, {
  key: 'posts',
  order: 50,
  item: (r, p, site) => ({
    text: `${p.first_name} ${p.last_name}: ${p.body}`,
    url: `${site}/post/${p.id}`,
    meta: digestText(r, 'comments_count', { count: p.comments_count }),
  }),
});
