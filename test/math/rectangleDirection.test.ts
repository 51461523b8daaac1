// The minimum-area rectangle search skips an edge when the edge's points and a few walked
// extremes already bound a rectangle no smaller than the best: it must choose the edge the
// full scan of every edge and every ring point chooses, bit for bit (brute force below), on
// random, regular, near-degenerate, collinear and repeated point sets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hull2d, minRectangleDirection } from '../../src/math/obbFrames.js';

/** Brute force: every (strided) edge, every ring point, the first strictly smallest area. */
function fullScan(xs: Float64Array, ys: Float64Array, ring: number[]): [number, number] {
  let dx = 1, dy = 0;
  if (ring.length < 2) return [dx, dy];
  const edges = ring.length === 2 ? 1 : ring.length;
  const stride = Math.ceil(edges / 256);
  let bestArea = Infinity;
  for (let e = 0; e < edges; e += stride) {
    const a = ring[e]!, b = ring[(e + 1) % ring.length]!;
    let ex = xs[b]! - xs[a]!, ey = ys[b]! - ys[a]!;
    const len = Math.hypot(ex, ey);
    if (!(len > 0)) continue;
    ex /= len; ey /= len;
    let lo1 = Infinity, hi1 = -Infinity, lo2 = Infinity, hi2 = -Infinity;
    for (const k of ring) {
      const p1 = xs[k]! * ex + ys[k]! * ey, p2 = ys[k]! * ex - xs[k]! * ey;
      lo1 = Math.min(lo1, p1); hi1 = Math.max(hi1, p1); lo2 = Math.min(lo2, p2); hi2 = Math.max(hi2, p2);
    }
    const area = (hi1 - lo1 + 1e-9) * (hi2 - lo2 + 1e-9);
    if (area < bestArea) { bestArea = area; dx = ex; dy = ey; }
  }
  return [dx, dy];
}

function check(xs: Float64Array, ys: Float64Array): void {
  const ring = hull2d(xs, ys);
  const out = new Float64Array(2);
  minRectangleDirection(xs, ys, ring, out);
  const [dx, dy] = fullScan(xs, ys, ring);
  expect(Object.is(out[0], dx) && Object.is(out[1], dy)).toBe(true);
}

const value = fc.oneof(fc.double({ min: -2, max: 2, noNaN: true }), fc.integer({ min: -3, max: 3 }), fc.constantFrom(0, 1e-12, -1e-12, 0.5));

describe('minRectangleDirection', () => {
  it('is the full scan on random point sets (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 80 }), (pts) => {
        check(Float64Array.from(pts, (p) => p[0]), Float64Array.from(pts, (p) => p[1]));
      }),
      { numRuns: 600 },
    );
  });

  it('is the full scan on regular polygons, ellipses and slivers, rotated, large ones strided', () => {
    for (const n of [3, 4, 5, 8, 12, 50, 64, 100, 300, 700]) {
      for (const [rx, ry] of [[1, 1], [1, 0.3], [1, 1e-7], [2, 1]]) {
        for (const turn of [0, 0.1, Math.PI / 4, 1]) {
          const xs = new Float64Array(n), ys = new Float64Array(n);
          for (let k = 0; k < n; k++) {
            const t = (2 * Math.PI * k) / n, x = rx * Math.cos(t), y = ry * Math.sin(t);
            xs[k] = x * Math.cos(turn) - y * Math.sin(turn);
            ys[k] = x * Math.sin(turn) + y * Math.cos(turn);
          }
          check(xs, ys);
        }
      }
    }
  });

  it('collinear and coincident points: the full scan, (1, 0) with no edge', () => {
    check(Float64Array.from([0, 1, 2, 3]), Float64Array.from([0, 2, 4, 6]));
    check(Float64Array.from([1, 1, 1]), Float64Array.from([2, 2, 2]));
    const out = new Float64Array(2);
    minRectangleDirection(Float64Array.from([1]), Float64Array.from([2]), [0], out);
    expect(Array.from(out)).toEqual([1, 0]);
  });
});
