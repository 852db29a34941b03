import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The hash chain of a petition's signatures (docs/petitions.md, "Tamper evidence"). One definition
 * in two forms that must agree: `chainHash` in Node (verifying, the seed) and `chainHashSql` in
 * PostgreSQL (signing and withdrawing compute the link inside the one statement that holds the
 * petition's row lock). The API's integration tests sign through SQL and verify through Node.
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

/** A link's time as `Date.prototype.toISOString` writes it (UTC, milliseconds); `at` must be truncated to milliseconds. */
const isoSql = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Truncated to what the hash and `Date` keep, so the stored time re-hashes to the same value. */
export const chainTimeSql = (at: SQL): SQL<Date> => sql<Date>`date_trunc('milliseconds', ${at})`;

/**
 * `chainHash` as a PostgreSQL expression (sha256() is built in since PostgreSQL 11) over columns or
 * expressions of the statement: the same text, joined by `|`, hashed as UTF-8, in lower-case hex.
 */
export function chainHashSql(link: {
  prevHash: SQL;
  petitionId: SQL;
  position: SQL;
  action: ChainLink['action'];
  signer: string;
  createdAt: SQL;
}): SQL<string> {
  return sql<string>`encode(sha256(convert_to(concat_ws('|', ${link.prevHash}, ${link.petitionId}::text, ${link.position}::text, ${link.action}::text, ${link.signer}::text, ${isoSql(link.createdAt)}), 'UTF8')), 'hex')`;
}
