import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type ArchiveInput,
  type Comment,
  encodeFeedCursor,
  type FeedQuery,
  MAX_POST_FILES,
  type Mention,
  type PageQuery,
  type Post,
  POST_FILES_FIELD,
  type NotificationJobPayload,
  type PostInput,
  type ShareInput,
} from '@legenett/contracts';
import { AccessService, isCaller, isCallerInPersonOrActing, isSelf } from '../../common/access';
import { type Principal } from '../../common/auth';
import { type PageRequest, readKeyset, readPage } from '../../common/lists';
import { AppError } from '../../common/errors/app-error';
import { FilesService, type StoreOptions } from '../../common/files/files.service';
import { Storage } from '../../common/storage/storage';
import { sniffFileType } from '../../common/uploads/file-sniffer';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { MentionsService } from '../mentions';
import { NotificationPublisher } from '../notifications';
import { type AttachmentRow, type CommentRow, type PostRow, PostsRepository } from './posts.repository';

const tooManyFiles = () =>
  new AppError('VALIDATION', {
    fields: { [POST_FILES_FIELD]: ['errors.too_many_photos'] },
    vars: { maximum: MAX_POST_FILES },
  });

type Owner = 'user' | 'company';

const newSlug = () =>
  `p-${randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}${Date.now().toString(36)}`;

/** Posts, the feed, comments, likes and shares. */
@Injectable()
export class PostsService {
  constructor(
    private readonly repository: PostsRepository,
    private readonly files: FilesService,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationPublisher,
    private readonly access: AccessService,
    private readonly storage: Storage,
    private readonly mentions: MentionsService,
  ) {}

  /** Whether the caller may edit the post: its user author, or a manager of its company (AccessService, kind `post`). */
  private owns(post: PostRow, me: Principal): Promise<boolean> {
    return this.access.manages(me.userId, 'post', post.id);
  }

  /** A post the caller may see: archived posts only for their owners. */
  private async visible(id: number, me: Principal): Promise<PostRow> {
    const post = await this.repository.find({ id }, me.userId);
    if (!post || (post.archived_at && !(await this.owns(post, me)))) throw AppError.notFound();
    return post;
  }

  private async present(rows: PostRow[], me: Principal): Promise<Post[]> {
    const ids = rows.map((r) => r.id);
    const [attachments, mentions] = await Promise.all([this.repository.attachmentsOf(ids), this.mentions.ofPosts(ids)]);
    const byPost = new Map<number, AttachmentRow[]>();
    for (const a of attachments) {
      const list = byPost.get(a.post_id);
      if (list) list.push(a);
      else byPost.set(a.post_id, [a]);
    }
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      body: row.body,
      mentions: mentions.get(row.id) ?? [],
      author: row.partner_company_id === null ? row.author : null,
      company: row.company,
      attachments: (byPost.get(row.id) ?? []).map((a) => ({
        id: a.id,
        kind: a.kind,
        url: this.files.memberUrl(a.storage_key),
        thumb_url: this.files.memberUrl(a.preview_key),
        original_name: a.original_name,
        mime: a.mime,
      })),
      shared_post_id: row.shared_post_id,
      shared_post: this.presentShared(row),
      shared_petition: row.shared_petition,
      likes_count: row.likes_count,
      comments_count: row.comments_count,
      shares_count: row.shares_count,
      liked_by_me: row.liked_by_me,
      is_mine: isCaller(me, { user_id: row.author_user_id, company_id: row.partner_company_id }),
      is_archived: row.archived_at !== null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  }

  /** The embed of a share: the original as the viewer may see it, or "no longer available". */
  private presentShared(row: PostRow): Post['shared_post'] {
    if (!row.is_share) return null;
    const o = row.shared_post;
    if (!o) return { available: false };
    return {
      available: true,
      id: o.id,
      author: o.author
        ? { id: o.author.id, slug: o.author.slug, first_name: o.author.first_name, last_name: o.author.last_name, verified_as: o.author.verified_as, profile_avatar: this.storage.publicUrl(o.author.avatar_key) }
        : null,
      company: o.company
        ? { id: o.company.id, slug: o.company.slug, name: o.company.name, logo: this.storage.publicUrl(o.company.logo_key) }
        : null,
      excerpt: o.excerpt,
      truncated: o.truncated,
      image: o.image_key ? { url: this.files.memberUrl(o.image_key), thumb_url: this.files.memberUrl(o.image_thumb_key) } : null,
      created_at: o.created_at,
    };
  }

  private async one(id: number, me: Principal): Promise<{ data: Post }> {
    const [post] = await this.present([await this.visible(id, me)], me);
    return { data: post! };
  }

