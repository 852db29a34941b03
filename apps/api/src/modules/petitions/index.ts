// What other modules may use of petitions (eslint: a module imports another only through its index.ts).
export { PetitionsModule } from './petitions.module';
export { PetitionsService } from './petitions.service';
