import { Module } from '@nestjs/common';
import { ReferenceModule } from '../reference/reference.module';
import { MarketplaceController } from './marketplace.controller';
import { MarketplaceRepository } from './marketplace.repository';
import { MarketplaceService } from './marketplace.service';

/** `/products` and `/my/products`: the marketplace. */
@Module({
  imports: [ReferenceModule],
  controllers: [MarketplaceController],
  providers: [MarketplaceService, MarketplaceRepository],
})
export class MarketplaceModule {}
