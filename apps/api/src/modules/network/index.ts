// What other modules may use of network (eslint: a module imports another only through its index.ts).
export { NetworkModule } from './network.module';
export { NetworkService } from './network.service';
