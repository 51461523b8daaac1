import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trianglesIntersect } from '../../src/math/triangleIntersect.js';
import { PERMUTATIONS, affine, det3, mapCoords, pairs, permute, rotate, touchyPairs, unitQuaternion } from './oracle/arbitraries.js';
import { exactDistance2, exactIntersect, toBig, toExactIntegers } from './oracle/exactTriangles.js';

const T = (...xs: number[]): Float64Array => Float64Array.from(xs);
const G = 1e-9; // a gap 1e-9 of the triangle size: must never count as touching

/** Base triangle for most cases: the unit right triangle in z = 0. */
const P0 = T(0, 0, 0, 1, 0, 0, 0, 1, 0);

type Case = { name: string; p: Float64Array; q: Float64Array; hit: boolean };
const cases: Case[] = [
  // touching between non-coplanar triangles
  { name: 'shared edge, folded', p: P0, q: T(0, 0, 0, 1, 0, 0, 0, 0, 1), hit: true },
  { name: 'shared vertex only', p: P0, q: T(0, 0, 0, -1, 0, 1, 0, -1, 1), hit: true },
  { name: 'vertex on face interior', p: P0, q: T(0.25, 0.25, 0, 1, 1, 1, 0, 1, 1), hit: true },
  { name: 'vertex just above face', p: P0, q: T(0.25, 0.25, G, 1, 1, 1, 0, 1, 1), hit: false },
  { name: 'vertex on edge interior', p: P0, q: T(0.5, 0, 0, 0.5, -1, 1, 0.5, 1, 1), hit: true },
  { name: 'edge crosses edge', p: T(-1, 0, 0, 1, 0, 0, 0, -1, 0), q: T(0, 0, -1, 0, 0, 1, 0, 1, 0), hit: true },
  { name: 'edge passes edge by 1e-9', p: T(-1, 0, 0, 1, 0, 0, 0, -1, 0), q: T(0, G, -1, 0, G, 1, 0, 1, 0), hit: false },
  { name: 'edge lies on face', p: T(0, 0, 0, 2, 0, 0, 0, 2, 0), q: T(0.5, 0.25, 0, 0.25, 0.5, 0, 0.25, 0.25, 1), hit: true },
  { name: 'pierced through the interior', p: T(0, 0, 0, 4, 0, 0, 0, 4, 0), q: T(1, 1, -1, 1.5, 1, 1, 1, 1.5, 1), hit: true },
  { name: 'interlocked (each pierces the other)', p: T(-1, 0, 0, 1, 0, 0, 0, 2, 0), q: T(0, 1, -1, 0, 1, 1, 0, -1, 0), hit: true },
  { name: 'crossing planes, disjoint', p: P0, q: T(2, 2, -1, 2, 2, 1, 3, 1, 0), hit: false },
  // coplanar
  { name: 'coplanar overlapping', p: T(0, 0, 0, 2, 0, 0, 0, 2, 0), q: T(0.5, 0.5, 0, 3, 0.5, 0, 0.5, 3, 0), hit: true },
  { name: 'coplanar, one inside the other', p: T(0, 0, 0, 4, 0, 0, 0, 4, 0), q: T(1, 1, 0, 2, 1, 0, 1, 2, 0), hit: true },
  { name: 'coplanar, shared edge', p: P0, q: T(0, 0, 0, 1, 0, 0, 0, -1, 0), hit: true },
  { name: 'coplanar, touching along part of an edge', p: P0, q: T(0.25, 0, 0, 0.75, 0, 0, 0.5, -1, 0), hit: true },
  { name: 'coplanar, touching at a vertex', p: P0, q: T(1, 0, 0, 2, -1, 0, 2, 1, 0), hit: true },
  { name: 'coplanar, vertex on edge', p: P0, q: T(0.5, 0.5, 0, 1, 1, 0, 1.5, 0.25, 0), hit: true },
  { name: 'coplanar, 1e-9 apart', p: P0, q: T(0.5, -G, 0, 0, -1, 0, 1, -1, 0), hit: false },
  { name: 'coplanar, identical', p: P0, q: P0, hit: true },
  // parallel planes
  { name: 'parallel planes 1e-9 apart', p: P0, q: T(0, 0, G, 1, 0, G, 0, 1, G), hit: false },
  { name: 'parallel tilted planes 1e-9 apart', p: T(1, 0, 0, 0, 1, 0, 0, 0, 1), q: T(1 + G, G, G, G, 1 + G, G, G, G, 1 + G), hit: false },
  { name: 'parallel planes, partial overlap, 1e-9 apart', p: P0, q: T(0.25, 0.25, G, 1.25, 0.25, G, 0.25, 1.25, G), hit: false },
  // one triangle degenerate
  { name: 'segment through the face', p: P0, q: T(0.25, 0.25, -1, 0.25, 0.25, 1, 0.25, 0.25, 0.5), hit: true },
  { name: 'segment (repeated vertex) through the face', p: P0, q: T(0.25, 0.25, -1, 0.25, 0.25, 1, 0.25, 0.25, -1), hit: true },
  { name: 'segment ending on the face', p: P0, q: T(0.25, 0.25, 0, 0.25, 0.25, 1, 0.25, 0.25, 1), hit: true },
  { name: 'segment missing the face', p: P0, q: T(0.75, 0.75, -1, 0.75, 0.75, 1, 0.75, 0.75, 0), hit: false },
  { name: 'segment ending 1e-9 above the face', p: P0, q: T(0.25, 0.25, G, 0.25, 0.25, 1, 0.25, 0.25, 0.5), hit: false },
  { name: 'segment through an edge', p: P0, q: T(0.5, 0, -1, 0.5, 0, 1, 0.5, 0, 0.5), hit: true },
  { name: 'coplanar segment crossing', p: P0, q: T(-1, 0.25, 0, 2, 0.25, 0, 0.5, 0.25, 0), hit: true },
  { name: 'coplanar segment outside', p: P0, q: T(0, 1 + G, 0, 1, 1 + G, 0, 0.5, 1 + G, 0), hit: false },
  { name: 'point on face', p: P0, q: T(0.25, 0.25, 0, 0.25, 0.25, 0, 0.25, 0.25, 0), hit: true },
  { name: 'point on edge', p: P0, q: T(0.5, 0.5, 0, 0.5, 0.5, 0, 0.5, 0.5, 0), hit: true },
  { name: 'point off face', p: P0, q: T(0.25, 0.25, G, 0.25, 0.25, G, 0.25, 0.25, G), hit: false },
  { name: 'point beyond edge, in plane', p: P0, q: T(0.5, -G, 0, 0.5, -G, 0, 0.5, -G, 0), hit: false },
  // both degenerate
  { name: 'crossing segments', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(1, -1, 0, 1, 1, 0, 1, 0.5, 0), hit: true },
  { name: 'skew segments', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(1, -1, G, 1, 1, G, 1, 0.5, G), hit: false },
  { name: 'segments meeting end to end, collinear', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(2, 0, 0, 3, 0, 0, 2.5, 0, 0), hit: true },
  { name: 'collinear segments 1e-9 apart', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(2 + G, 0, 0, 3, 0, 0, 2.5, 0, 0), hit: false },
  { name: 'collinear overlapping segments', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(1.5, 0, 0, 3, 0, 0, 2, 0, 0), hit: true },
  { name: 'T-junction of segments', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(1, 0, 0, 1, 1, 1, 1, 1, 1), hit: true },
  { name: 'parallel segments', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(0, G, 0, 2, G, 0, 1, G, 0), hit: false },
  { name: 'point on segment', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(0.5, 0, 0, 0.5, 0, 0, 0.5, 0, 0), hit: true },
  { name: 'point beside segment', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(0.5, G, 0, 0.5, G, 0, 0.5, G, 0), hit: false },
  { name: 'point past segment end, on its line', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(2 + G, 0, 0, 2 + G, 0, 0, 2 + G, 0, 0), hit: false },
  { name: 'equal points', p: T(1, 2, 3, 1, 2, 3, 1, 2, 3), q: T(1, 2, 3, 1, 2, 3, 1, 2, 3), hit: true },
  { name: 'distinct points', p: T(1, 2, 3, 1, 2, 3, 1, 2, 3), q: T(1, 2, 3 + G, 1, 2, 3 + G, 1, 2, 3 + G), hit: false },
];

