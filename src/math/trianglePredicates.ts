/**
 * The orientation predicates of trianglesIntersect (triangleIntersect.ts, where the "zero"
 * policy is described): each returns −1, 0 or +1, zero meaning "within the band" of this
 * call's tolerance length TOL[0], which the caller sets. Kept apart so that the exact
 * test and its prepared shortcuts (trianglePrepared.ts) run the very same code.
 */

export const EPS = Number.EPSILON; // 2^-52 = 2u
/** Input positions are trusted to about this many ulps of the coordinate scale. */
export const TOL_ULPS = 0.75;

/** 2 and 4 enlarged a hair so that the quick bounds stay above band3 after rounding (trianglePrepared.ts repeats them). */
export const Q2 = 2 + 1e-9;
export const Q4 = 4 + 2e-9;

/**
 * Largest gap between the two triangles' axis-aligned boxes over the three axes (≤ 0 when
 * they overlap). The exact test calls them disjoint when it exceeds the tolerance length;
 * the distance query uses it as a certified lower bound.
 */
export function boxGap(p: Float64Array, q: Float64Array): number {
  let g = -Infinity;
  for (let k = 0; k < 3; k++) {
    const p0 = p[k]!, p1 = p[k + 3]!, p2 = p[k + 6]!, q0 = q[k]!, q1 = q[k + 3]!, q2 = q[k + 6]!;
    const pMin = p0 < p1 ? (p0 < p2 ? p0 : p2) : p1 < p2 ? p1 : p2;
    const pMax = p0 > p1 ? (p0 > p2 ? p0 : p2) : p1 > p2 ? p1 : p2;
    const qMin = q0 < q1 ? (q0 < q2 ? q0 : q2) : q1 < q2 ? q1 : q2;
    const qMax = q0 > q1 ? (q0 > q2 ? q0 : q2) : q1 > q2 ? q1 : q2;
    const d = pMin - qMax > qMin - pMax ? pMin - qMax : qMin - pMax;
    if (d > g) g = d;
  }
  return g;
}

/** [0]: this call's tolerance length (see the policy above), set on entry. A typed
 * array, not a `let`, so that storing a double does not allocate. */
export const TOL = new Float64Array(1);

/**
 * Zero band of det[u, v, w] = w·(u×v), with u, v, w = b−a, c−a, d−a and n = u×v:
 * tolLen × the L1 norms of the gradients with respect to all four points (each may
 * move by tolLen per coordinate) + Shewchuk's rounding bound on the permanent.
 */
function band3(
  ux: number, uy: number, uz: number, vx: number, vy: number, vz: number,
  wx: number, wy: number, wz: number, nx: number, ny: number, nz: number,
): number {
  const bx = vy * wz - vz * wy, by = vz * wx - vx * wz, bz = vx * wy - vy * wx; // ∂/∂b = v×w
  const cx = wy * uz - wz * uy, cy = wz * ux - wx * uz, cz = wx * uy - wy * ux; // ∂/∂c = w×u
  const moves =
    Math.abs(nx) + Math.abs(ny) + Math.abs(nz) + Math.abs(bx) + Math.abs(by) + Math.abs(bz) +
    Math.abs(cx) + Math.abs(cy) + Math.abs(cz) +
    Math.abs(nx + bx + cx) + Math.abs(ny + by + cy) + Math.abs(nz + bz + cz); // ∂/∂a = −(sum)
  const rounding =
    Math.abs(wx) * (Math.abs(uy * vz) + Math.abs(uz * vy)) +
    Math.abs(wy) * (Math.abs(uz * vx) + Math.abs(ux * vz)) +
    Math.abs(wz) * (Math.abs(ux * vy) + Math.abs(uy * vx));
  return TOL[0]! * moves + 4 * EPS * rounding;
}

/** Side of point v[o..] against the plane of triangle t with record n. */
export function planeSide(t: Float64Array, n: Float64Array, v: Float64Array, o: number): number {
  const wx = v[o]! - t[0]!, wy = v[o + 1]! - t[1]!, wz = v[o + 2]! - t[2]!;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!;
  const s = wx * nx + wy * ny + wz * nz;
  const quick = n[9]! + (Math.abs(wx) + Math.abs(wy) + Math.abs(wz)) * n[10]!;
  if (s > quick) return 1; // clear of even the upper bound: the common case
  if (s < -quick) return -1;
  // Within TOL·|n|₁, a lower bound of band3 (its first terms; float sums of non-negative
  // terms only grow): zero without band3. Coplanar faces end here.
  if (Math.abs(s) <= TOL[0]! * (Math.abs(nx) + Math.abs(ny) + Math.abs(nz))) return 0;
  const tol = band3(n[3]!, n[4]!, n[5]!, n[6]!, n[7]!, n[8]!, wx, wy, wz, nx, ny, nz);
  return s > tol ? 1 : s < -tol ? -1 : 0;
}

