import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { triangleDistance, trianglesWithin } from '../../src/math/triangleDistance.js';
import { trianglesIntersect } from '../../src/math/triangleIntersect.js';
import { PERMUTATIONS, mapCoords, pairs, permute } from './oracle/arbitraries.js';
import { exactDistance2, rationalSqrt, toExactIntegers } from './oracle/exactTriangles.js';

const T = (...xs: number[]): Float64Array => Float64Array.from(xs);
const P0 = T(0, 0, 0, 1, 0, 0, 0, 1, 0);

/** Exact distance of two float triangles (BigInt rationals), rounded once. */
function exactDistance(p: Float64Array, q: Float64Array): number {
  const e = toExactIntegers(p, q);
  return rationalSqrt(exactDistance2(e.p, e.q)) * 2 ** -e.k;
}

function expectClose(actual: number, expected: number, rel = 1e-9): void {
  if (expected === 0) expect(actual).toBe(0);
  else expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(rel);
}

function nextUp(x: number): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  v.setBigUint64(0, v.getBigUint64(0) + (x >= 0 ? 1n : -1n));
  return x === 0 ? Number.MIN_VALUE : v.getFloat64(0);
}
function nextDown(x: number): number {
  return x === 0 ? -Number.MIN_VALUE : -nextUp(-x);
}

type Case = { name: string; p: Float64Array; q: Float64Array; d: number };
const cases: Case[] = [
  { name: 'parallel faces', p: P0, q: T(0, 0, 0.5, 1, 0, 0.5, 0, 1, 0.5), d: 0.5 },
  { name: 'skew edges', p: T(-1, 0, 0, 1, 0, 0, 0, -1, 0), q: T(0, -1, 1, 0, 1, 1, 0, 0, 2), d: 1 },
  { name: 'vertex above face', p: T(0, 0, 0, 4, 0, 0, 0, 4, 0), q: T(1, 1, 0.75, 3, 3, 3, 1, 3, 3), d: 0.75 },
  { name: 'vertex beside edge (in plane)', p: P0, q: T(0.5, -2, 0, 0, -3, 0, 1, -3, 0), d: 2 },
  { name: 'vertex to vertex', p: P0, q: T(-2, -2, -1, -3, -2, -1, -2, -3, -1), d: 3 },
  { name: 'shared edge', p: P0, q: T(0, 0, 0, 1, 0, 0, 0, 0, 1), d: 0 },
  { name: 'crossing', p: P0, q: T(0.25, 0.25, -1, 0.25, 0.25, 1, 1, 1, 0), d: 0 },
  { name: 'point to point', p: T(1, 1, 1, 1, 1, 1, 1, 1, 1), q: T(3, 3, 2, 3, 3, 2, 3, 3, 2), d: 3 },
  { name: 'point to segment interior', p: T(0, 0, 0, 4, 0, 0, 2, 0, 0), q: T(1, 3, 4, 1, 3, 4, 1, 3, 4), d: 5 },
  { name: 'point to segment end', p: T(0, 0, 0, 4, 0, 0, 2, 0, 0), q: T(7, 4, 0, 7, 4, 0, 7, 4, 0), d: 5 },
  { name: 'point above face', p: P0, q: T(0.25, 0.25, 2, 0.25, 0.25, 2, 0.25, 0.25, 2), d: 2 },
  { name: 'point above edge region', p: P0, q: T(0.5, -3, 4, 0.5, -3, 4, 0.5, -3, 4), d: 5 },
  { name: 'point on face', p: P0, q: T(0.25, 0.25, 0, 0.25, 0.25, 0, 0.25, 0.25, 0), d: 0 },
  { name: 'skew segments', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(1, -1, 3, 1, 1, 3, 1, 0, 3), d: 3 },
  { name: 'parallel segments', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(1, 3, 4, 3, 3, 4, 2, 3, 4), d: 5 },
  { name: 'collinear segments', p: T(0, 0, 0, 2, 0, 0, 1, 0, 0), q: T(5, 0, 0, 7, 0, 0, 6, 0, 0), d: 3 },
  { name: 'segment above face', p: P0, q: T(0.25, 0.25, 1, 0.5, 0.25, 2, 0.375, 0.25, 1.5), d: 1 },
  { name: 'segment through face', p: P0, q: T(0.25, 0.25, -1, 0.25, 0.25, 1, 0.25, 0.25, 0), d: 0 },
  { name: '1e-9 above the face', p: P0, q: T(0, 0, 1e-9, 1, 0, 1e-9, 0, 1, 1e-9), d: 1e-9 },
];

