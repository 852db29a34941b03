import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type Locale,
  MAX_PRODUCT_IMAGES,
  PRODUCT_IMAGES_FIELD,
  productEndpoints as ep,
} from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Query, type QueryOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { MarketplaceService } from './marketplace.service';

type Id = ParamsOf<typeof ep.show>;
const Photos = () =>
  UseInterceptors(FileUpload({ field: PRODUCT_IMAGES_FIELD, maxFiles: MAX_PRODUCT_IMAGES }));

@ApiTags('Marketplace')
@Controller()
export class MarketplaceController {
  constructor(private readonly marketplace: MarketplaceService) {}

  @Route(ep.list)
  list(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.list>,
  ) {
    return this.marketplace.list(me, q, locale);
  }

  @Route(ep.markAsViewed)
  markAsViewed(@CurrentPrincipal() me: Principal, @Params() p: Id) {
    return this.marketplace.markAsViewed(me, p.id);
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.marketplace.show(me, p.id, locale);
  }

  @Route(ep.myList)
  myList(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Query() q: QueryOf<typeof ep.myList>,
  ) {
    return this.marketplace.myList(me, q, locale);
  }

  @Route(ep.create)
  @Photos()
  create(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Body() body: BodyOf<typeof ep.create>,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
  ) {
    return this.marketplace.create(me, body, files ?? [], locale);
  }

  @Route(ep.myShow)
  myShow(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.marketplace.myShow(me, p.id, locale);
  }

  @Route(ep.update)
  @Photos()
  update(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: Id,
    @Body() body: BodyOf<typeof ep.update>,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
  ) {
    return this.marketplace.update(me, p.id, body, files ?? [], locale);
  }

  @Route(ep.markAsNotAvailable)
  markAsNotAvailable(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.marketplace.transition(me, p.id, 'not-available', locale);
  }

  @Route(ep.markAsInStock)
  markAsInStock(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: Id) {
    return this.marketplace.transition(me, p.id, 'in-stock', locale);
  }

  @Route(ep.deleteImage)
  deleteImage(
    @CurrentPrincipal() me: Principal,
    @RequestLocale() locale: Locale,
    @Params() p: ParamsOf<typeof ep.deleteImage>,
  ) {
    return this.marketplace.deleteImage(me, p.id, p.imageId, locale);
  }
}
