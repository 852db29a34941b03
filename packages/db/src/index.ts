export * as schema from './schema';
export * from './client';
export * from './embedded';
export type { LocalisedText } from './schema/_shared';
export { FILE_KINDS, type FileKind } from './schema/accounts';
