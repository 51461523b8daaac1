// Shared by the OBB, hull and overlap tests: small row-major 3×3 algebra, an exact-enough GJK
// oracle for box overlap, and the fast-check arbitraries for rotations, boxes and rigid motions.
import fc from 'fast-check';
import { expect } from 'vitest';
import { obbCorners, type Obb } from '../../../src/math/obb.js';
import type { Rigid } from '../../../src/math/rigid.js';

// A failing property must report, not shrink for minutes (doubles in long arrays shrink slowly).
/** FC_RUNS_SCALE=20 npx vitest run test/math/obb … for a soak run. */
export const RUNS_SCALE = Number(process.env.FC_RUNS_SCALE ?? 1);
export const runs = (n: number) => Math.max(1, Math.round(n * RUNS_SCALE));
/** Each test file calls this once: a failing property must report, not shrink for minutes. */
export function configureProperties(): void {
  fc.configureGlobal({ interruptAfterTimeLimit: 20_000 * Math.max(1, RUNS_SCALE), markInterruptAsFailure: true });
}

// ---------------------------------------------------------------------------------------------
// small linear-algebra helpers (row-major 3×3 as number[9])

export type M3 = number[];
export type V3 = [number, number, number];

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
export const sub = (a: ArrayLike<number>, b: ArrayLike<number>): V3 => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
export const norm = (a: ArrayLike<number>) => Math.hypot(a[0]!, a[1]!, a[2]!);
export const cross = (a: ArrayLike<number>, b: ArrayLike<number>): V3 => [
  a[1]! * b[2]! - a[2]! * b[1]!,
  a[2]! * b[0]! - a[0]! * b[2]!,
  a[0]! * b[1]! - a[1]! * b[0]!,
];
export const row = (m: ArrayLike<number>, i: number): V3 => [m[3 * i]!, m[3 * i + 1]!, m[3 * i + 2]!];
export const col = (m: ArrayLike<number>, j: number): V3 => [m[j]!, m[3 + j]!, m[6 + j]!];
export const mulMV = (m: ArrayLike<number>, v: ArrayLike<number>): V3 => [dot(row(m, 0), v), dot(row(m, 1), v), dot(row(m, 2), v)];
export const mulMM = (a: ArrayLike<number>, b: ArrayLike<number>): M3 => {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out.push(dot(row(a, r), col(b, c)));
  return out;
};
export const transpose = (m: ArrayLike<number>): M3 => [m[0]!, m[3]!, m[6]!, m[1]!, m[4]!, m[7]!, m[2]!, m[5]!, m[8]!];
/** Matrix with the given columns. */
export const fromColumns = (a: V3, b: V3, c: V3): M3 => [a[0], b[0], c[0], a[1], b[1], c[1], a[2], b[2], c[2]];

export function quatToMatrix(q: readonly number[]): M3 {
  const l = Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!);
  const w = q[0]! / l, x = q[1]! / l, y = q[2]! / l, z = q[3]! / l;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

export const rigidOf = (m: M3, t: ArrayLike<number>): Rigid =>
  new Float64Array([m[0]!, m[1]!, m[2]!, t[0]!, m[3]!, m[4]!, m[5]!, t[1]!, m[6]!, m[7]!, m[8]!, t[2]!]);
export const rotOf = (g: Rigid): M3 => [g[0]!, g[1]!, g[2]!, g[4]!, g[5]!, g[6]!, g[8]!, g[9]!, g[10]!];
export const applyRigid = (g: Rigid, p: ArrayLike<number>): V3 => {
  const r = mulMV(rotOf(g), p);
  return [r[0] + g[3]!, r[1] + g[7]!, r[2] + g[11]!];
};

export function makeObb(center: ArrayLike<number>, axesRows: ArrayLike<number>, half: ArrayLike<number>): Obb {
  return { center: Float64Array.from(center), axes: Float64Array.from(axesRows), halfExtents: Float64Array.from(half) };
}

/** The same box expressed in another frame: g maps the box's current frame to the new one. */
export function moveObb(o: Obb, g: Rigid): Obb {
  const R = rotOf(g);
  const axes = [...mulMV(R, row(o.axes, 0)), ...mulMV(R, row(o.axes, 1)), ...mulMV(R, row(o.axes, 2))];
  return makeObb(applyRigid(g, o.center), axes, o.halfExtents);
}

export function grown(o: Obb, margin: number): Obb {
  return makeObb(o.center, o.axes, Array.from(o.halfExtents, (h) => h + margin));
}

// ---------------------------------------------------------------------------------------------
// The oracle: GJK distance between the convex hulls of two corner sets, with certified bounds.
// `lower > 0` is a proof of separation (a direction along which every point of A − B is
// positive); `upper` is the distance to a point of conv(A − B), 0 when a tetrahedron of
// Minkowski-difference points contains the origin (a proof of intersection).

