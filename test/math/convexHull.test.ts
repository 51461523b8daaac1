// The exact convex hull and the OBBTree covariance of its surface.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convexHull } from '../../src/math/convexHull.js';
import { hullCovariance } from '../../src/math/obbFrames.js';
import { symmetricEigen3 } from '../../src/math/symmetricEigen.js';
import { configureProperties, runs, dot, sub, norm, cross, row, col, mulMV, rotation, vec, flat, boxCorners, type V3 } from './oracle/obbOracle.js';

configureProperties();

/**
 * A complete hull oracle: a closed, consistently oriented triangle surface (every directed edge
 * matched by its reverse exactly once, Euler characteristic 2, positive volume) on input points
 * with every input point inside every face plane is the convex hull of the points.
 */
function checkHull(pts: ArrayLike<number>, tris: Uint32Array) {
  const n = pts.length / 3;
  const P = (i: number): V3 => [pts[3 * i]!, pts[3 * i + 1]!, pts[3 * i + 2]!];
  let scale = 0;
  for (let i = 0; i < pts.length; i++) scale = Math.max(scale, Math.abs(pts[i]!));
  let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) { lo[c] = Math.min(lo[c]!, pts[3 * i + c]!); hi[c] = Math.max(hi[c]!, pts[3 * i + c]!); }
  const size = Math.max(...hi.map((h, c) => h - lo[c]!));
  expect(tris.length % 3).toBe(0);
  const edges = new Map<string, number>();
  const verts = new Set<number>();
  let volume6 = 0;
  for (let t = 0; t < tris.length; t += 3) {
    const [a, b, c] = [tris[t]!, tris[t + 1]!, tris[t + 2]!];
    for (const i of [a, b, c]) { expect(i).toBeLessThan(n); verts.add(i); }
    expect(a !== b && b !== c && c !== a).toBe(true);
    for (const [u, v] of [[a, b], [b, c], [c, a]] as const) {
      const k = `${u},${v}`;
      edges.set(k, (edges.get(k) ?? 0) + 1);
    }
    const pa = P(a), nrm = cross(sub(P(b), pa), sub(P(c), pa));
    const len = norm(nrm);
    volume6 += dot(sub(pa, lo), cross(sub(P(b), lo), sub(P(c), lo)));
    if (len === 0) continue; // a sliver of points within rounding of each other: no plane to test
    // The hull is exact for the points snapped by up to δ; a face's plane then tilts by up to
    // about 2δ over its smallest altitude, which only matters for slivers.
    const delta = 1e-15 * size;
    const longest = Math.max(norm(sub(P(b), pa)), norm(sub(P(c), P(b))), norm(sub(pa, P(c))));
    const altitude = len / longest;
    for (let i = 0; i < n; i++) {
      const d = sub(P(i), pa);
      expect(dot(d, nrm) / len).toBeLessThanOrEqual(delta * (2 + (4 * norm(d)) / altitude) + 1e-15 * scale);
    }
  }
  for (const [k, count] of edges) {
    expect(count).toBe(1);
    const [u, v] = k.split(',');
    expect(edges.get(`${v},${u}`)).toBe(1);
  }
  expect(verts.size - edges.size / 2 + tris.length / 3).toBe(2);
  expect(volume6).toBeGreaterThan(0);
}

