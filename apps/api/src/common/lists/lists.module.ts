import { Global, Module } from '@nestjs/common';
import { ListCounts } from './list-counts';
import { ListVersionsRepository } from './list-versions.repository';

/** Cached list counts for every module (docs/how-to/paginated-list.md). */
@Global()
@Module({
  providers: [ListCounts, ListVersionsRepository],
  exports: [ListCounts],
})
export class ListsModule {}
