import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { PostsRepository } from './posts.repository';

/** Posts, comments and likes: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class PostsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly posts: PostsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'posts',
      rules: [
        {
          column: 'posts.author_user_id',
          does: 'delete',
          why: "a person's posts, with their attachments (files removed), comments and likes",
          exportedAs: 'posts',
        },
        {
          column: 'posts.created_by_user_id',
          does: 'set null',
          why: "posts written for a company are the company's content",
          exportedAs: null,
        },
        {
          column: 'post_comments.author_user_id',
          does: 'delete',
          why: "a comment is the person's words",
          exportedAs: 'post_comments',
        },
        { column: 'post_likes.user_id', does: 'delete', why: 'personal', exportedAs: 'post_likes' },
      ],
      erase: (tx, userId) => this.posts.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({ name: 'posts', export: (userId) => this.posts.exportAccount(userId) });
  }
}
