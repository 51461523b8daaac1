/**
 * Point-in-solid primitives on triangle meshes (outward winding = occt's convention).
 *
 * - `axisRayCrossing`: the signed crossing of an axis-parallel ray with one triangle,
 *   watertight: a ray through an edge or vertex shared by several triangles is counted
 *   exactly once, because ties are broken by Simulation of Simplicity (the point is
 *   nudged by (ε, ε²) in the two projected coordinates) and a shared edge's orientation
 *   value is computed bit-identically, with opposite sign, by both of its triangles.
 *   Summing it over a closed mesh gives the winding number exactly: 1 inside, 0 outside.
 * - `windingNumber`: the generalized winding number (sum of signed solid angles / 4π,
 *   Van Oosterom–Strackee), ½ on a face, fractional near holes; O(n), the oracle.
 */

/**
 * +1 when the ray from (px,py,pz) along +axis leaves through triangle `tri` (its normal
 * points along +axis), −1 when it enters, 0 when it misses or the hit is at t ≤ 0.
 */
export function axisRayCrossing(tri: ArrayLike<number>, o: number, axis: 0 | 1 | 2, px: number, py: number, pz: number): number {
  const hit = axisLineHit(tri, o, axis, px, py, pz);
  return hit > (axis === 0 ? px : axis === 1 ? py : pz) ? axisLineSign(tri, o, axis, px, py, pz) : 0;
}

/**
 * The sign of the line's hit with the triangle (see axisLineHit): +1 where the triangle faces
 * +axis, −1 where it faces −axis, 0 where the line misses it. A function of its own, not a
 * value axisLineHit leaves behind: callers ask for it only on the hits that count.
 */
export function axisLineSign(tri: ArrayLike<number>, o: number, axis: 0 | 1 | 2, px: number, py: number, pz: number): number {
  const u = axis === 0 ? 1 : axis === 1 ? 2 : 0;
  const v = axis === 0 ? 2 : axis === 1 ? 0 : 1;
  const pu = u === 0 ? px : u === 1 ? py : pz;
  const pv = v === 0 ? px : v === 1 ? py : pz;
  return edgeSign(tri[o + 3 + u]! - pu, tri[o + 3 + v]! - pv, tri[o + 6 + u]! - pu, tri[o + 6 + v]! - pv);
}

/**
 * Where the whole line through p parallel to `axis` meets the triangle (its coordinate
 * along the axis), watertight as above; NaN when it misses (or the triangle is seen edge-on).
 */
export function axisLineHit(tri: ArrayLike<number>, o: number, axis: 0 | 1 | 2, px: number, py: number, pz: number): number {
  const u = axis === 0 ? 1 : axis === 1 ? 2 : 0;
  const v = axis === 0 ? 2 : axis === 1 ? 0 : 1;
  const pu = u === 0 ? px : u === 1 ? py : pz;
  const pv = v === 0 ? px : v === 1 ? py : pz;
  const au = tri[o + u]! - pu, av = tri[o + v]! - pv;
  const bu = tri[o + 3 + u]! - pu, bv = tri[o + 3 + v]! - pv;
  const cu = tri[o + 6 + u]! - pu, cv = tri[o + 6 + v]! - pv;
  const sa = edgeSign(bu, bv, cu, cv);
  if (sa === 0) return NaN;
  if (edgeSign(cu, cv, au, av) !== sa || edgeSign(au, av, bu, bv) !== sa) return NaN;
  // Hit point along the axis: barycentric weights are the (unperturbed) edge values.
  const ea = bu * cv - bv * cu, eb = cu * av - cv * au, ec = au * bv - av * bu;
  const sum = ea + eb + ec;
  if (sum === 0) return NaN;
  return (ea * tri[o + axis]! + eb * tri[o + 3 + axis]! + ec * tri[o + 6 + axis]!) / sum;
}

/** Sign of the 2D cross product (b − p) × (c − p) with the point nudged by (ε, ε²). */
function edgeSign(bu: number, bv: number, cu: number, cv: number): number {
  const e = bu * cv - bv * cu;
  if (e > 0) return 1;
  if (e < 0) return -1;
  // d e / d pu = bv − cv, d e / d pv = cu − bu
  const du = bv - cv;
  if (du !== 0) return du > 0 ? 1 : -1;
  const dv = cu - bu;
  return dv > 0 ? 1 : dv < 0 ? -1 : 0;
}

