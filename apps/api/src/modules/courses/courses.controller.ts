import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { courseEndpoints as ep, type Locale } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { RateLimit } from '../../common/rate-limit';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { CoursesService } from './courses.service';

type Id = ParamsOf<typeof ep.show>;

/** The catalogue and attendance. The static paths (/courses/archived, /courses/my) come before /courses/:id. */
@ApiTags('Courses')
@Controller()
export class CoursesController {
  constructor(private readonly courses: CoursesService) {}

  @Route(ep.list)
  list(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.list>) {
    return this.courses.list(me, q, locale);
  }

  @Route(ep.archived)
  archived(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.archived>) {
    return this.courses.archived(me, q, locale);
  }

  @Route(ep.attending)
  attending(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.attending>) {
    return this.courses.attending(me, q, locale);
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.show(me, p.id, locale);
  }

  @Route(ep.subscribe)
  subscribe(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.subscribe(me, p.id, locale);
  }

  @Route(ep.unsubscribe)
  unsubscribe(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.unsubscribe(me, p.id, locale);
  }

  @Route(ep.calendar)
  calendar(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.calendar(me, p.id, locale);
  }

  @Route(ep.enteredOn)
  // The player opens one record per showing (and one after the page comes back): a few a minute at most.
  @RateLimit({ name: 'course-viewing', limit: 30, windowSeconds: 600, by: 'account' })
  enteredOn(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.enteredOn(me, p.id, locale);
  }

  /** Public: a beacon has no bearer header; the token in its body authenticates it. */
  @Route(ep.leftWatching)
  leftWatching(@Params() p: Id, @Body() body: BodyOf<typeof ep.leftWatching>) {
    return this.courses.leftWatching(p.id, body.token);
  }
}

/** Organisers' own courses: `/my/courses`. */
@ApiTags('Courses')
@Controller()
export class MyCoursesController {
  constructor(private readonly courses: CoursesService) {}

  @Route(ep.myList)
  myList(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.myList>) {
    return this.courses.myList(me, q, locale);
  }

  @Route(ep.myShow)
  myShow(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.myShow(me, p.id, locale);
  }

  @Route(ep.create)
  create(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Body() body: BodyOf<typeof ep.create>) {
    return this.courses.create(me, body, locale);
  }

  @Route(ep.update)
  update(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Body() body: BodyOf<typeof ep.update>,
  ) {
    return this.courses.update(me, p.id, body, locale);
  }

  @Route(ep.submit)
  submit(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.submit(me, p.id, locale);
  }

  @Route(ep.analytics)
  analytics(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.analytics(me, p.id, locale);
  }

  @Route(ep.attendanceCsv)
  attendanceCsv(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.attendanceCsv(me, p.id, locale);
  }

  @Route(ep.cancel)
  cancel(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.cancel(me, p.id, locale);
  }
}

/** The moderation queue: `/admin/courses`. */
@ApiTags('Admin')
@Controller()
export class AdminCoursesController {
  constructor(private readonly courses: CoursesService) {}

  @Route(ep.adminQueue)
  queue(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.adminQueue>) {
    return this.courses.adminQueue(me, q, locale);
  }

  @Route(ep.adminShow)
  show(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.adminShow(me, p.id, locale);
  }

  @Route(ep.approve)
  approve(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.courses.decide(me, p.id, 'approved', null, locale);
  }

  @Route(ep.reject)
  reject(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Body() body: BodyOf<typeof ep.reject>,
  ) {
    return this.courses.decide(me, p.id, 'rejected', body.reason, locale);
  }
}