  private authorOf(me: Principal) {
    return me.activeCompanyId !== null
      ? { author_user_id: null, partner_company_id: me.activeCompanyId }
      : { author_user_id: me.userId, partner_company_id: null };
  }

  async create(me: Principal, input: PostInput, files: Express.Multer.File[]) {
    if (files.length > MAX_POST_FILES) throw tooManyFiles();
    if (input.body === '' && files.length === 0) throw new AppError('VALIDATION', { fields: { body: ['posts.errors.empty_post'] } });
    // A post carries pictures and PDFs: the first bytes say which.
    const as = (file: Express.Multer.File): StoreOptions => ({
      kind: sniffFileType(file.buffer) === 'pdf' ? 'post_document' : 'post_image',
      owner: me.userId,
      field: POST_FILES_FIELD,
    });
    const slug = newSlug();
    const id = await this.files.storeFor(files, as, (stored) =>
      this.uow.run(async (tx) => {
        const created = await this.repository.insert(
          { slug, body: input.body, ...this.authorOf(me), created_by_user_id: me.userId, shared_post_id: null },
          stored.map((f) => ({ kind: f.kind === 'post_document' ? 'document' : 'image', file_id: f.id })),
          tx,
        );
        await this.mentions.record(tx, me, { post_id: created, post_slug: slug, comment_id: null, text: input.body });
        return created;
      }),
    );
    return this.one(id, me);
  }

  show(me: Principal, id: number) {
    return this.one(id, me);
  }

  async update(me: Principal, id: number, input: PostInput) {
    const post = await this.visible(id, me);
    if (!(await this.owns(post, me))) throw AppError.forbidden('not_owner');
    const attachments = await this.repository.attachmentsOf([id]);
    if (input.body === '' && attachments.length === 0)
      throw new AppError('VALIDATION', { fields: { body: ['posts.errors.empty_post'] } });
    await this.uow.run(async (tx) => {
      await this.repository.updateBody(id, input.body, tx);
      // Mentions added by the edit notify; those kept were told already, those removed go.
      await this.mentions.record(tx, me, { post_id: id, post_slug: post.slug, comment_id: null, text: input.body });
    });
    return this.one(id, me);
  }

  /** A post by slug of the given kind the caller owns: 404 when missing or of the other kind, 403 when someone else's. */
  private async owned(me: Principal, slug: string, kind: Owner): Promise<PostRow> {
    const post = await this.repository.find({ slug }, me.userId);
    const ofKind =
      post && (kind === 'user' ? post.author_user_id !== null : post.partner_company_id !== null);
    if (!post || !ofKind) throw AppError.notFound();
    if (!(await this.owns(post, me))) {
      if (post.archived_at) throw AppError.notFound();
      throw AppError.forbidden('not_owner');
    }
    return post;
  }

  async delete(me: Principal, slug: string, kind: Owner): Promise<void> {
    const post = await this.owned(me, slug, kind);
    await this.files.remove(await this.repository.delete(post.id));
  }

  async archive(me: Principal, slug: string, kind: Owner, input: ArchiveInput) {
    const post = await this.owned(me, slug, kind);
    await this.repository.setArchived(post.id, input.archive === 'archive');
    return this.one(post.id, me);
  }

  async archived(me: Principal, slug: string, query: PageQuery) {
    const userId = await this.access.requireVisibleMember(slug);
    if (!isCallerInPersonOrActing(me, { user_id: userId, company_id: null })) throw AppError.forbidden('not_owner');
    const { rows, meta } = await readPage(query, this.repository.archivedOf(userId));
    return { data: await this.present(rows, me), meta };
  }

  async feed(me: Principal, query: FeedQuery) {
    return this.keysetPage(query.limit, (take) => this.repository.feed(me.userId, query.cursor, take), me);
  }

  /** A company page's posts; the caller (companies) has decided that `me` may see them. */
  async forCompany(
    me: Principal,
    companyId: number,
    filter: { archived: boolean; search: string | null },
    q: PageRequest,
  ) {
    const { rows, meta } = await readPage(q, this.repository.byCompany(companyId, filter, me.userId));
    return { data: await this.present(rows, me), meta };
  }

  async userPosts(me: Principal, slug: string, query: FeedQuery) {
    const authorId = await this.access.requireVisibleMember(slug);
    return this.keysetPage(query.limit, (take) => this.repository.byAuthor(authorId, me.userId, query.cursor, take), me);
  }

  /** The header search's posts group: the newest matching posts the caller may see. */
  async search(me: Principal, term: string, limit: number): Promise<Post[]> {
    return this.present(await this.repository.search(term, me.userId, limit), me);
  }

