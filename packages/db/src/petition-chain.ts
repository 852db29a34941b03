import { createHash } from 'node:crypto';

/**
 * The hash chain of a petition's signatures (docs/petitions.md, "Tamper evidence"). One function,
 * used by the API when signing, withdrawing and verifying, and by the seed, so both build the same
 * chain.
 */

/** The `prev_hash` of a petition's first link. */
export const CHAIN_GENESIS = '0'.repeat(64);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Who signed, as the chain names them: stable for one person and petition, without the account id. */
export function chainSigner(petitionId: number, userId: number): string {
  return sha256(`petition:${petitionId}:user:${userId}`);
}

export interface ChainLink {
  petitionId: number;
  position: number;
  action: 'sign' | 'withdraw';
  signer: string;
  prevHash: string;
  createdAt: Date;
}

/** The hash of one link: it covers the previous link's hash, so changing any link breaks every later one. */
export function chainHash(link: ChainLink): string {
  return sha256(
    [link.prevHash, link.petitionId, link.position, link.action, link.signer, link.createdAt.toISOString()].join('|'),
  );
}
