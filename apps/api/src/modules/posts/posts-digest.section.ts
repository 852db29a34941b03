import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type AppConfig, InjectConfig } from '../../config';
import { contentsByReader, DigestSections, digestText } from '../notifications';
import { PostsRepository } from './posts.repository';

/**
 * The digest's discussed posts (docs/notifications.md, "Digest"): the most commented posts since the
 * reader's last digest by people they follow, with the number of comments.
 */
@Injectable()
export class PostsDigestSection implements OnModuleInit {
  constructor(
    private readonly sections: DigestSections,
    private readonly repository: PostsRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const site = this.config.publicUrl;
    this.sections.register({
      key: 'posts',
      order: 50,
      collectMany: async (readers) =>
        contentsByReader(readers, await this.repository.digestMany(readers), (r) => digestText(r, 'posts'), (r, p) => ({
          text: `${p.first_name} ${p.last_name}: ${p.body}`,
          url: `${site}/post/${p.id}`,
          meta: digestText(r, 'comments_count', { count: p.comments_count }),
        })),
    });
  }
}
