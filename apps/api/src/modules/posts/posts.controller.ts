import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MAX_POST_FILES, POST_FILES_FIELD, postEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { PostsService } from './posts.service';

type Id = ParamsOf<typeof ep.show>;
type Slug = ParamsOf<typeof ep.deleteUserPost>;

@ApiTags('Posts')
@Controller()
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Route(ep.create)
  @UseInterceptors(FileUpload({ field: POST_FILES_FIELD, maxFiles: MAX_POST_FILES }))
  create(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.create>, @UploadedFiles() files: Express.Multer.File[] | undefined) {
    return this.posts.create(me, body, files ?? []);
  }

  @Route(ep.feed)
  feed(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.feed>) {
    return this.posts.feed(me, q);
  }

  @Route(ep.userPosts)
  userPosts(@CurrentPrincipal() me: Principal, @Params() p: Slug, @Query() q: QueryOf<typeof ep.userPosts>) {
    return this.posts.userPosts(me, p.slug, q);
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.posts.show(me, p.id);
  }

  @Route(ep.update)
  update(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.update>) {
    return this.posts.update(me, p.id, body);
  }

  @Route(ep.deleteUserPost)
  deleteUserPost(@CurrentPrincipal() me: Principal, @Params() p: Slug) {
    return this.posts.delete(me, p.slug, 'user');
  }

  @Route(ep.deleteCompanyPost)
  deleteCompanyPost(@CurrentPrincipal() me: Principal, @Params() p: Slug) {
    return this.posts.delete(me, p.slug, 'company');
  }

  @Route(ep.archiveUserPost)
  archiveUserPost(@CurrentPrincipal() me: Principal, @Params() p: Slug, @Body() body: BodyOf<typeof ep.archiveUserPost>) {
    return this.posts.archive(me, p.slug, 'user', body);
  }

  @Route(ep.archiveCompanyPost)
  archiveCompanyPost(@CurrentPrincipal() me: Principal, @Params() p: Slug, @Body() body: BodyOf<typeof ep.archiveCompanyPost>) {
    return this.posts.archive(me, p.slug, 'company', body);
  }

  @Route(ep.archived)
  archived(@CurrentPrincipal() me: Principal, @Params() p: Slug, @Query() q: QueryOf<typeof ep.archived>) {
    return this.posts.archived(me, p.slug, q);
  }

  @Route(ep.comments)
  comments(@CurrentPrincipal() me: Principal, @Params() p: Id, @Query() q: QueryOf<typeof ep.comments>) {
    return this.posts.comments(me, p.id, q);
  }

  @Route(ep.addComment)
  addComment(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.addComment>) {
    return this.posts.addComment(me, p.id, body.text);
  }

  @Route(ep.deleteComment)
  deleteComment(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.deleteComment>) {
    return this.posts.deleteComment(me, p.id, p.commentId);
  }

  @Route(ep.like)
  like(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.posts.like(me, p.id, true);
  }

  @Route(ep.unlike)
  unlike(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.posts.like(me, p.id, false);
  }

  @Route(ep.share)
  share(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.share>) {
    return this.posts.share(me, p.id, body);
  }
}
