// What other modules may use of professional (eslint: a module imports another only through its index.ts).
export { ProfessionalModule } from './professional.module';
export { ProfessionalRepository } from './professional.repository';
