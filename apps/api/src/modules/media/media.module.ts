import { Module } from '@nestjs/common';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { MediaStreamController } from './media-stream.controller';
import { MediaUrls } from './media-urls';

/** The video and audio archive for confirmed health personnel (issue 12; docs/media.md). */
@Module({
  controllers: [MediaController, MediaStreamController],
  providers: [MediaService, MediaRepository, MediaUrls],
})
export class MediaModule {}