export function closestOnSimplex(s: V3[]): { point: V3; subset: V3[] } {
  let best: { point: V3; subset: V3[]; d: number } | null = null;
  const k = s.length;
  for (let mask = 1; mask < 1 << k; mask++) {
    const pts = s.filter((_, i) => mask & (1 << i));
    if (pts.length === 4) {
      // Contains the origin? Decided by signed volumes, and only for a solid tetrahedron.
      const vol = (p: V3, q: V3, r: V3, t: V3) => dot(cross(sub(q, p), sub(r, p)), sub(t, p));
      const [t0, t1, t2, t3] = pts as [V3, V3, V3, V3];
      const O: V3 = [0, 0, 0];
      const V = vol(t0, t1, t2, t3);
      const size = Math.max(...pts.map(norm));
      if (!(Math.abs(V) > 1e-9 * size ** 3)) continue;
      const parts = [vol(O, t1, t2, t3), vol(t0, O, t2, t3), vol(t0, t1, O, t3), vol(t0, t1, t2, O)];
      if (parts.every((x) => x * Math.sign(V) >= 0)) best = { point: O, subset: pts, d: 0 };
      continue;
    }
    let point: V3;
    if (pts.length === 1) {
      point = pts[0]!;
    } else if (pts.length === 2) {
      const [p, q] = pts as [V3, V3];
      const e = sub(q, p);
      const ee = dot(e, e);
      if (ee === 0) continue;
      const t = -dot(p, e) / ee;
      if (t < 0 || t > 1) continue;
      point = [p[0] + t * e[0], p[1] + t * e[1], p[2] + t * e[2]];
    } else {
      // projection on the triangle's plane, inside if it is left of all three edges
      const [p, q, r] = pts as [V3, V3, V3];
      const nrm = cross(sub(q, p), sub(r, p));
      const nn = dot(nrm, nrm);
      if (nn === 0) continue;
      const f = dot(p, nrm) / nn;
      point = [nrm[0] * f, nrm[1] * f, nrm[2] * f];
      const inside = [[p, q], [q, r], [r, p]].every(([u, v]) => dot(cross(sub(v!, u!), sub(point, u!)), nrm) >= 0);
      if (!inside) continue;
    }
    const d = norm(point);
    if (!best || d < best.d) best = { point, subset: pts, d };
  }
  return best!;
}

export function gjk(P: ArrayLike<number>, Q: ArrayLike<number>): { lower: number; upper: number } {
  const K: V3[] = [];
  for (let i = 0; i < P.length / 3; i++) {
    for (let j = 0; j < Q.length / 3; j++) {
      K.push([P[3 * i]! - Q[3 * j]!, P[3 * i + 1]! - Q[3 * j + 1]!, P[3 * i + 2]! - Q[3 * j + 2]!]);
    }
  }
  let simplex: V3[] = [K[0]!];
  let v: V3 = K[0]!;
  let lower = 0;
  let upper = norm(v);
  let stalled = 0;
  for (let iter = 0; iter < 200; iter++) {
    const vn = norm(v);
    upper = Math.min(upper, vn);
    if (vn === 0) return { lower: 0, upper: 0 };
    let w = K[0]!;
    let wv = dot(w, v);
    for (const z of K) {
      const zv = dot(z, v);
      if (zv < wv) { w = z; wv = zv; }
    }
    lower = Math.max(lower, wv / vn);
    if (upper - lower <= 1e-15 * (upper + norm(w))) break;
    if (simplex.some((p) => p[0] === w[0] && p[1] === w[1] && p[2] === w[2])) break;
    const next = closestOnSimplex([...simplex, w]);
    if (next.subset.length === 4) return { lower: 0, upper: 0 };
    // Equal distance can still turn v towards the true normal (flat regions), so only a real
    // increase (rounding trouble) stops the iteration; duplicates and the cap end it otherwise.
    if (norm(next.point) > vn * (1 + 1e-9)) break;
    stalled = norm(next.point) < vn ? 0 : stalled + 1;
    if (stalled > 4) break;
    simplex = next.subset;
    v = next.point;
  }
  // v, a difference of nearly equal points, can point a little off the true normal; the
  // normal of a face through the simplex points is often far more accurate: try those too.
  const pts = [...simplex];
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      for (let k = j + 1; k < pts.length; k++) {
        const nrm = cross(sub(pts[j]!, pts[i]!), sub(pts[k]!, pts[i]!));
        const len = norm(nrm);
        if (!(len > 0)) continue;
        const sgn = dot(nrm, v) < 0 ? -1 : 1;
        let min = Infinity;
        for (const z of K) min = Math.min(min, (sgn * dot(z, nrm)) / len);
        lower = Math.max(lower, Math.min(min, upper));
      }
    }
  }
  return { lower, upper };
}

