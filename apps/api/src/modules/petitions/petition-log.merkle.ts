import { createHash } from 'node:crypto';

/**
 * The Merkle tree of the petition log as RFC 9162 section 2.1 defines it (the RFC 6962 tree):
 * SHA-256, a leaf is `H(0x00 || entry)`, an inner node `H(0x01 || left || right)`, and a tree of
 * n > 1 leaves splits at the largest power of two below n. Pure functions, no I/O: the repository
 * stores the hashes of complete ("perfect") subtrees and hands them in through `NodeSource`.
 *
 * A stored node is named by its level (0 = a leaf, a subtree of 2^level leaves) and its index
 * (the subtree covers leaves [index * 2^level, (index + 1) * 2^level)). Every subtree the RFC's
 * recursions name is either such an aligned perfect subtree or splits into a few of them, so a proof
 * for a log of any size is read with one lookup of at most 2 * log2(n) stored nodes.
 */

export type Hash = Buffer;
export interface NodeId {
  level: number;
  index: number;
}
/** A stored perfect subtree's hash (throws when it is not stored). */
export type NodeSource = (level: number, index: number) => Hash;

const sha256 = (...parts: Buffer[]): Hash => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT: Hash = sha256();

export const leafHash = (entry: Buffer): Hash => sha256(LEAF_PREFIX, entry);
export const nodeHash = (left: Hash, right: Hash): Hash => sha256(NODE_PREFIX, left, right);

/** The largest power of two strictly below n (n >= 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const isPowerOfTwo = (n: number): boolean => n > 0 && (n & (n - 1)) === 0;
const log2 = (n: number): number => Math.round(Math.log2(n));

/** MTH(D[n]) over leaf hashes in memory: the reference definition (tests, small trees). */
export function rootOf(leaves: readonly Hash[]): Hash {
  if (leaves.length === 0) return EMPTY_ROOT;
  if (leaves.length === 1) return leaves[0]!;
  const k = splitPoint(leaves.length);
  return nodeHash(rootOf(leaves.slice(0, k)), rootOf(leaves.slice(k)));
}

/**
 * The aligned perfect subtrees that make up leaves [a, b), left to right, for a range the RFC's
 * recursions produce (its start is a multiple of every left part's size).
 */
export function perfectNodes(a: number, b: number): NodeId[] {
  const size = b - a;
  if (size <= 0) return [];
  if (isPowerOfTwo(size) && a % size === 0) return [{ level: log2(size), index: a / size }];
  const k = splitPoint(size);
  return [...perfectNodes(a, a + k), ...perfectNodes(a + k, b)];
}

/** MTH(D[a:b]) from stored perfect subtrees. */
export function rangeHash(a: number, b: number, get: NodeSource): Hash {
  const size = b - a;
  if (size === 0) return EMPTY_ROOT;
  if (isPowerOfTwo(size) && a % size === 0) return get(log2(size), a / size);
  const k = splitPoint(size);
  return nodeHash(rangeHash(a, a + k, get), rangeHash(a + k, b, get));
}

type Range = [number, number];

/** Whether any of the ascending `indexes` lies in [a, b): one binary search. */
function anyIn(indexes: readonly number[], a: number, b: number): boolean {
  let lo = 0;
  let hi = indexes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (indexes[mid]! < a) lo = mid + 1;
    else hi = mid;
  }
  return lo < indexes.length && indexes[lo]! < b;
}

/**
 * The stored nodes that the root of a tree of `size` needs around some of its leaves (ascending
 * `indexes`, which the caller has): the largest subtrees that hold none of them. With `rootAround`,
 * one batched inclusion proof of many leaves, never a walk of the log.
 */
export function nodesAround(size: number, indexes: readonly number[]): NodeId[] {
  const walk = (a: number, b: number): NodeId[] => {
    if (!anyIn(indexes, a, b)) return perfectNodes(a, b);
    if (b - a === 1) return [];
    const k = splitPoint(b - a);
    return [...walk(a, a + k), ...walk(a + k, b)];
  };
  return walk(0, size);
}

/** MTH(D[size]) from the given leaves (keys ascending) and the stored nodes of `nodesAround`. */
export function rootAround(size: number, leaves: ReadonlyMap<number, Hash>, get: NodeSource): Hash {
  const indexes = [...leaves.keys()];
  const walk = (a: number, b: number): Hash => {
    if (!anyIn(indexes, a, b)) return rangeHash(a, b, get);
    if (b - a === 1) return leaves.get(a)!;
    const k = splitPoint(b - a);
    return nodeHash(walk(a, a + k), walk(a + k, b));
  };
  return walk(0, size);
}

/** The subtrees whose hashes form PATH(m, D[n]) (RFC 9162 2.1.3.1), leaf-side first. */
export function inclusionRanges(m: number, n: number, offset = 0): Range[] {
  if (m < 0 || m >= n) throw new RangeError(`leaf ${m} is not in a tree of ${n}`);
  if (n === 1) return [];
  const k = splitPoint(n);
  return m < k
    ? [...inclusionRanges(m, k, offset), [offset + k, offset + n]]
    : [...inclusionRanges(m - k, n - k, offset + k), [offset, offset + k]];
}

