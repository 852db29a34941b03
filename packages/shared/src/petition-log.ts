import { createHash, randomBytes } from 'node:crypto';

/**
 * The entries of the petition signature log (docs/petitions.md, "The signature log"), shared by the
 * API and the seed. The Merkle tree over them is in the API (`petition-log.merkle.ts`); the
 * standalone verifier (`scripts/verify-receipt.mjs`) repeats `logEntryText` and must agree with it.
 */

const sha256hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Who signed, before salting: stable for one person and petition, without the account id. */
export function chainSigner(petitionId: number, userId: number): string {
  return sha256hex(`petition:${petitionId}:user:${userId}`);
}

/** A new random salt (hex): one per signer and petition, given to the signer in the receipt. */
export const newLogSalt = (): string => randomBytes(32).toString('hex');

/** The signer as the public log names them: reveals nothing without the salt. */
export function logSigner(salt: string, petitionId: number, userId: number): string {
  return sha256hex(`${salt}:${chainSigner(petitionId, userId)}`);
}

export interface LogEntry {
  petitionId: number;
  action: 'sign' | 'withdraw';
  signer: string;
  /** Milliseconds precision (the text has them). */
  createdAt: Date;
}

/** The bytes a leaf hashes (`H(0x00 || text)`), UTF-8: four lines after a version line. */
export function logEntryText(e: LogEntry): string {
  return `legenett-petition-log/v1\n${e.petitionId}\n${e.action}\n${e.signer}\n${e.createdAt.toISOString()}\n`;
}
