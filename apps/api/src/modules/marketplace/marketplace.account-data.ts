import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { MarketplaceRepository } from './marketplace.repository';

/** Marketplace products and product views: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class MarketplaceAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly marketplace: MarketplaceRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'marketplace',
      rules: [
        {
          column: 'products.user_id',
          does: 'delete',
          why: 'a listing without its seller is useless; its images and views go with it (the image files with the files step)',
          exportedAs: 'products',
        },
        {
          column: 'product_views.user_id',
          does: 'delete',
          why: 'personal tracking',
          exportedAs: 'product_views',
        },
      ],
      erase: (tx, userId) => this.marketplace.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'marketplace',
      export: (userId) => this.marketplace.exportAccount(userId),
    });
  }
}