/**
 * Oracle verdict for "box a and box b (b given in a's frame) intersect": true/false, or undefined
 * when too close to call. `sepScale` is the magnitude obbsOverlap's rounding slack is relative
 * to (it may call boxes that close touching); `scale` that of the boxes themselves.
 */
export function oracleOverlap(a: Obb, bInA: Obb, scale: number, sepScale = scale): boolean | undefined {
  const { lower, upper } = gjk(obbCorners(a), obbCorners(bInA));
  if (lower > 1e-9 * sepScale) return false;
  // Below obbsOverlap's rounding slack (≈3.6e-15 of the magnitudes): touching within rounding.
  if (upper <= 1e-15 * scale) return true;
  return undefined;
}

export function boxScale(a: Obb, b: Obb, t: ArrayLike<number> = [0, 0, 0]): number {
  return [...a.halfExtents, ...b.halfExtents].reduce((x, y) => x + Math.abs(y), 0) + norm(t) + norm(a.center) + norm(b.center);
}

// ---------------------------------------------------------------------------------------------
// arbitraries

/** Uniform in value (fc.double is uniform over representations, so it crowds around 0). */
export const uniform = (lo: number, hi: number) => fc.noBias(fc.integer({ min: 0, max: 2 ** 30 })).map((i) => lo + (hi - lo) * (i / 2 ** 30));
/** Mostly uniform, sometimes fc.double's tiny, extreme and exactly-zero values. */
export const coord = (lo: number, hi: number) =>
  fc.oneof({ weight: 3, arbitrary: uniform(lo, hi) }, { weight: 1, arbitrary: fc.double({ min: lo, max: hi, noNaN: true }) });
export const quat = fc.tuple(coord(-1, 1), coord(-1, 1), coord(-1, 1), coord(-1, 1)).filter((q) => Math.hypot(...q) > 0.1);
export const rotation = quat.map(quatToMatrix);
export const vec = (r: number) => fc.tuple(coord(-r, r), coord(-r, r), coord(-r, r));
export const extent = fc.oneof(
  { weight: 8, arbitrary: coord(0.05, 5) },
  { weight: 1, arbitrary: fc.constant(0) }, // flat / segment boxes
);
export const halfExtents = fc.tuple(extent, extent, extent);
export const rigid = (r: number) => fc.tuple(rotation, vec(r)).map(([m, t]) => rigidOf(m, t));
export const solidObb = fc.tuple(rotation, coord(0.05, 5), coord(0.05, 5), coord(0.05, 5)).map(([m, x, y, z]) => makeObb([0, 0, 0], m, [x, y, z]));
export const obbArb = (r: number) => fc.tuple(vec(r), rotation, halfExtents).map(([c, m, h]) => makeObb(c, m, h));

// ---------------------------------------------------------------------------------------------

export const flat = (pts: V3[]) => Float64Array.from(pts.flat());

export function boxCorners(center: V3, R: M3, h: V3): V3[] {
  const out: V3[] = [];
  for (let k = 0; k < 8; k++) {
    const l: V3 = [k & 1 ? h[0] : -h[0], k & 2 ? h[1] : -h[1], k & 4 ? h[2] : -h[2]];
    const p = mulMV(R, l);
    out.push([p[0] + center[0], p[1] + center[1], p[2] + center[2]]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// box checks shared by the fits

/** Finite, non-negative extents, orthonormal right-handed axes. */
export function expectValidObb(o: Obb): void {
  for (const x of [...o.center, ...o.axes, ...o.halfExtents]) expect(Number.isFinite(x)).toBe(true);
  for (let i = 0; i < 3; i++) {
    expect(o.halfExtents[i]!).toBeGreaterThanOrEqual(0);
    expect(Math.abs(norm(row(o.axes, i)) - 1)).toBeLessThan(1e-12);
    for (let j = i + 1; j < 3; j++) expect(Math.abs(dot(row(o.axes, i), row(o.axes, j)))).toBeLessThan(1e-12);
  }
  expect(dot(cross(row(o.axes, 0), row(o.axes, 1)), row(o.axes, 2))).toBeGreaterThan(1 - 1e-12);
}

/** Exact containment: no tolerance, the fit's own epsilon has to cover rounding. */
export function containsAll(o: Obb, pts: ArrayLike<number>, n = pts.length / 3): boolean {
  for (let k = 0; k < n; k++) {
    const d = sub([pts[3 * k]!, pts[3 * k + 1]!, pts[3 * k + 2]!], o.center);
    for (let i = 0; i < 3; i++) if (Math.abs(dot(d, row(o.axes, i))) > o.halfExtents[i]!) return false;
  }
  return true;
}
