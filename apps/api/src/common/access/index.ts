export { AccessModule } from './access.module';
export {
  AccessRepository,
  approvedMemberAs,
  approvedMemberSql,
  editedBySql,
  idArray,
  MANAGED_KINDS,
  petitionAuthorSql,
  petitionInitiatorSql,
  type ManagedKind,
  mediaAccessibleSql,
  mediaAccessibleTo,
  type MediaAccessTable,
  type MediaViewer,
  type OwnedTable,
  companyVisibleToSql,
  type CompanyStanding,
  managedCompanyIdsSql,
  HIDDEN_STATUSES,
  managesCompanySql,
  verifiedAsSql,
  visibleMemberSql,
} from './access.repository';
export { AccessService, type Exposure } from './access.service';
export { isActor, isCaller, isCallerInPersonOrActing, isSelf, othersThan, type Party } from './caller';