/** The same configuration far from the origin and tiny: the answer must not change. */
const variants: { name: string; f: (x: number, axis: number) => number }[] = [
  { name: 'as is', f: (x) => x },
  { name: 'offset ~1e6', f: (x, a) => x + [1e6, -1e6, 5e5][a]! },
  { name: 'scaled to ~1e-6', f: (x) => x * 2 ** -20 },
  { name: 'scaled to ~1e-6 and offset', f: (x, a) => x * 2 ** -20 + [3e-4, -1e-5, 0][a]! },
];

describe('trianglesIntersect: hard cases', () => {
  for (const c of cases) {
    for (const v of variants) {
      it(`${c.name} (${v.name})`, () => {
        const p = mapCoords(c.p, v.f), q = mapCoords(c.q, v.f);
        for (const a of PERMUTATIONS) {
          for (const b of PERMUTATIONS) {
            const pp = permute(p, a), qq = permute(q, b);
            expect(trianglesIntersect(pp, qq), `perm ${a} / ${b}`).toBe(c.hit);
            expect(trianglesIntersect(qq, pp), `swapped, perm ${a} / ${b}`).toBe(c.hit);
          }
        }
      });
    }
  }

  it('the unit cases agree with the exact oracle (as is)', () => {
    for (const c of cases) {
      const e = toExactIntegers(c.p, c.q);
      expect(exactIntersect(e.p, e.q), c.name).toBe(c.hit);
    }
  });

  it('does not read beyond 9 entries and does not write its inputs', () => {
    const p = T(0, 0, 0, 1, 0, 0, 0, 1, 0, 99, 99, 99), q = T(0, 0, 0, 1, 0, 0, 0, 0, 1, NaN);
    expect(trianglesIntersect(p, q)).toBe(true);
    expect(Array.from(p)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 99, 99, 99]);
  });
});