describe('triangleDistance: known distances', () => {
  for (const c of cases) {
    it(c.name, () => {
      for (const a of PERMUTATIONS) {
        for (const b of PERMUTATIONS) {
          const p = permute(c.p, a), q = permute(c.q, b);
          expectClose(triangleDistance(p, q), c.d, 1e-12);
          expectClose(triangleDistance(q, p), c.d, 1e-12);
        }
      }
      expectClose(exactDistance(c.p, c.q), c.d, 1e-12); // the oracle agrees
    });
  }

  it('scales with the coordinates (2^-20 and 2^20, with offsets ~1e6)', () => {
    for (const c of cases) {
      for (const [s, o] of [[2 ** -20, 0], [2 ** 20, 0], [1, 1e6], [2 ** 20, 1e6], [2 ** -10, 1e6]] as const) {
        const f = (x: number): number => x * s + o;
        const p = mapCoords(c.p, f), q = mapCoords(c.q, f);
        // The exact distance of the rounded inputs (1e-9 at 1e6 is only ~9 ulps, so it moves).
        expectClose(triangleDistance(p, q), exactDistance(p, q), 1e-9);
        if (Number.isInteger(c.d * 2 ** 10)) expectClose(triangleDistance(p, q), c.d * s, 1e-9);
      }
    }
  });

  it('is 0 for a pair that touches within the zero band (1 ulp apart at 1e6)', () => {
    const ulp = 2 ** -33; // at 1e6
    const p = mapCoords(P0, (x) => x + 1e6);
    const q = T(1e6 + 1 + ulp, 1e6, 1e6, 1e6 + 2, 1e6 - 1, 1e6, 1e6 + 2, 1e6 + 1, 1e6);
    expect(trianglesIntersect(p, q)).toBe(true);
    expect(triangleDistance(p, q)).toBe(0);
    expect(trianglesWithin(p, q, 0)).toBe(true);
  });

  it('is 0 exactly for touching pairs and tiny but positive for a 1e-9 gap at 1e6', () => {
    const f = (x: number): number => x + 1e6;
    expect(triangleDistance(mapCoords(P0, f), mapCoords(T(0, 0, 0, 1, 0, 0, 0, 0, 1), f))).toBe(0);
    const d = triangleDistance(mapCoords(P0, f), mapCoords(T(0, 0, 1e-9, 1, 0, 1e-9, 0, 1, 1e-9), f));
    expect(d).toBeGreaterThan(0.9e-9);
    expect(d).toBeLessThan(1.1e-9);
  });
});

describe('triangleDistance: against the exact rational oracle', () => {
  it('small integer triangles (shared features, coplanar, tilted, degenerate)', () => {
    fc.assert(
      fc.property(pairs, ({ p, q }) => {
        const d = triangleDistance(p, q);
        expectClose(d, exactDistance(p, q));
        expect(d === 0).toBe(trianglesIntersect(p, q));
      }),
      { numRuns: 1500 },
    );
  });

  it('random float triangles, also far from the origin', () => {
    const coord = fc.integer({ min: -(2 ** 42), max: 2 ** 42 }).map((i) => i * 2 ** -40);
    const tri = fc.array(coord, { minLength: 9, maxLength: 9 }).map((a) => Float64Array.from(a));
    const offset = fc.constantFrom(0, 1e6, -3.5e5);
    fc.assert(
      fc.property(tri, tri, offset, (p0, q0, o) => {
        const p = mapCoords(p0, (x) => x + o), q = mapCoords(q0, (x) => x + o);
        const exact = exactDistance(p, q);
        // 1e-9 relative; a pair closer than the zero band (~1 ulp of the coordinates) may read 0.
        const d = triangleDistance(p, q);
        expect(Math.abs(d - exact)).toBeLessThanOrEqual(1e-9 * exact + 16 * Number.EPSILON * (4 + Math.abs(o)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('triangleDistance: properties', () => {
  it('is symmetric and ignores vertex order', () => {
    fc.assert(
      fc.property(pairs, fc.constantFrom(...PERMUTATIONS), fc.constantFrom(...PERMUTATIONS), ({ p, q }, a, b) => {
        const d = triangleDistance(p, q);
        expectClose(triangleDistance(q, p), d, 1e-12);
        expectClose(triangleDistance(permute(p, a), permute(q, b)), d, 1e-12);
      }),
      { numRuns: 1000 },
    );
  });

  it('trianglesWithin(p, q, t) === (triangleDistance(p, q) <= t), right at the boundary too', () => {
    const scaled = fc.tuple(pairs, fc.constantFrom(1, 2 ** -20, 2 ** 20), fc.constantFrom(0, 1e6));
    fc.assert(
      fc.property(scaled, fc.double({ min: 0, max: 4, noNaN: true }), ([{ p, q }, s, o], t) => {
        const pp = mapCoords(p, (x) => x * s + o), qq = mapCoords(q, (x) => x * s + o);
        const d = triangleDistance(pp, qq);
        for (const tol of [d, nextUp(d), nextDown(d), 0, t * s, d * 0.999, d * 1.001, -1, Infinity, NaN]) {
          expect(trianglesWithin(pp, qq, tol), `tolerance ${tol}, distance ${d}`).toBe(d <= tol);
        }
      }),
      { numRuns: 800 },
    );
  });
});
