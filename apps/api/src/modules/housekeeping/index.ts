// What other modules may use of housekeeping (eslint: a module imports another only through its index.ts).
export { HousekeepingService } from './housekeeping.service';
