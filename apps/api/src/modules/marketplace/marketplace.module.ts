import { Module } from '@nestjs/common';
import { ReferenceModule } from '../reference';
import { MarketplaceController } from './marketplace.controller';
import { MarketplaceRepository } from './marketplace.repository';
import { MarketplaceService } from './marketplace.service';
import { MarketplaceAccountData } from './marketplace.account-data';

/** `/products` and `/my/products`: the marketplace. */
@Module({
  imports: [ReferenceModule],
  controllers: [MarketplaceController],
  providers: [MarketplaceService, MarketplaceRepository, MarketplaceAccountData],
})
export class MarketplaceModule {}
