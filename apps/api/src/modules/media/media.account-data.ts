import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { MediaRepository } from './media.repository';

/** Saved positions, the resume setting and podcast feeds: erasure rules and export source. */
@Injectable()
export class MediaAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly media: MediaRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'media',
      rules: [
        { column: 'media_positions.user_id', does: 'delete', why: 'personal viewing history', exportedAs: 'media_positions' },
        { column: 'media_preferences.user_id', does: 'delete', why: 'a personal setting', exportedAs: 'media_preferences' },
        { column: 'podcast_feeds.user_id', does: 'delete', why: 'private feed addresses of the person', exportedAs: 'podcast_feeds' },
      ],
      erase: (tx, userId) => this.media.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({ name: 'media', export: (userId) => this.media.exportAccount(userId) });
  }
}
