import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Locale, professionalEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { ProfessionalService } from './professional.service';

type Id = ParamsOf<typeof ep.showExperience>;

@ApiTags('Professional experience and education')
@Controller()
export class ProfessionalController {
  constructor(private readonly professional: ProfessionalService) {}

  @Route(ep.listExperiences)
  listExperiences(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.listExperiences>) {
    return this.professional.listExperiences(me.userId, locale, q);
  }

  @Route(ep.showExperience)
  showExperience(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.professional.showExperience(me.userId, p.id, locale);
  }

  @Route(ep.createExperience)
  createExperience(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Body() body: BodyOf<typeof ep.createExperience>) {
    return this.professional.createExperience(me.userId, body, locale);
  }

  @Route(ep.updateExperience)
  updateExperience(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Body() body: BodyOf<typeof ep.updateExperience>,
  ) {
    return this.professional.updateExperience(me.userId, p.id, body, locale);
  }

  @Route(ep.deleteExperience)
  deleteExperience(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.professional.deleteExperience(me.userId, p.id);
  }

  @Route(ep.listEducations)
  listEducations(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Query() q: QueryOf<typeof ep.listEducations>) {
    return this.professional.listEducations(me.userId, locale, q);
  }

  @Route(ep.showEducation)
  showEducation(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.professional.showEducation(me.userId, p.id, locale);
  }

  @Route(ep.createEducation)
  createEducation(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Body() body: BodyOf<typeof ep.createEducation>) {
    return this.professional.createEducation(me.userId, body, locale);
  }

  @Route(ep.updateEducation)
  updateEducation(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Body() body: BodyOf<typeof ep.updateEducation>,
  ) {
    return this.professional.updateEducation(me.userId, p.id, body, locale);
  }

  @Route(ep.deleteEducation)
  deleteEducation(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.professional.deleteEducation(me.userId, p.id);
  }

  @Route(ep.listCustomWorkplaces)
  listCustomWorkplaces(@Query() q: QueryOf<typeof ep.listCustomWorkplaces>) {
    return this.professional.listCustomWorkplaces(q);
  }

  @Route(ep.createCustomWorkplace)
  createCustomWorkplace(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.createCustomWorkplace>) {
    return this.professional.createCustomWorkplace(me.userId, body);
  }
}