describe('convexHull (exact predicates; quickhull3d hangs on several of these)', () => {
  // Subnormal-scale coordinates (|x| < 1e-100) are flushed to 0: the checks' own volume
  // products would underflow (1e-130³), not the hull (fast-check counterexample).
  const p = fc.double({ min: -10, max: 10, noNaN: true }).map((x) => (Math.abs(x) < 1e-100 ? 0 : x));
  it('is the hull of random clouds, with integers, duplicates, coplanar and collinear subsets', () => {
    const random = fc.array(fc.tuple(p, p, p), { minLength: 4, maxLength: 60 });
    const grid = fc.array(fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -1, max: 1 })), { minLength: 4, maxLength: 60 });
    // a box with its edges and faces crowded with (rotated, hence rounded) points
    const crowdedBox = fc.tuple(rotation, fc.array(fc.tuple(fc.integer({ min: 0, max: 11 }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), { maxLength: 60 })).map(([R, extra]) => {
      const local: V3[] = [];
      for (let k = 0; k < 8; k++) local.push([k & 1 ? 2 : -2, k & 2 ? 1 : -1, k & 4 ? 0.5 : -0.5]);
      for (const [kind, s, t] of extra) {
        if (kind < 6) local.push([kind % 2 ? 2 : -2, s, t * 0.5]); // on an x face
        else if (kind < 9) local.push([2 * s, kind % 2 ? 1 : -1, 0.5]); // on an edge
        else local.push([2 * s, t, kind % 2 ? 0.5 : -0.5]); // on a z face
      }
      return local.map((l) => mulMV(R, l));
    });
    // a needle: two points off a nearly straight line of many
    const needle = fc.tuple(rotation, fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 3, maxLength: 40 }), fc.double({ min: 1e-15, max: 1e-3, noNaN: true })).map(([R, ts, th]) => {
      const local: V3[] = [[0, 0.5, 0.2], [1, -0.3, 0.5], ...ts.map((t, i) => [t, th * ((i * 7) % 5 - 2), th * ((i * 3) % 4 - 1.5)] as V3)];
      return local.map((l) => mulMV(R, l));
    });
    fc.assert(
      fc.property(fc.oneof(random, grid, crowdedBox, needle), (cloud) => {
        const pts = flat(cloud as V3[]);
        const tris = convexHull(pts);
        if (tris) checkHull(pts, tris);
        else expect(hullCovariance(pts)).toBeNull();
      }),
      { numRuns: runs(150) },
    );
  });

  it('returns null for flat, collinear and coincident sets (no hang on quickhull3d\'s killers)', () => {
    expect(convexHull(flat(Array.from({ length: 10 }, (_, i) => [1 + i * 0.3, 2 - i * 0.2, 3 + i * 0.1] as V3)))).toBeNull();
    expect(convexHull(flat([[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0.5, 0.5, 0]]))).toBeNull();
    expect(convexHull(flat([[1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3]]))).toBeNull();
    expect(convexHull(flat([[1, 2, 3], [4, 5, 6], [7, 8, 10]]))).toBeNull();
    const cube = flat(boxCorners([0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1], [1, 1, 1]));
    const tris = convexHull(cube)!;
    expect(tris.length).toBe(36);
    checkHull(cube, tris);
  });

  it('handles 10 000 points on a sphere (all on the hull)', () => {
    const pts = new Float64Array(3 * 10000);
    const golden = Math.PI * (3 - Math.sqrt(5));
    for (let i = 0; i < 10000; i++) {
      const z = 1 - (2 * i + 1) / 10000, r = Math.sqrt(1 - z * z);
      pts.set([r * Math.cos(golden * i) + 5, r * Math.sin(golden * i), z], 3 * i);
    }
    const t0 = performance.now();
    const tris = convexHull(pts)!;
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(tris.length / 3).toBe(2 * 10000 - 4);
  });
});

describe('hullCovariance (OBBTree: covariance of the hull surface)', () => {
  it('matches the closed form for a cube surface', () => {
    const cube = flat(boxCorners([0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0, 1], [1, 1, 1]));
    const h = hullCovariance(cube)!;
    expect(h.area).toBeCloseTo(24, 12);
    const expected = [5 / 9, 0, 0, 0, 5 / 9, 0, 0, 0, 5 / 9];
    for (let i = 0; i < 9; i++) expect(h.covariance[i]).toBeCloseTo(expected[i]!, 12);
    for (const m of h.mean) expect(Math.abs(m)).toBeLessThan(1e-12);
  });

  it('its eigenvectors are the axes of a rotated box, whatever crowds its surface or interior', () => {
    const distinct = fc
      .tuple(fc.double({ min: 0.2, max: 5, noNaN: true }), fc.double({ min: 1.15, max: 3, noNaN: true }), fc.double({ min: 1.15, max: 3, noNaN: true }))
      .map(([a, k1, k2]) => [a, a * k1, a * k1 * k2] as V3);
    fc.assert(
      fc.property(rotation, distinct, vec(50), (R, h, c) => {
        const corners = boxCorners(c, R, h);
        // Points crowded on one face and inside: vertex covariance would tilt, the hull surface does not.
        const crowd: V3[] = [];
        for (let i = 0; i < 60; i++) {
          const s = (i / 60) * 0.2 - 0.9;
          const onFace = mulMV(R, [h[0], s * h[1], (s + 0.05) * h[2]]);
          const inside = mulMV(R, [s * h[0], 0.7 * s * h[1], -0.3 * h[2]]);
          crowd.push([onFace[0] + c[0], onFace[1] + c[1], onFace[2] + c[2]], [inside[0] + c[0], inside[1] + c[1], inside[2] + c[2]]);
        }
        for (const pts of [flat(corners), flat([...corners, ...crowd])]) {
          const cov = hullCovariance(pts)!;
          const { vectors } = symmetricEigen3(cov.covariance);
          for (let i = 0; i < 3; i++) {
            const best = Math.max(...[0, 1, 2].map((j) => Math.abs(dot(row(vectors, i), col(R, j)))));
            expect(best).toBeGreaterThan(1 - 1e-9);
          }
        }
      }),
      { numRuns: runs(100) },
    );
  });

  it('is null when there is no hull with volume', () => {
    expect(hullCovariance([0, 0, 0, 1, 0, 0, 0, 1, 0])).toBeNull();
    expect(hullCovariance([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.5, 0.2, 0])).toBeNull();
    expect(hullCovariance([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3])).toBeNull();
    expect(hullCovariance([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------


describe('convexHull regression: a flat set lifted off its plane by normalisation', () => {
  it('four coplanar points, three of them collinear, have no hull (fast-check counterexample)', () => {
    const pts = [-1, -1, 0, 0, 0, 0, 0, 2, -1, 1, 1, 0];
    expect(convexHull(pts)).toBeNull();
    expect(hullCovariance(pts)).toBeNull();
  });
});
