// What other modules may use of auth (eslint: a module imports another only through its index.ts).
export { isCommonPassword } from './common-passwords';
