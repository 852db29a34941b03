export * as schema from './schema';
export * from './client';
export * from './embedded';
export type { LocalisedText } from './schema/_shared';
export { FILE_KINDS, type FileKind } from './schema/files';
export { hashNationalId } from './national-id';
export { chainSigner, logEntryText, logSigner, newLogSalt, type LogEntry } from './petition-log';
export { findOnPath, resolveMediaTools, type MediaTool, type MediaToolName, type MediaTools } from './media-tools';