describe('trianglesIntersect: against the exact BigInt oracle', () => {
  it('small integer triangles (shared features, coplanar, tilted, degenerate)', () => {
    fc.assert(
      fc.property(pairs, ({ p, q }) => {
        expect(trianglesIntersect(p, q)).toBe(exactIntersect(toBig(p), toBig(q)));
      }),
      { numRuns: 3000 },
    );
  });

  it('random float triangles, away from the borderline', () => {
    // 42-bit random floats in [-4, 4] (bounded exponents keep the BigInt oracle fast).
    const coord = fc.integer({ min: -(2 ** 42), max: 2 ** 42 }).map((i) => i * 2 ** -40);
    const tri = fc.array(coord, { minLength: 9, maxLength: 9 }).map((a) => Float64Array.from(a));
    fc.assert(
      fc.property(tri, tri, (p, q) => {
        const e = toExactIntegers(p, q);
        const d2 = exactDistance2(e.p, e.q);
        const hit = d2.num === 0n;
        // Borderline: disjoint but closer than 1e-9 of the scale (an exact touch has measure zero).
        fc.pre(hit || Number(d2.num) / Number(d2.den) / 4 ** e.k > 1e-18);
        expect(trianglesIntersect(p, q)).toBe(hit);
      }),
      { numRuns: 500 },
    );
  });
});