  /** One keyset page of posts (readKeyset: `limit + 1` rows read, the extra one only tells more follow). */
  private async keysetPage(limit: number, read: (take: number) => Promise<PostRow[]>, me: Principal) {
    const page = await readKeyset(limit, read, (last) => encodeFeedCursor({ created_at: last.cursor_ts, id: last.id }));
    return { data: await this.present(page.rows, me), meta: { next_cursor: page.next_cursor } };
  }

  private presentComment(row: CommentRow, me: Principal, mentions: Map<number, Mention[]>): Comment {
    return {
      id: row.id,
      post_id: row.post_id,
      text: row.body,
      mentions: mentions.get(row.id) ?? [],
      author: row.partner_company_id === null ? row.author : null,
      company: row.company,
      is_mine: isCallerInPersonOrActing(me, { user_id: row.author_user_id, company_id: row.partner_company_id }),
      created_at: row.created_at.toISOString(),
    };
  }

  async comments(me: Principal, id: number, query: PageQuery) {
    await this.visible(id, me);
    const { rows, meta } = await readPage(query, this.repository.comments(id));
    const mentions = await this.mentions.ofComments(rows.map((r) => r.id));
    return { data: rows.map((r) => this.presentComment(r, me, mentions)), meta };
  }

  async addComment(me: Principal, id: number, text: string) {
    const post = await this.visible(id, me);
    if (post.partner_company_id !== null && !post.is_comments_allowed) {
      throw new AppError('FORBIDDEN', { message: 'posts.errors.comments_disabled' });
    }
    const commentId = await this.uow.run(async (tx) => {
      const created = await this.repository.addComment(id, this.authorOf(me), text, tx);
      await this.notify(tx, post, me, 'comment', { comment_id: created, excerpt: text.slice(0, 140) });
      await this.mentions.record(tx, me, { post_id: id, post_slug: post.slug, comment_id: created, text });
      return created;
    });
    const [row, mentions] = await Promise.all([this.repository.findComment(id, commentId), this.mentions.ofComments([commentId])]);
    return { data: this.presentComment(row!, me, mentions) };
  }

  async deleteComment(me: Principal, id: number, commentId: number): Promise<void> {
    const post = await this.visible(id, me);
    const comment = await this.repository.findComment(id, commentId);
    if (!comment) throw AppError.notFound();
    const own = isCallerInPersonOrActing(me, { user_id: comment.author_user_id, company_id: comment.partner_company_id });
    if (!own && !(await this.owns(post, me))) throw AppError.forbidden('not_owner');
    await this.repository.deleteComment(id, commentId);
  }

  async like(me: Principal, id: number, liked: boolean) {
    const post = await this.visible(id, me);
    const result = await this.uow.run(async (tx) => {
      const changed = await this.repository.setLike(id, me.userId, liked, tx);
      if (liked && changed.changed) await this.notify(tx, post, me, 'like', {});
      return changed;
    });
    return { data: { liked, likes_count: result.likes_count } };
  }

  async share(me: Principal, id: number, input: ShareInput) {
    const original = await this.visible(id, me);
    if (original.archived_at)
      throw new AppError('CONFLICT', { message: 'posts.errors.cannot_share_archived' });
    const slug = newSlug();
    const newId = await this.uow.run(async (tx) => {
      const created = await this.repository.insert(
        { slug, body: input.body, ...this.authorOf(me), created_by_user_id: me.userId, shared_post_id: original.id },
        [],
        tx,
      );
      await this.mentions.record(tx, me, { post_id: created, post_slug: slug, comment_id: null, text: input.body });
      // The writer of the shared post hears of it (grouped with the day's other shares).
      await this.notify(tx, original, me, 'share', {});
      return created;
    });
    return this.one(newId, me);
  }

  /**
   * Tells the post's writer (its user author, or the manager who wrote a company post), in the
   * transaction of the comment or like; never about their own action.
   */
  private async notify(
    tx: Transaction,
    post: PostRow,
    me: Principal,
    kind: 'comment' | 'like' | 'share',
    data: NotificationJobPayload['data'],
  ): Promise<void> {
    const recipient = post.author_user_id ?? post.created_by_user_id;
    if (recipient === null || isSelf(me, recipient)) return;
    await this.notifications.publish(tx, {
      user_id: recipient,
      kind,
      actor_user_id: me.userId,
      partner_company_id: me.activeCompanyId,
      entity_type: 'post',
      entity_id: post.id,
      data: { post_slug: post.slug, ...data },
    });
  }
}
