// The hull's exact orientation sign against a BigInt oracle, on snapped integer coordinates
// (up to 2^51) where the floating-point filter cannot decide: points on a tilted plane and
// one grid unit off it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orient } from '../../src/math/convexHull.js';

const LIMIT = 2 ** 51;

function oracle(X: Float64Array): number {
  const [ax, ay, az] = [BigInt(X[0]!), BigInt(X[1]!), BigInt(X[2]!)];
  const d = (k: number): [bigint, bigint, bigint] => [BigInt(X[3 * k]!) - ax, BigInt(X[3 * k + 1]!) - ay, BigInt(X[3 * k + 2]!) - az];
  const [u, v, w] = [d(1), d(2), d(3)];
  const det = (u[1] * v[2] - u[2] * v[1]) * w[0] + (u[2] * v[0] - u[0] * v[2]) * w[1] + (u[0] * v[1] - u[1] * v[0]) * w[2];
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

const coordinate = fc.integer({ min: -LIMIT, max: LIMIT });
const small = fc.integer({ min: -1000, max: 1000 });
const direction = fc.integer({ min: -(2 ** 24), max: 2 ** 24 });

describe('hull orientation', () => {
  it('is the exact sign for a fourth point on the plane of three, or a unit off it (property)', () => {
    fc.assert(
      fc.property(fc.tuple(coordinate, coordinate, coordinate), fc.tuple(direction, direction, direction), fc.tuple(direction, direction, direction), small, small, fc.constantFrom(-1, 0, 1), fc.nat(2), (a, u, v, s, t, off, axis) => {
        const X = new Float64Array(12);
        const clamp = (x: number): number => Math.max(-LIMIT - 1, Math.min(LIMIT + 1, x));
        for (let k = 0; k < 3; k++) {
          X[k] = a[k]!;
          X[3 + k] = clamp(a[k]! + u[k]!);
          X[6 + k] = clamp(a[k]! + v[k]!);
          X[9 + k] = clamp(a[k]! + s * u[k]! + t * v[k]! + (k === axis ? off : 0));
        }
        expect(orient(X, 0, 1, 2, 3)).toBe(oracle(X));
      }),
      { numRuns: 2000 },
    );
  });

  it('is the exact sign on random points (property)', () => {
    fc.assert(
      fc.property(fc.array(coordinate, { minLength: 12, maxLength: 12 }), (xs) => {
        const X = Float64Array.from(xs);
        expect(orient(X, 0, 1, 2, 3)).toBe(oracle(X));
      }),
      { numRuns: 1000 },
    );
  });
});
