// Triangle trees are built on first use. A lazily built tree must be the tree an
// eager build gives, queries on a part whose trees are not built yet must answer exactly as
// the brute-force oracle, and a query that never reaches a surface must not build its tree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceCollide, collide, indexPartFully, partFromMesh, triangleTreeOf, type Part } from '../../src/index.js';
import { gridPose, mulberry32, randomPose, randomSoup, sortedPairs, sortedTrianglePairs } from '../helpers/soup.js';

/** The same mesh as a fresh part (no triangle tree built yet). */
function freshCopy(p: Part, scale = 1): Part {
  return partFromMesh({
    name: p.name,
    positions: Array.from(p.positions, (v) => v * scale),
    indices: p.indices,
    surfaces: p.surfaces.map((s) => ({ first: s.firstTriangle, last: s.firstTriangle + s.triangleCount - 1 })),
  });
}

const built = (p: Part): number => p.surfaces.filter((s) => s.triangleTree !== null).length;

describe('lazy triangle trees', () => {
  it('a tree built on first use equals the eager one, at 1e-3, 1 and 1e4 scales, degenerate triangles included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1e-3, 1, 1e4), (seed, scale) => {
        const lazy = freshCopy(randomSoup('a', seed, { triangles: 70, surfaces: 5, grid: 0.25, size: 4, degenerate: 0.2 }), scale);
        const eager = indexPartFully(freshCopy(lazy));
        expect(built(lazy)).toBe(0);
        lazy.surfaces.forEach((s, i) => expect(triangleTreeOf(s)).toEqual(eager.surfaces[i]!.triangleTree));
        // Built once: the second call hands back the same tree.
        lazy.surfaces.forEach((s) => expect(triangleTreeOf(s)).toBe(s.triangleTree));
      }),
      { numRuns: 40 },
    );
  });

  it('queries on unbuilt trees equal the oracle (touching, coplanar and degenerate grid cases; tiny and huge coordinates)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom(1e-3, 1, 1e4), fc.boolean(), (seed, scale, grid) => {
        const rnd = mulberry32(seed);
        const soup = { triangles: 50, surfaces: 4, grid: grid ? 1 : 0, size: 6, degenerate: 0.2 };
        const a = freshCopy(randomSoup('a', seed, soup), scale), b = freshCopy(randomSoup('b', seed + 3, soup), scale);
        const pose = (spread: number): number[] => {
          const m = grid ? gridPose(rnd, spread) : randomPose(rnd, spread).toArray();
          for (let k = 12; k < 15; k++) m[k] = m[k]! * scale;
          return m;
        };
        const poseA = pose(4), poseB = pose(4);
        const oracle = bruteForceCollide(a, poseA, b, poseB, { mode: 'all-triangles' });
        const result = collide(a, poseA, b, poseB, { mode: 'all-triangles' });
        expect(sortedPairs(result.surfacePairs)).toEqual(sortedPairs(oracle.surfacePairs));
        expect(sortedTrianglePairs(result.trianglePairs)).toEqual(sortedTrianglePairs(oracle.trianglePairs));
      }),
      { numRuns: 60 },
    );
  });

  it('a query the OBB pre-check rejects builds no triangle tree; one that overlaps builds only what it reached', () => {
    const a = randomSoup('a', 11, { triangles: 200, surfaces: 20, grid: 0, size: 10, degenerate: 0 });
    const b = randomSoup('b', 12, { triangles: 200, surfaces: 20, grid: 0, size: 10, degenerate: 0 });
    const far = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 100, 0, 0, 1];
    expect(collide(a, far, b, far.map((v, i) => (i === 12 ? -100 : v))).intersecting).toBe(false);
    expect(built(a) + built(b)).toBe(0);
    // B shifted so that only a corner of the boxes overlaps: the OAABB keeps most surfaces out.
    const corner = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 9, 9, 9, 1];
    collide(a, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], b, corner, { mode: 'all-triangles' });
    expect(built(b)).toBeLessThan(b.surfaces.filter((s) => s.triangleCount > 0).length);
  });
});

describe('createPart validation fast paths', () => {
  it('surface ranges: accepted exactly when they tile the triangles; the error names the first bad triangle', () => {
    const positions = Array.from({ length: 9 * 12 }, (_, i) => i % 7); // 12 unindexed triangles
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: -1, max: 11 })), { minLength: 1, maxLength: 6 }), (raw) => {
        const surfaces = raw.map(([first, last]) => ({ first, last }));
        // The rule, per triangle (as the slow path checks it).
        const owner = new Int32Array(12).fill(-1);
        let expected: RegExp | null = null;
        surfaces.forEach(({ first, last }, s) => {
          if (expected) return;
          if (last < first - 1 || last >= 12) expected = /triangle range/;
          for (let t = first; t <= last && !expected; t++) {
            if (owner[t]! >= 0) expected = new RegExp(`triangle ${t} belongs to two surfaces \\(surface ${s} and ${owner[t]}\\)`);
            owner[t] = s;
          }
        });
        if (!expected && owner.indexOf(-1) >= 0) expected = new RegExp(`triangle ${owner.indexOf(-1)} belongs to no surface`);
        const make = (): Part => partFromMesh({ name: 'p', positions, surfaces });
        if (expected) expect(make).toThrowError(expected);
        else {
          const p = make();
          surfaces.forEach(({ first, last }, s) => {
            for (let t = first; t <= last; t++) expect(p.triangleSurface[t]).toBe(s);
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('indices and positions: every bad value is named by its index, typed or plain input', () => {
    const bad = fc.constantFrom(-1, 0.5, NaN, 9, 2 ** 32 + 1, Infinity);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), bad, fc.boolean(), fc.constantFrom(null, [0, 1, 2], [2, 0, 1]), (at, value, typed, order) => {
        const positions = Array.from({ length: 27 }, (_, i) => i);
        const indices = Array.from({ length: 9 }, (_, i) => i);
        indices[at] = value;
        const input = typed && Number.isInteger(value) && value >= 0 && value < 2 ** 32 ? Uint32Array.from(indices) : indices;
        // One surface, or one per triangle in either order (a typed array's range is checked surface by surface).
        const surfaces = order ? order.map((t) => ({ first: t, last: t })) : null;
        expect(() => partFromMesh({ name: 'p', positions, indices: input, surfaces })).toThrowError(new RegExp(`indices\\[${at}\\] is ${value}`));
        const broken = positions.slice();
        broken[3 * at] = value === 0.5 || value === -1 || value === 9 ? Infinity : value;
        if (!Number.isFinite(broken[3 * at]!)) expect(() => partFromMesh({ name: 'p', positions: broken, indices: Array.from({ length: 9 }, (_, i) => i) })).toThrowError(new RegExp(`positions\\[${3 * at}\\] is`));
      }),
      { numRuns: 100 },
    );
  });
});
