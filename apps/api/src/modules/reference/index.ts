// What other modules may use of the reference data (eslint: a module imports another only through its index.ts).
export { ReferenceModule } from './reference.module';
export { ReferenceChecks } from './reference-checks.service';
export { likePattern, localisedName, localisedRef, localisedRefOf, namedRef, qualified } from './reference.repository';
