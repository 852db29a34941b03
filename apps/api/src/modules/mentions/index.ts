// What other modules may use of mentions (eslint: a module imports another only through its index.ts).
export { MentionsModule } from './mentions.module';
export { MentionsService } from './mentions.service';
