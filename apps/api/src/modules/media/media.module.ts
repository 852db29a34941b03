import { Module } from '@nestjs/common';
import { ReferenceModule } from '../reference';
import { MediaAccountData } from './media.account-data';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { MediaAdminController } from './media-admin.controller';
import { MediaAdminRepository } from './media-admin.repository';
import { MediaAdminService } from './media-admin.service';
import { MediaStreamController } from './media-stream.controller';
import { MediaUrls } from './media-urls';
import { PodcastController } from './podcast.controller';
import { PodcastRepository } from './podcast.repository';
import { PodcastService } from './podcast.service';
import { UploadImageController } from './upload-image.controller';
import { UploadImageService } from './upload-image.service';

/** The video and audio archive for confirmed health personnel, its administration, and `POST /upload-image` (issue 12; docs/media.md). */
@Module({
  imports: [ReferenceModule],
  // PodcastController first: its `/audio/feed` must not be taken for `/audio/:id`.
  controllers: [PodcastController, MediaController, MediaStreamController, MediaAdminController, UploadImageController],
  providers: [MediaService, MediaRepository, MediaUrls, MediaAdminService, MediaAdminRepository, UploadImageService, MediaAccountData, PodcastService, PodcastRepository],
})
export class MediaModule {}
