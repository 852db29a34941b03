import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { NetworkController } from './network.controller';
import { NetworkRepository } from './network.repository';
import { NetworkService } from './network.service';
import { NetworkAccountData } from './network.account-data';

/**
 * `/profile/search`, `/profile/:slug/follow`, `/profile/:slug/followers`. Listed before
 * ProfileModule in FEATURE_MODULES so that `/profile/search` is not taken for a slug.
 */
@Module({
  imports: [NotificationsModule],
  controllers: [NetworkController],
  exports: [NetworkService],
  providers: [NetworkService, NetworkRepository, NetworkAccountData],
})
export class NetworkModule {}