describe('trianglesIntersect: invariances (exact inputs)', () => {
  it('swapping p/q and permuting or reversing vertices', () => {
    fc.assert(
      fc.property(pairs, fc.constantFrom(...PERMUTATIONS), fc.constantFrom(...PERMUTATIONS), ({ p, q }, a, b) => {
        const r = trianglesIntersect(p, q);
        expect(trianglesIntersect(permute(q, b), permute(p, a))).toBe(r);
        expect(trianglesIntersect(permute(p, a), permute(q, b))).toBe(r);
      }),
      { numRuns: 1500 },
    );
  });

  it('integer translations and invertible integer linear maps', () => {
    const matrix = fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 9, maxLength: 9 }).filter((m) => det3(m) !== 0);
    const shift = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(pairs, matrix, shift, ({ p, q }, m, t) => {
        const r = trianglesIntersect(p, q);
        const id = [1, 0, 0, 0, 1, 0, 0, 0, 1];
        expect(trianglesIntersect(Float64Array.from(affine([...p], id, t)), Float64Array.from(affine([...q], id, t)))).toBe(r);
        expect(trianglesIntersect(Float64Array.from(affine([...p], m, t)), Float64Array.from(affine([...q], m, t)))).toBe(r);
      }),
      { numRuns: 1000 },
    );
  });

  it('scaling by powers of two (2^-20 … 2^20) with offsets around 1e6', () => {
    const scale = fc.constantFrom(2 ** -20, 2 ** -10, 2 ** -1, 2 ** 10, 2 ** 20);
    const offset = fc.constantFrom([0, 0, 0], [1e6, 1e6, 1e6], [1e6, -1e6, 999_999.5], [-1_048_575, 12_345, 3e5]);
    fc.assert(
      fc.property(pairs, scale, offset, ({ p, q }, s, o) => {
        const f = (x: number, a: number): number => x * s + o[a]!;
        expect(trianglesIntersect(mapCoords(p, f), mapCoords(q, f))).toBe(trianglesIntersect(p, q));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('trianglesIntersect: robustness under float rigid motions', () => {
  // Two rounded rigid motions (like a pose composed with an import transform): touching
  // configurations must stay touching (the zero band absorbs the ulps) and disjoint
  // integer configurations, far apart relative to the band, must stay disjoint.
  it('touching stays touching, disjoint stays disjoint', () => {
    const frame = fc.record({
      first: unitQuaternion,
      second: unitQuaternion,
      scale: fc.constantFrom(1, 10.3, 1e-3, 777.7),
      offset: fc.constantFrom([0, 0, 0], [500, -20, 3], [1e6, 1e6, -1e6], [0.01, 0.02, 0.03]),
    });
    fc.assert(
      fc.property(fc.oneof(pairs, touchyPairs), frame, ({ p, q }, { first, second, scale, offset }) => {
        const hit = exactIntersect(toBig(p), toBig(q));
        const move = (t: Float64Array): Float64Array => rotate(rotate(t, first, scale, offset), second, 1, [1, 2, 3]);
        expect(trianglesIntersect(move(p), move(q))).toBe(hit);
      }),
      { numRuns: 3000, seed: 20261122 },
    );
  });

  // The gap requirement at its hardest: ~9 ulps at 1e6, any orientation, faces partly
  // overlapping so vertices sit outside the other face (where its plane is least certain).
  it('parallel faces 1e-9 apart at ~1e6 never touch; the same faces coplanar always do', () => {
    const layout = fc.record({
      quat: unitQuaternion,
      size: fc.constantFrom(1, 10, 0.01),
      lateral: fc.integer({ min: 0, max: 60 }).map((i) => i / 100),
      gap: fc.constantFrom(1e-9, 0),
    });
    fc.assert(
      fc.property(layout, ({ quat, size, lateral, gap }) => {
        const p = T(0, 0, 0, 1, 0, 0, 0.3, 0.9, 0);
        const q = T(0.2 + lateral, 0.1, gap / size, 0.9 + lateral, 0.3, gap / size, 0.1 + lateral, 0.8, gap / size);
        const o = [1e6, 1e6, 1e6];
        expect(trianglesIntersect(rotate(p, quat, size, o), rotate(q, quat, size, o))).toBe(gap === 0);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
