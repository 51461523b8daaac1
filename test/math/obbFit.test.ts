// fitObb and the 3×3 eigen-solver it stands on: valid frames, containment, volume against the
// AABB and the analytic boxes of rotated point sets.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fitObb, obbVolume } from '../../src/math/obb.js';
import { symmetricEigen3 } from '../../src/math/symmetricEigen.js';
import { SurfcdError } from '../../src/errors.js';
import { configureProperties, runs, dot, norm, cross, row, mulMV, mulMM, transpose, quatToMatrix, rotation, vec, halfExtents, flat, boxCorners, type M3, type V3, expectValidObb, containsAll } from './oracle/obbOracle.js';

configureProperties();

describe('symmetricEigen3', () => {
  function check(m: M3) {
    const { values, vectors } = symmetricEigen3(m);
    const scale = Math.max(1e-300, ...m.map(Math.abs));
    for (const x of [...values, ...vectors]) expect(Number.isFinite(x)).toBe(true);
    expect(values[0]!).toBeGreaterThanOrEqual(values[1]!);
    expect(values[1]!).toBeGreaterThanOrEqual(values[2]!);
    for (let i = 0; i < 3; i++) {
      const v = row(vectors, i);
      expect(Math.abs(norm(v) - 1)).toBeLessThan(1e-14);
      const mv = mulMV(m, v);
      for (let c = 0; c < 3; c++) expect(Math.abs(mv[c]! - values[i]! * v[c]!)).toBeLessThan(1e-12 * scale);
      for (let j = i + 1; j < 3; j++) expect(Math.abs(dot(v, row(vectors, j)))).toBeLessThan(1e-14);
    }
    const c = cross(row(vectors, 0), row(vectors, 1));
    for (let k = 0; k < 3; k++) expect(Math.abs(c[k]! - vectors[6 + k]!)).toBeLessThan(1e-14); // right-handed
  }

  it('diagonalises random symmetric matrices (orthonormal, sorted, right-handed, A v = λ v)', () => {
    fc.assert(
      fc.property(rotation, vec(10), fc.constantFrom(1, 1e-9, 1e9), ([...r], lambdas, k) => {
        // A = Rᵀ diag(λ) R, including repeated eigenvalues (vec may repeat values rarely; see below)
        const D = [lambdas[0] * k, 0, 0, 0, lambdas[1] * k, 0, 0, 0, lambdas[2] * k];
        const A = mulMM(transpose(r), mulMM(D, r));
        const sym = A.map((_, i) => 0.5 * (A[i]! + A[3 * (i % 3) + Math.floor(i / 3)]!));
        check(sym);
        const sorted = [...lambdas].map((x) => x * k).sort((a, b) => b - a);
        const { values } = symmetricEigen3(sym);
        for (let i = 0; i < 3; i++) expect(Math.abs(values[i]! - sorted[i]!)).toBeLessThan(1e-12 * 10 * k);
      }),
      { numRuns: runs(150) },
    );
  });

  it('handles repeated eigenvalues, the zero matrix and non-finite input without NaN', () => {
    const r = quatToMatrix([0.3, -0.5, 0.7, 0.2]);
    check(mulMM(transpose(r), mulMM([2, 0, 0, 0, 2, 0, 0, 0, 1], r)));
    check(mulMM(transpose(r), mulMM([5, 0, 0, 0, 5, 0, 0, 0, 5], r)));
    check([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const zero = symmetricEigen3([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect([...zero.values]).toEqual([0, 0, 0]);
    expect([...zero.vectors]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const bad = symmetricEigen3([NaN, 0, 0, 0, 1, 0, 0, 0, Infinity]);
    for (const x of [...bad.values, ...bad.vectors]) expect(Number.isNaN(x)).toBe(false);
  });

  it('a known matrix', () => {
    const { values, vectors } = symmetricEigen3([2, 1, 0, 1, 2, 0, 0, 0, 5]);
    expect(values[0]).toBeCloseTo(5, 14);
    expect(values[1]).toBeCloseTo(3, 14);
    expect(values[2]).toBeCloseTo(1, 14);
    expect(Math.abs(vectors[2]!)).toBeCloseTo(1, 14);
    expect(Math.abs(vectors[3]! * Math.SQRT2)).toBeCloseTo(1, 14);
    expect(vectors[3]! * vectors[4]!).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------

/** fitObb's box of the points is valid and contains every one of them. */
function expectFitContains(pts: ArrayLike<number>, label?: string): void {
  const o = fitObb(pts);
  expectValidObb(o);
  expect(containsAll(o, pts), label).toBe(true);
}

function aabbVolume(pts: ArrayLike<number>, grow = 0): number {
  let v = 1;
  for (let c = 0; c < 3; c++) {
    let lo = Infinity, hi = -Infinity;
    for (let k = c; k < pts.length; k += 3) { lo = Math.min(lo, pts[k]!); hi = Math.max(hi, pts[k]!); }
    v *= hi - lo + 2 * grow;
  }
  return v;
}


const scaleAndOffset = fc.tuple(fc.constantFrom(1, 1e-6, 1e3), fc.constantFrom(0, 1e6, -1e6, 12.5));
const place = (pts: V3[], [k, off]: [number, number]): V3[] => pts.map(([x, y, z]) => [x * k + off, y * k - off, z * k + off / 3]);

describe('fitObb', () => {
  const point = vec(10);

  it('contains every point of random clouds, at any scale and offset, never NaN', () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 40 }), scaleAndOffset, (cloud, so) => {
        expectFitContains(flat(place(cloud, so)));
      }),
      { numRuns: runs(200) },
    );
  });

  it('contains flat, collinear, coincident and tiny clouds', () => {
    const t = fc.double({ min: -5, max: 5, noNaN: true });
    const planar = fc.tuple(rotation, point, fc.array(fc.tuple(t, t), { minLength: 1, maxLength: 30 })).map(([R, o, uv]) =>
      uv.map(([s, w]) => [o[0] + s * R[0]! + w * R[3]!, o[1] + s * R[1]! + w * R[4]!, o[2] + s * R[2]! + w * R[5]!] as V3));
    const exactlyFlat = fc.tuple(t, fc.array(fc.tuple(t, t), { minLength: 1, maxLength: 30 })).map(([z, xy]) => xy.map(([x, y]) => [x, y, z] as V3));
    const collinear = fc.tuple(point, point, fc.array(t, { minLength: 1, maxLength: 30 })).map(([o, d, ts]) =>
      ts.map((s) => [o[0] + s * d[0], o[1] + s * d[1], o[2] + s * d[2]] as V3));
    const coincident = fc.tuple(point, fc.integer({ min: 1, max: 12 })).map(([p, k]) => Array.from({ length: k }, () => p));
    const twoPoints = fc.tuple(point, point, fc.integer({ min: 1, max: 6 })).map(([p, q, k]) => Array.from({ length: 2 * k }, (_, i) => (i % 2 ? p : q)));
    fc.assert(
      fc.property(fc.oneof(planar, exactlyFlat, collinear, coincident, twoPoints), scaleAndOffset, (cloud, so) => {
        expectFitContains(flat(place(cloud, so)));
      }),
      { numRuns: runs(300) },
    );
  });

  it('contains subnormal clouds, where rounding is no longer relative (found by a random seed)', () => {
    const contained = (cloud: V3[]): void => expectFitContains(flat(cloud), JSON.stringify(cloud));
    contained([[-4.94e-322, 1e-322, 0], [2e-322, -6.4e-322, 0], [4.45e-322, -5e-323, 0]]);
    contained([[9e-320, -9e-320, 0], [8e-320, -1.5e-319, 0], [-9e-320, -1e-320, 0], [-1.4e-319, 1.4e-319, 0], [1.1e-319, -7e-320, 0]]);
    contained([[-6.4e-323, 0, 0], [5e-324, 0, 0]]);
    const step = fc.integer({ min: -40, max: 40 });
    fc.assert(
      fc.property(fc.array(fc.tuple(step, step, fc.integer({ min: -2, max: 2 })), { minLength: 1, maxLength: 6 }), fc.constantFrom(5e-324, 1e-322, 1e-320, 2 ** -1000), (ijk, unit) => {
        contained(ijk.map(([i, j, k]) => [i * unit, j * unit, k * unit] as V3));
      }),
      { numRuns: runs(200) },
    );
  });

  it('single points and the extremes of scale', () => {
    for (const p of [[0, 0, 0], [1e6, -1e6, 3], [1e-300, 0, -1e-300], [1e300, 1e300, -1e300]] as V3[]) {
      const o = fitObb(flat([p]));
      expectValidObb(o);
      expect(containsAll(o, flat([p]))).toBe(true);
      expect(Math.max(...o.halfExtents)).toBeLessThanOrEqual(1e-11 * Math.max(...p.map(Math.abs)));
    }
    const tiny = flat([[1e-6, 2e-6, 0], [3e-6, -1e-6, 1e-6], [0, 0, 5e-7], [2e-6, 2e-6, 2e-6], [1e-6, 0, 1e-6]]);
    const o = fitObb(tiny);
    expect(containsAll(o, tiny)).toBe(true);
    expect(obbVolume(o)).toBeLessThanOrEqual(aabbVolume(tiny) * (1 + 1e-6));
  });

  it('recovers a rotated box from its corners (volume within 1%), also cubes and square bars', () => {
    const dims = fc.oneof(
      halfExtents.filter((h) => Math.min(...h) > 0.05),
      fc.double({ min: 0.1, max: 5, noNaN: true }).map((a) => [a, a, a] as V3),
      fc.tuple(fc.double({ min: 0.1, max: 5, noNaN: true }), fc.double({ min: 0.1, max: 5, noNaN: true })).map(([a, b]) => [a, b, a] as V3),
    );
    fc.assert(
      fc.property(rotation, vec(100), dims, fc.constantFrom(0, 1e6), (R, c, h, off) => {
        const center: V3 = [c[0] + off, c[1], c[2] - off];
        const pts = flat(boxCorners(center, R, h));
        const o = fitObb(pts);
        expectValidObb(o);
        expect(containsAll(o, pts)).toBe(true);
        expect(obbVolume(o)).toBeLessThanOrEqual(8 * h[0] * h[1] * h[2] * 1.01);
      }),
      { numRuns: runs(200) },
    );
  });

  it('interior points and dense clusters on the hull do not disturb the fit', () => {
    fc.assert(
      fc.property(rotation, halfExtents.filter((h) => Math.min(...h) > 0.2), fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), { maxLength: 50 }), (R, h, inner) => {
        const corners = boxCorners([3, -2, 1], R, h);
        const interior = inner.map((l) => {
          const p = mulMV(R, [l[0] * h[0], l[1] * h[1], l[2] * h[2]]);
          return [p[0] + 3, p[1] - 2, p[2] + 1] as V3;
        });
        // 200 points crowded near one corner along an edge: they sit on the hull surface.
        const edge = Array.from({ length: 200 }, (_, i) => {
          const t = i / 2000;
          const a = corners[0]!, b = corners[1]!;
          return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])] as V3;
        });
        const pts = flat([...corners, ...interior, ...edge]);
        const o = fitObb(pts);
        expect(containsAll(o, pts)).toBe(true);
        expect(obbVolume(o)).toBeLessThanOrEqual(8 * h[0] * h[1] * h[2] * 1.01);
      }),
      { numRuns: runs(60) },
    );
  });

  it('is never bigger than the AABB and keeps exact axes for axis-aligned boxes', () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 4, maxLength: 40 }), (cloud) => {
        const pts = flat(cloud);
        const o = fitObb(pts);
        // the fit grows extents by a relative epsilon; grant the AABB the same
        const eps = 1e-11 * Math.max(...pts.map(Math.abs));
        expect(obbVolume(o)).toBeLessThanOrEqual(aabbVolume(pts, eps) * (1 + 1e-9));
      }),
      { numRuns: runs(150) },
    );
    const box = flat(boxCorners([1, 2, 3], [1, 0, 0, 0, 1, 0, 0, 0, 1], [1, 3, 2]));
    const o = fitObb(box);
    expect([...o.axes]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]); // not a permutation of them
    expect([...o.center]).toEqual([1, 2, 3]);
    [1, 3, 2].forEach((h, i) => expect(o.halfExtents[i]).toBeCloseTo(h, 10));
  });

  it('fits flat and collinear sets tightly', () => {
    fc.assert(
      fc.property(rotation, fc.double({ min: 0.5, max: 5, noNaN: true }), fc.double({ min: 0.5, max: 5, noNaN: true }), fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), { maxLength: 20 }), (R, a, b, inner) => {
        const onPlane = (s: number, t: number): V3 => [s * a * R[0]! + t * b * R[3]!, s * a * R[1]! + t * b * R[4]!, s * a * R[2]! + t * b * R[5]!];
        const pts = flat([onPlane(-1, -1), onPlane(1, -1), onPlane(1, 1), onPlane(-1, 1), ...inner.map(([s, t]) => onPlane(s, t))]);
        const o = fitObb(pts);
        expect(containsAll(o, pts)).toBe(true);
        const h = [...o.halfExtents].sort((x, y) => x - y);
        expect(h[0]!).toBeLessThan(1e-9 * (a + b));
        expect(4 * h[1]! * h[2]!).toBeLessThanOrEqual(4 * a * b * 1.01);
      }),
      { numRuns: runs(100) },
    );
    const line = flat(Array.from({ length: 10 }, (_, i) => [1 + i * 0.3, 2 - i * 0.2, 3 + i * 0.1] as V3));
    const o = fitObb(line);
    const h = [...o.halfExtents].sort((x, y) => x - y);
    expect(h[1]!).toBeLessThan(1e-9);
    expect(h[2]!).toBeCloseTo((9 * Math.hypot(0.3, 0.2, 0.1)) / 2, 9);
  });

  it('handles a large cloud quickly', () => {
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    const R = quatToMatrix([0.9, 0.1, -0.3, 0.2]);
    const pts = new Float64Array(3 * 20000);
    for (let i = 0; i < 20000; i++) {
      const p = mulMV(R, [rnd() * 4, rnd() * 2, rnd() * 0.5]);
      pts.set([p[0] + 100, p[1], p[2]], 3 * i);
    }
    const t0 = performance.now();
    const o = fitObb(pts);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(containsAll(o, pts)).toBe(true);
    expect(obbVolume(o)).toBeLessThan(64 * 1.05);
  });

  it('fits large CAD-like clouds from a bounded sample: box surfaces and cylinders, all points contained', () => {
    // Points on the surface of a rotated box (all near the hull) and on a long rotated cylinder.
    let seed = 777;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    const R = quatToMatrix([0.3, -0.5, 0.7, 0.4]);
    const n = 30000;
    const box = new Float64Array(3 * n);
    const cyl = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) {
      const face = i % 6, axis = face >> 1, sign = face & 1 ? 1 : -1;
      const local: V3 = [rnd() * 5, rnd() * 2, rnd() * 1];
      local[axis] = sign * [5, 2, 1][axis]!;
      const p = mulMV(R, local);
      box.set([p[0] - 1e4, p[1] + 3, p[2]], 3 * i);
      const t = Math.PI * rnd();
      const c = mulMV(R, [Math.cos(t), Math.sin(t), 20 * rnd()]);
      cyl.set(c, 3 * i);
    }
    const ob = fitObb(box);
    expect(containsAll(ob, box)).toBe(true);
    expect(obbVolume(ob)).toBeLessThan(80 * 1.05);
    const oc = fitObb(cyl);
    expect(containsAll(oc, cyl)).toBe(true);
    expect(obbVolume(oc)).toBeLessThan(2 * 2 * 40 * 1.05);
  });

  it('respects count and rejects bad input with INVALID_MESH', () => {
    const pts = new Float64Array([0, 0, 0, 1, 1, 1, NaN, 5, 5]);
    const o = fitObb(pts, 2);
    expect(containsAll(o, pts, 2)).toBe(true);
    expect(Math.max(...o.halfExtents)).toBeLessThan(1);
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(SurfcdError);
        expect((e as SurfcdError).code).toBe('INVALID_MESH');
        return (e as Error).message;
      }
      throw new Error('did not throw');
    };
    expect(err(() => fitObb(pts))).toMatch(/point 2 .*NaN.*finite/);
    expect(err(() => fitObb([0, 0, Infinity]))).toMatch(/point 0/);
    expect(err(() => fitObb([]))).toMatch(/no points/);
    expect(err(() => fitObb([1, 2, 3], 2))).toMatch(/count 2/);
  });
});

/**
 * A complete hull oracle: a closed, consistently oriented triangle surface (every directed edge
 * matched by its reverse exactly once, Euler characteristic 2, positive volume) on input points
 * with every input point inside every face plane is the convex hull of the points.
 */