/** Sign of det[b−a, c−a, d−a] (d above the plane of a, b, c seen counter-clockwise → +1). */
export function orient3(
  A: Float64Array, a: number, B: Float64Array, b: number,
  C: Float64Array, c: number, D: Float64Array, d: number,
): number {
  const x = A[a]!, y = A[a + 1]!, z = A[a + 2]!;
  const ux = B[b]! - x, uy = B[b + 1]! - y, uz = B[b + 2]! - z;
  const vx = C[c]! - x, vy = C[c + 1]! - y, vz = C[c + 2]! - z;
  const wx = D[d]! - x, wy = D[d + 1]! - y, wz = D[d + 2]! - z;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const s = wx * nx + wy * ny + wz * nz;
  // Upper bound of band3 from |x×y|₁ ≤ |x|₁·|y|₁: decides most calls without it.
  const lu = Math.abs(ux) + Math.abs(uy) + Math.abs(uz), lv = Math.abs(vx) + Math.abs(vy) + Math.abs(vz);
  const lw = Math.abs(wx) + Math.abs(wy) + Math.abs(wz);
  const quick = Q2 * TOL[0]! * (Math.abs(nx) + Math.abs(ny) + Math.abs(nz) + lw * (lu + lv)) + Q4 * EPS * lw * lu * lv;
  if (s > quick) return 1;
  if (s < -quick) return -1;
  if (Math.abs(s) <= TOL[0]! * (Math.abs(nx) + Math.abs(ny) + Math.abs(nz))) return 0; // below band3 (see planeSide)
  const tol = band3(ux, uy, uz, vx, vy, vz, wx, wy, wz, nx, ny, nz);
  return s > tol ? 1 : s < -tol ? -1 : 0;
}

/** 2-D orientation of c against the directed line a→b (+1 = left); band as in band3. */
export function orient2(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const ex = bx - ax, ey = by - ay, fx = cx - ax, fy = cy - ay;
  const o = ex * fy - ey * fx;
  const moves = Math.abs(ex) + Math.abs(ey) + Math.abs(fx) + Math.abs(fy) + Math.abs(fx - ex) + Math.abs(fy - ey);
  const tol = TOL[0]! * moves + 2 * EPS * (Math.abs(ex * fy) + Math.abs(ey * fx));
  return o > tol ? 1 : o < -tol ? -1 : 0;
}

/**
 * Is n = u×v zero within its band (three points collinear)? The factor 3 also makes a
 * proper triangle's projection along its dominant normal axis definitely oriented:
 * |n_k| ≥ |n|₁/3 exceeds orient2's band for the projected triangle.
 */
export function crossIsZero(
  nx: number, ny: number, nz: number, ux: number, uy: number, uz: number,
  vx: number, vy: number, vz: number, sides: number,
): boolean {
  const rounding =
    Math.abs(uy * vz) + Math.abs(uz * vy) + Math.abs(uz * vx) + Math.abs(ux * vz) + Math.abs(ux * vy) + Math.abs(uy * vx);
  return Math.abs(nx) + Math.abs(ny) + Math.abs(nz) <= 3 * (TOL[0]! * sides + 2 * EPS * rounding);
}

/** Is x on the line through a and b (same band as a degenerate triangle a, b, x)? */
export function onLine(A: Float64Array, a: number, b: number, X: Float64Array, x: number): boolean {
  const ox = A[a]!, oy = A[a + 1]!, oz = A[a + 2]!;
  const ux = A[b]! - ox, uy = A[b + 1]! - oy, uz = A[b + 2]! - oz;
  const vx = X[x]! - ox, vy = X[x + 1]! - oy, vz = X[x + 2]! - oz;
  const sides =
    Math.abs(ux) + Math.abs(uy) + Math.abs(uz) + Math.abs(vx) + Math.abs(vy) + Math.abs(vz) +
    Math.abs(vx - ux) + Math.abs(vy - uy) + Math.abs(vz - uz);
  return crossIsZero(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx, ux, uy, uz, vx, vy, vz, sides);
}

export function dominantAxis(x: number, y: number, z: number): number {
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  return ax >= ay ? (ax >= az ? 0 : 2) : ay >= az ? 1 : 2;
}

/** All three points c* strictly outside the edge a→b of a triangle with 2-D orientation s. */
export function edgeSeparates(
  ax: number, ay: number, bx: number, by: number, s: number,
  c0x: number, c0y: number, c1x: number, c1y: number, c2x: number, c2y: number,
): boolean {
  return orient2(ax, ay, bx, by, c0x, c0y) === -s && orient2(ax, ay, bx, by, c1x, c1y) === -s &&
    orient2(ax, ay, bx, by, c2x, c2y) === -s;
}