/** The subtrees whose hashes form PROOF(m, D[n]) (RFC 9162 2.1.4.1, SUBPROOF). */
export function consistencyRanges(m: number, n: number): Range[] {
  if (m < 0 || m > n) throw new RangeError(`no consistency from ${m} to ${n}`);
  if (m === 0 || m === n) return [];
  const sub = (m: number, n: number, offset: number, whole: boolean): Range[] => {
    if (m === n) return whole ? [] : [[offset, offset + n]];
    const k = splitPoint(n);
    return m <= k ? [...sub(m, k, offset, whole), [offset + k, offset + n]] : [...sub(m - k, n - k, offset + k, false), [offset, offset + k]];
  };
  return sub(m, n, 0, true);
}

/** Every stored node the given ranges need (deduplicated): what one lookup reads. */
export function nodesFor(ranges: readonly Range[]): NodeId[] {
  const seen = new Map<string, NodeId>();
  for (const [a, b] of ranges) for (const node of perfectNodes(a, b)) seen.set(`${node.level}:${node.index}`, node);
  return [...seen.values()];
}

export const inclusionProof = (m: number, n: number, get: NodeSource): Hash[] => inclusionRanges(m, n).map(([a, b]) => rangeHash(a, b, get));
export const consistencyProof = (m: number, n: number, get: NodeSource): Hash[] => consistencyRanges(m, n).map(([a, b]) => rangeHash(a, b, get));

/** RFC 9162 2.1.3.2: whether `proof` shows the leaf at `index` in the tree of `size` with `root`. */
export function verifyInclusion(index: number, size: number, leaf: Hash, proof: readonly Hash[], root: Hash): boolean {
  if (index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

/** RFC 9162 2.1.4.2: whether `proof` shows the tree of `second` (root `secondRoot`) extends the one of `first`. */
export function verifyConsistency(first: number, second: number, firstRoot: Hash, secondRoot: Hash, proof: readonly Hash[]): boolean {
  if (first < 0 || first > second) return false;
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  if (first === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return fr.equals(firstRoot) && sr.equals(secondRoot) && sn === 0;
}

/**
 * Appends leaves to a tree of `size`: answers every perfect subtree completed by them (the leaves
 * themselves at level 0, then the inner nodes they close) and the new root. `get` must answer the
 * nodes of `perfectNodes(0, size)` (the tree's right edge), which is all an append needs.
 */
export function append(size: number, leaves: readonly Hash[], get: NodeSource): { nodes: (NodeId & { hash: Hash })[]; root: Hash; size: number } {
  const added = new Map<string, Hash>();
  const nodes: (NodeId & { hash: Hash })[] = [];
  const read: NodeSource = (level, index) => added.get(`${level}:${index}`) ?? get(level, index);
  const put = (level: number, index: number, hash: Hash) => {
    added.set(`${level}:${index}`, hash);
    nodes.push({ level, index, hash });
  };
  let n = size;
  for (const leaf of leaves) {
    put(0, n, leaf);
    n += 1;
    // Each level whose subtree this leaf completes: leaves [n - 2^level, n).
    for (let level = 1; n % 2 ** level === 0; level++) {
      const index = n / 2 ** level - 1;
      put(level, index, nodeHash(read(level - 1, 2 * index), read(level - 1, 2 * index + 1)));
    }
  }
  return { nodes, root: rangeHash(0, n, read), size: n };
}

/**
 * The audit of some leaves of a tree of `size` (one petition's entries, `verify`): each leaf is
 * recomputed from its entry and compared with the stored one, and the root is rebuilt from the
 * recomputed leaves and the stored subtrees around them (`nodesAround`, `rootAround`): one batched
 * inclusion proof, never a walk of the log. A changed entry shows as `brokenAt` (its leaf no longer
 * matches) and a changed stored leaf or subtree as a root that does not match the checkpoint's.
 */
export class LeafAudit {
  private readonly leaves = new Map<number, Hash>();
  private last = -1;
  /** The first leaf index whose recomputed hash differs from the stored one, or null. */
  brokenAt: number | null = null;

  constructor(readonly size: number) {}

  /** A leaf recomputed from its entry, and the stored one, in ascending index order. */
  add(index: number, recomputed: Hash, stored: Hash): void {
    if (index <= this.last || index >= this.size) throw new RangeError(`leaf ${index} is not the next leaf of a tree of ${this.size} after ${this.last}`);
    this.last = index;
    if (this.brokenAt === null && !recomputed.equals(stored)) this.brokenAt = index;
    this.leaves.set(index, recomputed);
  }

  /** How many leaves were added. */
  get count(): number {
    return this.leaves.size;
  }

  /** The stored subtrees the rebuilt root needs besides the added leaves (one lookup). */
  nodesNeeded(): NodeId[] {
    return nodesAround(this.size, [...this.leaves.keys()]);
  }

  /** Whether the root rebuilt from the added leaves and the nodes of `nodesNeeded` (through `get`) is `root`. */
  rootMatches(root: Hash, get: NodeSource): boolean {
    return rootAround(this.size, this.leaves, get).equals(root);
  }
}