/** Signed solid angle of triangle (tri at offset o) seen from p, over 4π. */
export function triangleWindingContribution(tri: ArrayLike<number>, o: number, px: number, py: number, pz: number): number {
  const ax = tri[o]! - px, ay = tri[o + 1]! - py, az = tri[o + 2]! - pz;
  const bx = tri[o + 3]! - px, by = tri[o + 4]! - py, bz = tri[o + 5]! - pz;
  const cx = tri[o + 6]! - px, cy = tri[o + 7]! - py, cz = tri[o + 8]! - pz;
  const la = Math.hypot(ax, ay, az), lb = Math.hypot(bx, by, bz), lc = Math.hypot(cx, cy, cz);
  const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  const denominator = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (bx * cx + by * cy + bz * cz) * la + (cx * ax + cy * ay + cz * az) * lb;
  return (2 * Math.atan2(det, denominator)) / (4 * Math.PI);
}

/** Generalized winding number of an indexed triangle mesh at p. */
export function windingNumber(positions: ArrayLike<number>, indices: ArrayLike<number>, px: number, py: number, pz: number): number {
  const tri = new Float64Array(9);
  let w = 0;
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[t + k]!;
      tri[3 * k] = positions[v]!;
      tri[3 * k + 1] = positions[v + 1]!;
      tri[3 * k + 2] = positions[v + 2]!;
    }
    w += triangleWindingContribution(tri, 0, px, py, pz);
  }
  return w;
}

/**
 * Closest point on triangle (tri at offset o) to p, written to out[0..2]; returns the
 * squared distance (Ericson, Real-Time Collision Detection §5.1.5).
 */
export function closestPointOnTriangle(tri: ArrayLike<number>, o: number, px: number, py: number, pz: number, out: Float64Array): number {
  const ax = tri[o]!, ay = tri[o + 1]!, az = tri[o + 2]!;
  const abx = tri[o + 3]! - ax, aby = tri[o + 4]! - ay, abz = tri[o + 5]! - az;
  const acx = tri[o + 6]! - ax, acy = tri[o + 7]! - ay, acz = tri[o + 8]! - az;
  const apx = px - ax, apy = py - ay, apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) return put(out, ax, ay, az, px, py, pz);
  const bpx = px - tri[o + 3]!, bpy = py - tri[o + 4]!, bpz = pz - tri[o + 5]!;
  const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) return put(out, tri[o + 3]!, tri[o + 4]!, tri[o + 5]!, px, py, pz);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const s = d1 / (d1 - d3);
    return put(out, ax + s * abx, ay + s * aby, az + s * abz, px, py, pz);
  }
  const cpx = px - tri[o + 6]!, cpy = py - tri[o + 7]!, cpz = pz - tri[o + 8]!;
  const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) return put(out, tri[o + 6]!, tri[o + 7]!, tri[o + 8]!, px, py, pz);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const s = d2 / (d2 - d6);
    return put(out, ax + s * acx, ay + s * acy, az + s * acz, px, py, pz);
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const s = (d4 - d3) / (d4 - d3 + (d5 - d6));
    const bx = tri[o + 3]!, by = tri[o + 4]!, bz = tri[o + 5]!;
    return put(out, bx + s * (tri[o + 6]! - bx), by + s * (tri[o + 7]! - by), bz + s * (tri[o + 8]! - bz), px, py, pz);
  }
  const denom = 1 / (va + vb + vc);
  const v = vb * denom, w = vc * denom;
  return put(out, ax + abx * v + acx * w, ay + aby * v + acy * w, az + abz * v + acz * w, px, py, pz);
}

function put(out: Float64Array, x: number, y: number, z: number, px: number, py: number, pz: number): number {
  out[0] = x;
  out[1] = y;
  out[2] = z;
  return (x - px) ** 2 + (y - py) ** 2 + (z - pz) ** 2;
}
