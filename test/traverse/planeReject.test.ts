import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partTriangleSeparated, separatedByPlane, trianglePlane } from '../../src/traverse/triangles.js';
import { axisPermutation } from '../../src/traverse/leafQuery.js';
import { partFromMesh, trianglesIntersect, trianglesWithin } from '../../src/index.js';

const c = fc.oneof(fc.integer({ min: -4, max: 4 }), fc.double({ min: -4, max: 4, noNaN: true }));
const tri = fc.tuple(c, c, c, c, c, c, c, c, c).map((v) => Float64Array.from(v));
const scaleOffset = fc.tuple(fc.constantFrom(1, 1e-6, 1e6), fc.constantFrom(0, 1e6));

/** Makes touching cases common (b shares a vertex of a, or both lie in one plane), then scales and offsets both. */
function arrange(a: Float64Array, b: Float64Array, shared: number, s: number, off: number): void {
  if (shared < 3) b.set(a.subarray(3 * shared, 3 * shared + 3), 0);
  if (shared === 3) for (let k = 0; k < 9; k += 3) b[k + 2] = a[2]!, a[k + 2] = a[2]!;
  for (let i = 0; i < 9; i++) {
    a[i] = a[i]! * s + off;
    b[i] = b[i]! * s + off;
  }
}

describe('separatedByPlane (cheap rejection before the exact test)', () => {
  it('never rejects a pair the exact tests say meet: random, touching, coplanar, degenerate, any scale', () => {
    const plane = new Float64Array(7);
    fc.assert(
      fc.property(tri, tri, fc.nat(8), fc.constantFrom(0, 0, 1e-3, 0.5), scaleOffset, (a, b, shared, tol, [s, off]) => {
        arrange(a, b, shared, s, off);
        const t = tol * s;
        trianglePlane(b, plane);
        if (separatedByPlane(b, plane, a, t)) {
          expect(trianglesWithin(a, b, t)).toBe(false);
          if (t === 0) expect(trianglesIntersect(a, b)).toBe(false);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('read in place from a part (partTriangleSeparated) it never rejects a pair the exact tests say meet', () => {
    const plane = new Float64Array(7);
    fc.assert(
      fc.property(tri, tri, fc.nat(8), fc.constantFrom(0, 0, 1e-3, 0.5), scaleOffset, (a, b, shared, tol, [s, off]) => {
        arrange(a, b, shared, s, off);
        const part = partFromMesh({ name: 'a', positions: Array.from(a), indices: [0, 1, 2] });
        const t = tol * s;
        trianglePlane(b, plane);
        const magnitude = Math.max(...Array.from(a, Math.abs));
        if (partTriangleSeparated(b, plane, part, 0, t, magnitude)) {
          expect(separatedByPlane(b, plane, a, t), 'no rejection the copying test would not make').toBe(true);
          expect(trianglesWithin(a, b, t)).toBe(false);
          if (t === 0) expect(trianglesIntersect(a, b)).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects clearly separated parallel triangles and keeps touching ones', () => {
    const plane = new Float64Array(7);
    const b = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    trianglePlane(b, plane);
    expect(separatedByPlane(b, plane, Float64Array.from([0, 0, 1e-6, 1, 0, 1e-6, 0, 1, 1e-6]), 0)).toBe(true);
    expect(separatedByPlane(b, plane, Float64Array.from([0, 0, 0, 1, 0, 1, 0, 1, 1]), 0)).toBe(false);
    expect(separatedByPlane(b, plane, Float64Array.from([0, 0, 0.1, 1, 0, 0.1, 0, 1, 0.1]), 0.2)).toBe(false);
  });
});

describe('axisPermutation', () => {
  it('accepts signed axis permutations with any translation, rejects other rotations', () => {
    expect(axisPermutation([1, 0, 0, 5, 0, 1, 0, -3, 0, 0, 1, 2])).toBe(true);
    expect(axisPermutation([0, -1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0])).toBe(true);
    const c30 = Math.cos(0.5), s30 = Math.sin(0.5);
    expect(axisPermutation([c30, -s30, 0, 0, s30, c30, 0, 0, 0, 0, 1, 0])).toBe(false);
    expect(axisPermutation([1, 1e-9, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0])).toBe(false);
  });
});
