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
          why: 'a listing without its seller is useless; images (files removed) and views go with it',
          exportedAs: 'products',
        },
        {
          column: 'product_views.user_id',
          does: 'delete',
          why: 'personal tracking',
          exportedAs: 'product_views',
        },
      ],
      erase: (tx, userId, ctx) => this.marketplace.eraseAccount(tx, userId, ctx),
    });
    this.registry.registerExporter({
      name: 'marketplace',
      export: (userId) => this.marketplace.exportAccount(userId),
    });
  }
}
