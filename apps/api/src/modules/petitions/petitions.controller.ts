import { Controller, StreamableFile, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Locale, MAX_PETITION_ATTACHMENTS, petitionEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, OptionalPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { RateLimit } from '../../common/rate-limit';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { PetitionsService } from './petitions.service';

type Id = ParamsOf<typeof ep.show>;

/** Petitions (issue 11): lists, detail, owners' changes, co-authors, attachments, signatures, bookmarks. */
@ApiTags('Petitions')
@Controller()
export class PetitionsController {
  constructor(private readonly petitions: PetitionsService) {}

  @Route(ep.list)
  list(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.list>) {
    return this.petitions.list(me, q, locale);
  }

  // Before `/petitions/:id`, so "similar" is not read as an id.
  @Route(ep.similar)
  similar(@Query() q: QueryOf<typeof ep.similar>) {
    return this.petitions.similar(q.title);
  }

  @Route(ep.mine)
  mine(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.mine>) {
    return this.petitions.mine(me, q, locale);
  }

  @Route(ep.bookmarked)
  bookmarked(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.bookmarked>) {
    return this.petitions.bookmarked(me, q, locale);
  }

  @Route(ep.show)
  show(@OptionalPrincipal() me: Principal | null, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.petitions.show(me, p.id, locale);
  }

  @Route(ep.create)
  create(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Body() body: BodyOf<typeof ep.create>) {
    return this.petitions.create(me, body, locale);
  }

  @Route(ep.update)
  update(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id, @Body() body: BodyOf<typeof ep.update>) {
    return this.petitions.update(me, p.id, body, locale);
  }

  @Route(ep.remove)
  remove(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.petitions.remove(me, p.id);
  }

  @Route(ep.deliver)
  deliver(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.petitions.deliver(me, p.id, locale);
  }

  @Route(ep.answer)
  answer(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id, @Body() body: BodyOf<typeof ep.answer>) {
    return this.petitions.answer(me, p.id, body.answer, locale);
  }

  @Route(ep.manualAuthors)
  manualAuthors(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.petitions.manualAuthors(me, p.id);
  }

  @Route(ep.addManualAuthor)
  addManualAuthor(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.addManualAuthor>) {
    return this.petitions.addManualAuthor(me, p.id, body);
  }

  @Route(ep.removeManualAuthor)
  removeManualAuthor(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.removeManualAuthor>) {
    return this.petitions.removeManualAuthor(me, p.id, p.authorId);
  }

  @Route(ep.acceptCoAuthorship)
  acceptCoAuthorship(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.petitions.acceptCoAuthorship(me, p.id);
  }

  @Route(ep.attachments)
  attachments(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.petitions.attachments(me, p.id);
  }

  @Route(ep.addAttachments)
  @UseInterceptors(FileUpload({ field: 'pdf_files[]', maxFiles: MAX_PETITION_ATTACHMENTS }))
  addAttachments(@CurrentPrincipal() me: Principal, @Params() p: Id, @UploadedFiles() files: Express.Multer.File[] | undefined) {
    return this.petitions.addAttachments(me, p.id, files);
  }

  @Route(ep.removeAttachment)
  removeAttachment(@CurrentPrincipal() me: Principal, @Params() p: ParamsOf<typeof ep.removeAttachment>) {
    return this.petitions.removeAttachment(me, p.id, p.attachmentId);
  }

  @Route(ep.export)
  async export(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id, @Query() q: QueryOf<typeof ep.export>) {
    const file = await this.petitions.export(me, p.id, q.format, locale);
    return new StreamableFile(file.stream, { type: file.type, disposition: `attachment; filename="${file.filename}"` });
  }

  @Route(ep.pressRelease)
  pressRelease(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.petitions.pressRelease(me, p.id, locale);
  }

  @Route(ep.sendPressRelease)
  @RateLimit({ name: 'petition-press', limit: 10, windowSeconds: 3600, by: 'account' })
  sendPressRelease(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id, @Body() body: BodyOf<typeof ep.sendPressRelease>) {
    return this.petitions.sendPressRelease(me, p.id, body, locale);
  }

  @Route(ep.signatures)
  @RateLimit({ name: 'petition-signers', limit: 120, windowSeconds: 60, by: 'ip' })
  signatures(@OptionalPrincipal() me: Principal | null, @RequestLocale() locale: Locale, @Params() p: Id, @Query() q: QueryOf<typeof ep.signatures>) {
    return this.petitions.signers(me, p.id, q, locale);
  }

  @Route(ep.sign)
  @RateLimit({ name: 'petition-sign', limit: 30, windowSeconds: 60, by: 'account' })
  sign(@CurrentPrincipal() me: Principal, @Params() p: Id, @Body() body: BodyOf<typeof ep.sign>) {
    return this.petitions.sign(me, p.id, body.anonymous);
  }

  @Route(ep.withdraw)
  @RateLimit({ name: 'petition-sign', limit: 30, windowSeconds: 60, by: 'account' })
  withdraw(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.petitions.withdraw(me, p.id);
  }

  @Route(ep.receipt)
  receipt(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.petitions.receipt(me, p.id, locale);
  }

  @Route(ep.verify)
  @RateLimit({ name: 'petition-verify', limit: 20, windowSeconds: 60, by: 'ip' })
  verify(@OptionalPrincipal() me: Principal | null, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.petitions.verify(me, p.id, locale);
  }

  @Route(ep.bookmark)
  bookmark(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.petitions.bookmark(me, p.id, locale);
  }

  @Route(ep.unbookmark)
  unbookmark(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.petitions.unbookmark(me, p.id, locale);
  }
}
