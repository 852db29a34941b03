// What other modules may use of posts (eslint: a module imports another only through its index.ts).
export { PostsModule } from './posts.module';
export { PostsService } from './posts.service';
