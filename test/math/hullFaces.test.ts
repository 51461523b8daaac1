// The hull's per-face orientation (HullFaces: the face's normal and filter terms made once)
// must be `orient`'s sign and the face height the plain float determinant, bit for bit, on
// snapped integer coordinates: random, on a tilted plane, one unit off it, on a coordinate
// plane, repeated points. The sign is also checked against a BigInt oracle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hullTriangles, normalisedPoints, orient } from '../../src/math/convexHull.js';
import { HullFaces } from '../../src/math/hullFaces.js';

const LIMIT = 2 ** 51;

function exactSign(X: Float64Array, a: number, b: number, c: number, p: number): number {
  const d = (k: number, i: number): bigint => BigInt(X[3 * k + i]!) - BigInt(X[3 * a + i]!);
  const [ux, uy, uz, vx, vy, vz, wx, wy, wz] = [d(b, 0), d(b, 1), d(b, 2), d(c, 0), d(c, 1), d(c, 2), d(p, 0), d(p, 1), d(p, 2)];
  const det = (uy * vz - uz * vy) * wx + (uz * vx - ux * vz) * wy + (ux * vy - uy * vx) * wz;
  return det > 0n ? 1 : det < 0n ? -1 : 0;
}

/** The float determinant as quickhull ranks conflict points with it (brute force, written out). */
function floatHeight(X: Float64Array, a: number, b: number, c: number, p: number): number {
  const ax = X[3 * a]!, ay = X[3 * a + 1]!, az = X[3 * a + 2]!;
  const ux = X[3 * b]! - ax, uy = X[3 * b + 1]! - ay, uz = X[3 * b + 2]! - az;
  const vx = X[3 * c]! - ax, vy = X[3 * c + 1]! - ay, vz = X[3 * c + 2]! - az;
  const wx = X[3 * p]! - ax, wy = X[3 * p + 1]! - ay, wz = X[3 * p + 2]! - az;
  return (uy * vz - uz * vy) * wx + (uz * vx - ux * vz) * wy + (ux * vy - uy * vx) * wz;
}

const coordinate = fc.oneof(fc.integer({ min: -LIMIT, max: LIMIT }), fc.integer({ min: -3, max: 3 }));
const direction = fc.integer({ min: -(2 ** 24), max: 2 ** 24 });
const small = fc.integer({ min: -1000, max: 1000 });

/** Points: three corners a, a + u, a + v, then points s·u + t·v off the plane by −1, 0 or 1 unit along an axis, and repeats. */
const cloud = fc
  .record({
    a: fc.tuple(coordinate, coordinate, coordinate),
    u: fc.tuple(direction, direction, direction),
    v: fc.tuple(direction, direction, direction),
    rest: fc.array(fc.tuple(small, small, fc.constantFrom(-1, 0, 0, 1), fc.nat(2), fc.boolean(), fc.nat()), { minLength: 1, maxLength: 12 }),
    random: fc.array(fc.tuple(coordinate, coordinate, coordinate), { maxLength: 4 }),
  })
  .map(({ a, u, v, rest, random }) => {
    const clamp = (x: number): number => Math.max(-LIMIT - 1, Math.min(LIMIT + 1, x));
    const points: number[][] = [a, a.map((x, k) => clamp(x + u[k]!)), a.map((x, k) => clamp(x + v[k]!))];
    for (const [s, t, off, axis, repeat, which] of rest) {
      if (repeat) points.push([...points[which % points.length]!]);
      else points.push(a.map((x, k) => clamp(x + s * u[k]! + t * v[k]! + (k === axis ? off : 0))));
    }
    for (const r of random) points.push(r);
    return Float64Array.from(points.flat());
  });

describe('HullFaces', () => {
  it('orient is orient(X, a, b, c, p) and the exact sign; height the float determinant (property)', () => {
    fc.assert(
      fc.property(cloud, (X) => {
        const n = X.length / 3;
        const faces = new HullFaces(X, n, 1); // capacity 1: every later face grows the arrays
        const triples: [number, number, number][] = [[0, 1, 2], [1, 2, 0], [2, 1, 0], [0, n - 1, 1]];
        for (const [a, b, c] of triples) {
          const f = faces.add(a, b, c);
          for (let p = 0; p < n; p++) {
            expect(faces.orient(f, p)).toBe(orient(X, a, b, c, p));
            expect(faces.orient(f, p)).toBe(exactSign(X, a, b, c, p));
            expect(Object.is(faces.height(f, p), floatHeight(X, a, b, c, p))).toBe(true);
          }
        }
        expect(faces.count).toBe(triples.length);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps each conflict list in the order points joined, across faces and growth', () => {
    const X = new Float64Array(3 * 10);
    const faces = new HullFaces(X, 10, 1);
    const f = faces.add(0, 1, 2), g = faces.add(0, 2, 3);
    for (const p of [4, 7, 5]) faces.push(f, p);
    faces.push(g, 9);
    faces.push(g, 6);
    const list = (face: number): number[] => {
      const out: number[] = [];
      for (let i = faces.head[face]!; i >= 0; i = faces.next[i]!) out.push(i);
      return out;
    };
    expect(list(f)).toEqual([4, 7, 5]);
    expect(list(g)).toEqual([9, 6]);
    expect(Array.from(faces.verts.subarray(0, 6))).toEqual([0, 1, 2, 0, 2, 3]);
    expect(Array.from(faces.adj.subarray(0, 6))).toEqual([-1, -1, -1, -1, -1, -1]);
  });

  it('hulls of grid clouds (coplanar, collinear and repeated points) are closed and use only cloud points', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 })), { minLength: 4, maxLength: 60 }), (pts) => {
        const n = pts.length;
        const norm = normalisedPoints(Float64Array.from(pts.flat()), n);
        fc.pre(norm !== null);
        const tris = hullTriangles(norm!.q, n);
        if (tris === null) return;
        const edges = new Map<string, number>();
        for (let t = 0; t < tris.length; t += 3) {
          for (let e = 0; e < 3; e++) {
            const u = tris[t + e]!, v = tris[t + ((e + 1) % 3)]!;
            expect(u).toBeLessThan(n);
            edges.set(`${u},${v}`, (edges.get(`${u},${v}`) ?? 0) + 1);
          }
        }
        for (const [k, count] of edges) {
          const [u, v] = k.split(',');
          expect(count).toBe(1);
          expect(edges.get(`${v},${u}`)).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
