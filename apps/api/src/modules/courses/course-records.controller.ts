import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { courseRecordEndpoints as ep, type Locale } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { RateLimit } from '../../common/rate-limit';
import { CourseRecordsService } from './course-records.service';

type Id = ParamsOf<typeof ep.certificate>;
type RequestId = ParamsOf<typeof ep.acceptJoinRequest>;
type MeetingId = ParamsOf<typeof ep.updateMeeting>;

/** My course log and certificates (docs/courses.md). */
@ApiTags('Courses')
@Controller()
export class CourseCertificatesController {
  constructor(private readonly records: CourseRecordsService) {}

  @Route(ep.log)
  log(@CurrentPrincipal() me: Principal, @Query() q: QueryOf<typeof ep.log>) {
    return this.records.log(me, q);
  }

  @Route(ep.certificate)
  certificate(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.records.certificate(me, p.id, locale);
  }

  /** Public, for supervisors and the specialist-training portal; limited per address like other public lookups. */
  @Route(ep.verify)
  @RateLimit({ name: 'certificate-verify', limit: 60, windowSeconds: 600, by: 'ip' })
  verify(@Params() p: ParamsOf<typeof ep.verify>) {
    return this.records.verify(p.code);
  }
}

/** Small groups: join requests, members, meeting log, attestation (docs/courses.md). */
@ApiTags('Courses')
@Controller()
export class SmallGroupsController {
  constructor(private readonly records: CourseRecordsService) {}

  @Route(ep.groupStatus)
  status(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.records.groupStatus(me, p.id, locale);
  }

  @Route(ep.requestToJoin)
  request(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Body() body: BodyOf<typeof ep.requestToJoin>,
  ) {
    return this.records.requestToJoin(me, p.id, body.message, locale);
  }

  @Route(ep.joinRequests)
  requests(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Query() q: QueryOf<typeof ep.joinRequests>,
  ) {
    return this.records.joinRequests(me, p.id, q, locale);
  }

  @Route(ep.acceptJoinRequest)
  accept(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: RequestId) {
    return this.records.decide(me, p.id, p.requestId, 'accepted', locale);
  }

  @Route(ep.declineJoinRequest)
  decline(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: RequestId) {
    return this.records.decide(me, p.id, p.requestId, 'declined', locale);
  }

  @Route(ep.members)
  members(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.records.members(me, p.id, locale);
  }

  @Route(ep.meetings)
  meetings(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Query() q: QueryOf<typeof ep.meetings>,
  ) {
    return this.records.meetings(me, p.id, q, locale);
  }

  @Route(ep.createMeeting)
  createMeeting(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Body() body: BodyOf<typeof ep.createMeeting>,
  ) {
    return this.records.saveMeeting(me, p.id, null, body, locale);
  }

  @Route(ep.updateMeeting)
  updateMeeting(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: MeetingId,
    @Body() body: BodyOf<typeof ep.updateMeeting>,
  ) {
    return this.records.saveMeeting(me, p.id, p.meetingId, body, locale);
  }

  @Route(ep.deleteMeeting)
  deleteMeeting(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: MeetingId) {
    return this.records.deleteMeeting(me, p.id, p.meetingId, locale);
  }

  @Route(ep.attestation)
  attestation(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.records.attestation(me, p.id, locale);
  }
}
