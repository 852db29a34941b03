export { AccessModule } from './access.module';
export {
  AccessRepository,
  approvedMemberSql,
  companyVisibleToSql,
  type CompanyStanding,
  managedCompanyIdsSql,
  HIDDEN_STATUSES,
  managesCompanySql,
  verifiedAsSql,
  visibleMemberSql,
} from './access.repository';
export { AccessService, type Exposure } from './access.service';
