// What the API and the seed must compute alike, and nothing else (docs/decisions/0018-code-the-api-and-the-seed-share.md).
// Each part is owned by the API module named beside it; the seed imports it from here, never from the API.
/** modules/registration (and guard-sweep): the HMAC stored instead of a national identity number. */
export { hashNationalId } from './national-id';
/** modules/petitions: the signature log's entry text and salted signer (the Merkle tree stays in the API). */
export { chainSigner, logEntryText, logSigner, newLogSalt, type LogEntry } from './petition-log';
/** common/files (MediaProbe) and the seed's demo media: where ffmpeg and ffprobe come from. */
export { findOnPath, resolveMediaTools, type MediaTool, type MediaToolName, type MediaTools } from './media-tools';
