// Repeated points (a CAD mesh repeats each vertex once per face) change nothing: the hull is
// built from first occurrences and must be the same triangle for triangle as the hull of the
// distinct points; fitObb must give the same box bit for bit. Checked against brute-force
// deduplication on random, integer-grid (coplanar, collinear), face-like and tiny clouds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstOccurrences, hullTriangles, normalisedPoints, orient } from '../../src/math/convexHull.js';
import { distinctPoints, fitObb, type Obb } from '../../src/math/obb.js';
import { hullStatistics } from '../../src/math/obbFrames.js';
import { configureProperties, runs } from './oracle/obbOracle.js';

configureProperties();

type P = [number, number, number];

/** Brute force: indices of the first occurrence of every distinct point, in order. */
function bruteFirst(points: P[]): number[] {
  const out: number[] = [];
  points.forEach((p, i) => {
    if (!points.slice(0, i).some((q) => q[0] === p[0] && q[1] === p[1] && q[2] === p[2])) out.push(i);
  });
  return out;
}

const bits = (o: Obb): string[] => [...o.center, ...o.axes, ...o.halfExtents].map((v) => (Object.is(v, -0) ? '-0' : String(v)));

const coordinate = fc.oneof(fc.double({ min: -5, max: 5, noNaN: true }), fc.integer({ min: -2, max: 2 }), fc.constantFrom(0, -0, 0.5, 1e-9));
const point = fc.tuple(coordinate, coordinate, coordinate);
/** A cloud, then the same cloud with repeats of its points interleaved (first occurrences keep their order). */
const cloudWithRepeats = fc
  .tuple(fc.array(point, { minLength: 1, maxLength: 40 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 60 }))
  .map(([cloud, picks]) => {
    const withRepeats: P[] = cloud.map((p) => [...p] as P);
    for (const [which, where] of picks) {
      const at = Math.min(withRepeats.length, 1 + (where % withRepeats.length));
      const source = which % at; // a point already before the insertion place: a repeat, not a first occurrence
      withRepeats.splice(at, 0, [...withRepeats[source]!] as P);
    }
    return { cloud, withRepeats };
  });

describe('repeated points', () => {
  it('firstOccurrences and distinctPoints keep the first of every point, in order (brute force)', () => {
    fc.assert(
      fc.property(cloudWithRepeats, ({ withRepeats }) => {
        const flat = Float64Array.from(withRepeats.flat());
        const expected = bruteFirst(withRepeats);
        expect(Array.from(firstOccurrences(flat, withRepeats.length))).toEqual(expected);
        expect(Array.from(distinctPoints(flat, withRepeats.length))).toEqual(expected.flatMap((i) => withRepeats[i]!));
      }),
      { numRuns: runs(300) },
    );
  });

  it('leave the hull the same, triangle for triangle (indices mapped to first occurrences)', () => {
    fc.assert(
      fc.property(cloudWithRepeats, ({ withRepeats }) => {
        const n = withRepeats.length;
        const flat = Float64Array.from(withRepeats.flat());
        const norm = normalisedPoints(flat, n);
        fc.pre(norm !== null);
        const first = bruteFirst(withRepeats);
        const distinct = Float64Array.from(first.flatMap((i) => withRepeats[i]!));
        const withAll = hullTriangles(norm!.q, n);
        const alone = hullTriangles(normalisedPoints(distinct, first.length)!.q, first.length);
        expect(withAll === null ? null : Array.from(withAll)).toEqual(alone === null ? null : Array.from(alone, (k) => first[k]!));
      }),
      { numRuns: runs(400) },
    );
  });

  // A flat set (no hull with volume) is fitted on the covariance of its points, repeats counted.
  it('leave fitObb the same, bit for bit, when the distinct points have a hull with volume', () => {
    fc.assert(
      fc.property(cloudWithRepeats, ({ withRepeats }) => {
        const first = bruteFirst(withRepeats);
        const distinct = Float64Array.from(first.flatMap((i) => withRepeats[i]!));
        const norm = normalisedPoints(distinct, first.length);
        fc.pre(norm !== null && hullStatistics(norm.q, first.length) !== null);
        expect(bits(fitObb(Float64Array.from(withRepeats.flat())))).toEqual(bits(fitObb(distinct)));
      }),
      { numRuns: runs(300) },
    );
  });

  it('a mesh box with each corner repeated per face: the same box as its 8 corners', () => {
    const corners: P[] = [];
    for (let k = 0; k < 8; k++) corners.push([k & 1 ? 3 : -1, k & 2 ? 2 : -0.5, k & 4 ? 7 : 1]);
    const faces = [[0, 1, 3, 2], [4, 5, 7, 6], [0, 1, 5, 4], [2, 3, 7, 6], [0, 2, 6, 4], [1, 3, 7, 5]];
    const mesh = Float64Array.from(faces.flatMap((f) => f.flatMap((i) => corners[i]!)));
    const box = fitObb(mesh);
    expect(bits(box)).toEqual(bits(fitObb(Float64Array.from(corners.flat()))));
    expect(Array.from(box.axes)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(box.halfExtents[0]).toBeCloseTo(2, 9);
    expect(box.halfExtents[1]).toBeCloseTo(1.25, 9);
    expect(box.halfExtents[2]).toBeCloseTo(3, 9);
  });
});

describe('hull orientation on an axis-aligned face', () => {
  it('is exactly 0 for points on a coordinate plane, and the sign one unit off it', () => {
    const X = Float64Array.from([0, 0, 5, 2 ** 40, 0, 5, 0, 2 ** 40, 5, 12345, 67890, 5, 12345, 67890, 6, 12345, 67890, 4]);
    expect(orient(X, 0, 1, 2, 3)).toBe(0);
    expect(orient(X, 0, 1, 2, 4)).toBe(1);
    expect(orient(X, 0, 1, 2, 5)).toBe(-1);
  });
});
