export { Board, type BoardCount, type BoardSource } from './board';
export { BOOKMARK_EVERY, filterKey, type KeysetSource, ListCounts } from './list-counts';
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
