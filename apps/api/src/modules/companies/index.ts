// What other modules may use of companies (eslint: a module imports another only through its index.ts).
export { CompaniesModule } from './companies.module';
export { CompaniesService } from './companies.service';
