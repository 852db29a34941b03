import {
  append,
  consistencyProof,
  EMPTY_ROOT,
  type Hash,
  inclusionProof,
  LeafAudit,
  leafHash,
  type NodeSource,
  nodesAround,
  nodesFor,
  rootAround,
  inclusionRanges,
  rootOf,
  verifyConsistency,
  verifyInclusion,
} from './petition-log.merkle';

const hex = (h: Hash) => h.toString('hex');
const unhex = (s: string) => Buffer.from(s, 'hex');

// The reference tree of RFC 6962 / 9162 implementations (Certificate Transparency's test data).
const ENTRIES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(unhex);
const LEAVES = ENTRIES.map(leafHash);
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION: [number, number, string[]][] = [
  [0, 8, ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4']],
  [5, 8, ['bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7']],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
];
const CONSISTENCY: [number, number, string[]][] = [
  [1, 8, ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4']],
  [6, 8, ['0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7']],
  [2, 5, ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b']],
];

/** The stored nodes of a tree built by `append` in batches, as the sequencer stores them. */
function built(leaves: readonly Hash[], batch: number) {
  const store = new Map<string, Hash>();
  const get: NodeSource = (level, index) => {
    const h = store.get(`${level}:${index}`);
    if (!h) throw new Error(`node ${level}:${index} not stored`);
    return h;
  };
  const roots: Hash[] = [EMPTY_ROOT];
  for (let from = 0; from < leaves.length; from += batch) {
    const result = append(from, leaves.slice(from, from + batch), get);
    for (const n of result.nodes) store.set(`${n.level}:${n.index}`, n.hash);
    roots[result.size] = result.root;
  }
  return { get, roots };
}

describe('petition log Merkle tree (RFC 9162)', () => {
  it('hashes leaves and trees as the reference vectors say', () => {
    expect(hex(EMPTY_ROOT)).toBe(ROOTS[0]);
    for (let n = 0; n <= 8; n++) expect(hex(rootOf(LEAVES.slice(0, n)))).toBe(ROOTS[n]);
  });

  it('appends in batches to the same roots, and answers the reference inclusion and consistency proofs', () => {
    for (const batch of [1, 3, 8]) {
      const { get, roots } = built(LEAVES, batch);
      expect(hex(roots[8]!)).toBe(ROOTS[8]);
      for (const [m, n, proof] of INCLUSION) {
        expect(inclusionProof(m, n, get).map(hex)).toEqual(proof);
        expect(verifyInclusion(m, n, LEAVES[m]!, proof.map(unhex), unhex(ROOTS[n]!))).toBe(true);
      }
      for (const [m, n, proof] of CONSISTENCY) {
        expect(consistencyProof(m, n, get).map(hex)).toEqual(proof);
        expect(verifyConsistency(m, n, unhex(ROOTS[m]!), unhex(ROOTS[n]!), proof.map(unhex))).toBe(true);
      }
    }
  });

  it('proves every leaf and every pair of sizes of a ragged tree, and refuses tampered proofs', () => {
    const leaves = Array.from({ length: 45 }, (_, i) => leafHash(Buffer.from([i, i * 3])));
    const { get } = built(leaves, 7);
    for (let n = 1; n <= leaves.length; n++) {
      const root = rootOf(leaves.slice(0, n));
      for (let m = 0; m < n; m++) {
        const proof = inclusionProof(m, n, get);
        expect(verifyInclusion(m, n, leaves[m]!, proof, root)).toBe(true);
        // Another leaf or a changed proof element: refused. (The size is bound by the signed checkpoint.)
        if (n > 1) expect(verifyInclusion(m, n, leaves[(m + 1) % n]!, proof, root)).toBe(false);
        if (proof.length > 0) {
          const bad = proof.map((p, i) => (i === 0 ? Buffer.from(p.map((b) => b ^ 1)) : p));
          expect(verifyInclusion(m, n, leaves[m]!, bad, root)).toBe(false);
        }
        const mRoot = rootOf(leaves.slice(0, m));
        const consistency = consistencyProof(m, n, get);
        expect(verifyConsistency(m, n, mRoot, root, consistency)).toBe(true);
        if (consistency.length > 0 && m > 0) {
          expect(verifyConsistency(m, n, mRoot, root, consistency.slice(1))).toBe(false);
          expect(verifyConsistency(m, n, root, mRoot, consistency)).toBe(false);
        }
      }
    }
  });

  it('reads at most 2 log2(n) stored nodes for a proof in a log of a million', () => {
    for (const [m, n] of [
      [0, 1_000_000],
      [999_999, 1_000_000],
      [123_457, 1_000_000],
    ] as const) {
      expect(nodesFor(inclusionRanges(m, n)).length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n)));
    }
  });
});

describe('the root around some known leaves', () => {
  it('equals the reference root for any size and any set of known leaves, from only the nodes it asked for', () => {
    for (const size of [0, 1, 2, 3, 5, 8, 13, 64, 100]) {
      const leaves = Array.from({ length: size }, (_, i) => leafHash(Buffer.from(`entry ${i}`)));
      // Every node of the stored tree (level, index) -> hash, as the repository keeps them.
      const stored: NodeSource = (level, index) => rootOf(leaves.slice(index * 2 ** level, (index + 1) * 2 ** level));
      for (const known of [[], [0], [size - 1], [1, 2, 3], [0, Math.floor(size / 2), size - 1]]) {
        const indexes = [...new Set(known.filter((i) => i >= 0 && i < size))].sort((a, b) => a - b);
        const asked = nodesAround(size, indexes);
        const allowed = new Set(asked.map((n) => `${n.level}:${n.index}`));
        const get: NodeSource = (level, index) => {
          if (!allowed.has(`${level}:${index}`)) throw new Error(`node ${level}:${index} was not asked for`);
          return stored(level, index);
        };
        const given = new Map(indexes.map((i) => [i, leaves[i]!]));
        expect([size, indexes, hex(rootAround(size, given, get))]).toEqual([size, indexes, hex(rootOf(leaves))]);
        // A changed known leaf changes the root.
        if (indexes.length > 0) {
          const tampered = new Map(given).set(indexes[0]!, leafHash(Buffer.from('tampered')));
          expect(rootAround(size, tampered, get).equals(rootOf(leaves))).toBe(false);
        }
      }
    }
  });
});

describe('the audit of some leaves (a petition\'s entries against the stored tree)', () => {
  /** A tree of `size` leaves stored as the sequencer stores it (in batches of five), and its root. */
  function stored(size: number) {
    const leaves = Array.from({ length: size }, (_, i) => leafHash(Buffer.from(`entry ${i}`)));
    const { get } = built(leaves, 5);
    return { leaves, get, root: rootOf(leaves) };
  }

  it('finds nothing broken and rebuilds the root for any size and any set of leaves, from only the nodes it asked for', () => {
    for (const size of [1, 2, 3, 7, 8, 13, 33]) {
      const { leaves, get, root } = stored(size);
      for (const known of [[], [0], [size - 1], [0, 1, 2], [1, Math.floor(size / 2), size - 1]]) {
        const indexes = [...new Set(known.filter((i) => i >= 0 && i < size))].sort((a, b) => a - b);
        const audit = new LeafAudit(size);
        for (const i of indexes) audit.add(i, leaves[i]!, get(0, i));
        const asked = new Set(audit.nodesNeeded().map((n) => `${n.level}:${n.index}`));
        const only: NodeSource = (level, index) => {
          if (!asked.has(`${level}:${index}`)) throw new Error(`node ${level}:${index} was not asked for`);
          return get(level, index);
        };
        expect([size, indexes, audit.brokenAt, audit.count, audit.rootMatches(root, only)]).toEqual([size, indexes, null, indexes.length, true]);
        // Another tree's root (one leaf fewer or more) does not match.
        expect(audit.rootMatches(rootOf(leaves.slice(0, size - 1)), only)).toBe(false);
      }
    }
  });

  it('names the first changed entry and fails the root; a changed stored subtree fails the root alone', () => {
    const { leaves, get, root } = stored(21);
    const changed = leafHash(Buffer.from('entry 9, changed afterwards'));
    const audit = new LeafAudit(21);
    audit.add(3, leaves[3]!, get(0, 3));
    audit.add(9, changed, get(0, 9));
    audit.add(12, changed, get(0, 12));
    expect(audit.brokenAt).toBe(9);
    expect(audit.rootMatches(root, get)).toBe(false);

    // The entries are as stored, but a subtree beside them was rewritten: the root shows it.
    const clean = new LeafAudit(21);
    for (const i of [3, 9, 12]) clean.add(i, leaves[i]!, get(0, i));
    const [beside] = clean.nodesNeeded();
    const rewritten: NodeSource = (level, index) => (level === beside!.level && index === beside!.index ? leafHash(Buffer.from('forged')) : get(level, index));
    expect(clean.brokenAt).toBeNull();
    expect(clean.rootMatches(root, get)).toBe(true);
    expect(clean.rootMatches(root, rewritten)).toBe(false);
  });

  it('takes leaves once, in log order, inside the tree', () => {
    const { leaves, get } = stored(4);
    const audit = new LeafAudit(4);
    audit.add(1, leaves[1]!, get(0, 1));
    expect(() => audit.add(1, leaves[1]!, get(0, 1))).toThrow(RangeError);
    expect(() => audit.add(0, leaves[0]!, get(0, 0))).toThrow(RangeError);
    expect(() => audit.add(4, leaves[0]!, get(0, 0))).toThrow(RangeError);
  });
});
