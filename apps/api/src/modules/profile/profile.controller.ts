import { Controller, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Locale, profileEndpoints as ep } from '@legenett/contracts';
import { type Response } from 'express';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Body, type BodyOf, Params, type ParamsOf, Route } from '../../common/http';
import { RequestLocale } from '../../common/i18n/locale';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { ProfileService } from './profile.service';

@ApiTags('Profile and settings')
@Controller()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Route(ep.showInformation)
  showInformation(@CurrentPrincipal() me: Principal) {
    return this.profile.information(me.userId);
  }

  @Route(ep.updateInformation)
  updateInformation(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.updateInformation>) {
    return this.profile.updateInformation(me, body);
  }

  @Route(ep.updateNotificationSettings)
  updateNotificationSettings(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.updateNotificationSettings>) {
    return this.profile.updateNotificationSettings(me, body);
  }

  @Route(ep.uploadAvatar)
  @UseInterceptors(FileUpload({ field: 'image' }))
  uploadAvatar(@CurrentPrincipal() me: Principal, @UploadedFile() file: Express.Multer.File | undefined) {
    return this.profile.uploadImage(me, 'avatar', file);
  }

  @Route(ep.uploadBackground)
  @UseInterceptors(FileUpload({ field: 'image' }))
  uploadBackground(@CurrentPrincipal() me: Principal, @UploadedFile() file: Express.Multer.File | undefined) {
    return this.profile.uploadImage(me, 'background', file);
  }

  @Route(ep.deleteAccount)
  deleteAccount(@CurrentPrincipal() me: Principal, @Body() body: BodyOf<typeof ep.deleteAccount>) {
    return this.profile.deleteAccount(me, body);
  }

  @Route(ep.exportData)
  async exportData(@CurrentPrincipal() me: Principal, @Res({ passthrough: true }) res: Response) {
    const { body, filename } = await this.profile.exportData(me);
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    return body;
  }

  @Route(ep.show)
  show(@CurrentPrincipal() me: Principal, @RequestLocale() locale: Locale, @Params() p: ParamsOf<typeof ep.show>) {
    return this.profile.publicProfile(me, p.slug, locale);
  }
}
