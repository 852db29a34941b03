import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MAX_IMAGES_PER_UPLOAD, uploadImageEndpoints as ep } from '@legenett/contracts';
import { CurrentPrincipal, type Principal } from '../../common/auth';
import { Route } from '../../common/http';
import { RateLimit } from '../../common/rate-limit';
import { FileUpload } from '../../common/uploads/upload.interceptor';
import { UploadImageService } from './upload-image.service';

@ApiTags('Uploads')
@Controller()
export class UploadImageController {
  constructor(private readonly images: UploadImageService) {}

  @Route(ep.upload)
  @RateLimit({ name: 'upload-image', limit: 30, windowSeconds: 600, by: 'account' })
  @UseInterceptors(FileUpload({ field: 'image', maxFiles: MAX_IMAGES_PER_UPLOAD }))
  upload(@CurrentPrincipal() me: Principal, @UploadedFiles() files: Express.Multer.File[] | undefined) {
    return this.images.upload(me, files);
  }
}
