export { Board, type BoardCount, type BoardSource, type KeysetSource } from './board';
export { BOOKMARK_EVERY, filterKey, ListCounts } from './list-counts';
export { type ListedTable } from './list-versions.repository';
export { ListsModule } from './lists.module';
export {
  type CurrentAndArchivedCounts,
  type ListPage,
  type PageRequest,
  type PageSource,
  type ReadSlice,
  readCurrentThenArchived,
  readPage,
  readSlice,
  type Slice,
  sliceOf,
} from './page';
export { keysAsText, keysetAfter, type OrderKey, orderFor } from './order';
export { type KeysetPage, readKeyset } from './keyset';
