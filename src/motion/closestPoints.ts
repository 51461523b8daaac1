import { trianglesIntersect } from '../math/triangleIntersect.js';

/**
 * Closest points of two triangles (Float64Array(9) each): the best of the 6 vertex–face
 * and 9 edge–edge feature pairs, or, when they intersect, a point where an edge of one
 * passes through the other (both outputs the same). Called once per `distance` answer,
 * not in the search loop (triangleDistance does the searching).
 */
export function triangleClosestPoints(p: Float64Array, q: Float64Array, outP: Float64Array, outQ: Float64Array): number {
  if (trianglesIntersect(p, q)) {
    if (!edgeThroughFace(p, q, outP) && !edgeThroughFace(q, p, outP)) outP.set(p.subarray(0, 3)); // coplanar overlap: a shared point is enough
    outQ.set(outP);
    return 0;
  }
  let best = Infinity;
  const a = new Float64Array(3), b = new Float64Array(3);
  for (let i = 0; i < 9; i += 3) {
    for (const [v, f, flip] of [[p, q, false], [q, p, true]] as const) {
      closestOnTriangle(v[i]!, v[i + 1]!, v[i + 2]!, f, b);
      const d = Math.hypot(v[i]! - b[0]!, v[i + 1]! - b[1]!, v[i + 2]! - b[2]!);
      if (d < best) {
        best = d;
        if (flip) { outQ.set(v.subarray(i, i + 3)); outP.set(b); } else { outP.set(v.subarray(i, i + 3)); outQ.set(b); }
      }
    }
  }
  for (let i = 0; i < 9; i += 3) {
    for (let k = 0; k < 9; k += 3) {
      segmentClosest(p, i, i === 6 ? 0 : i + 3, q, k, k === 6 ? 0 : k + 3, a, b);
      const d = Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
      if (d < best) {
        best = d;
        outP.set(a);
        outQ.set(b);
      }
    }
  }
  return best;
}

/** Closest point of triangle t to (x, y, z) (Ericson, Real-Time Collision Detection §5.1.5). */
export function closestOnTriangle(x: number, y: number, z: number, t: ArrayLike<number>, out: Float64Array): void {
  const ax = t[0]!, ay = t[1]!, az = t[2]!;
  const abx = t[3]! - ax, aby = t[4]! - ay, abz = t[5]! - az;
  const acx = t[6]! - ax, acy = t[7]! - ay, acz = t[8]! - az;
  const apx = x - ax, apy = y - ay, apz = z - az;
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  const put = (v: number, w: number): void => {
    out[0] = ax + v * abx + w * acx; out[1] = ay + v * aby + w * acy; out[2] = az + v * abz + w * acz;
  };
  if (d1 <= 0 && d2 <= 0) return put(0, 0);
  const bpx = x - t[3]!, bpy = y - t[4]!, bpz = z - t[5]!;
  const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) return put(1, 0);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return put(d1 / (d1 - d3), 0);
  const cpx = x - t[6]!, cpy = y - t[7]!, cpz = z - t[8]!;
  const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) return put(0, 1);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return put(0, d2 / (d2 - d6));
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    return put(1 - w, w);
  }
  const denom = va + vb + vc;
  if (!(denom > 0)) return put(0, 0); // degenerate triangle: its edges decide
  put(vb / denom, vc / denom);
}

/** Closest points of segments p[i]→p[j] and q[k]→q[l] into a and b (clamped, exact for the convex quadratic). */
function segmentClosest(p: Float64Array, i: number, j: number, q: Float64Array, k: number, l: number, a: Float64Array, b: Float64Array): void {
  const ux = p[j]! - p[i]!, uy = p[j + 1]! - p[i + 1]!, uz = p[j + 2]! - p[i + 2]!;
  const vx = q[l]! - q[k]!, vy = q[l + 1]! - q[k + 1]!, vz = q[l + 2]! - q[k + 2]!;
  const rx = p[i]! - q[k]!, ry = p[i + 1]! - q[k + 1]!, rz = p[i + 2]! - q[k + 2]!;
  const A = ux * ux + uy * uy + uz * uz, C = vx * vx + vy * vy + vz * vz, B = ux * vx + uy * vy + uz * vz;
  const D = ux * rx + uy * ry + uz * rz, E = vx * rx + vy * ry + vz * rz;
  let s = 0, t = 0;
  if (A > 0 && C > 0) {
    const den = A * C - B * B;
    s = den > 0 ? clamp01((B * E - C * D) / den) : 0;
    t = (B * s + E) / C;
    if (t < 0) { t = 0; s = clamp01(-D / A); } else if (t > 1) { t = 1; s = clamp01((B - D) / A); }
  } else if (A > 0) s = clamp01(-D / A);
  else if (C > 0) t = clamp01(E / C);
  a[0] = p[i]! + s * ux; a[1] = p[i + 1]! + s * uy; a[2] = p[i + 2]! + s * uz;
  b[0] = q[k]! + t * vx; b[1] = q[k + 1]! + t * vy; b[2] = q[k + 2]! + t * vz;
}

/** A point where an edge of e crosses the closed triangle f, if any. */
function edgeThroughFace(e: Float64Array, f: Float64Array, out: Float64Array): boolean {
  const ux = f[3]! - f[0]!, uy = f[4]! - f[1]!, uz = f[5]! - f[2]!;
  const vx = f[6]! - f[0]!, vy = f[7]! - f[1]!, vz = f[8]! - f[2]!;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const foot = new Float64Array(3);
  for (let i = 0; i < 9; i += 3) {
    const j = i === 6 ? 0 : i + 3;
    const si = (e[i]! - f[0]!) * nx + (e[i + 1]! - f[1]!) * ny + (e[i + 2]! - f[2]!) * nz;
    const sj = (e[j]! - f[0]!) * nx + (e[j + 1]! - f[1]!) * ny + (e[j + 2]! - f[2]!) * nz;
    if ((si > 0 && sj > 0) || (si < 0 && sj < 0) || si === sj) continue;
    const s = si / (si - sj);
    const x = e[i]! + s * (e[j]! - e[i]!), y = e[i + 1]! + s * (e[j + 1]! - e[i + 1]!), z = e[i + 2]! + s * (e[j + 2]! - e[i + 2]!);
    closestOnTriangle(x, y, z, f, foot);
    if (Math.hypot(foot[0]! - x, foot[1]! - y, foot[2]! - z) <= 1e-9 * (1 + Math.abs(x) + Math.abs(y) + Math.abs(z))) {
      out[0] = x; out[1] = y; out[2] = z;
      return true;
    }
  }
  return false;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}
