import { trianglesIntersect } from './triangleIntersect.js';

/**
 * Do two triangles genuinely cross (pass through each other), rather than merely touch?
 * They cross when they intersect and each has vertices strictly on both sides of the
 * other's plane. Coplanar contact, an edge lying on a face, or a vertex resting on a
 * face is touching, which is how mating CAD faces meet.
 */
export function trianglesCross(p: Float64Array, q: Float64Array): boolean {
  if (!straddles(p, q) || !straddles(q, p)) return false;
  return trianglesIntersect(p, q);
}

/** Does `t` have vertices strictly on both sides of the plane of `plane`? */
function straddles(t: Float64Array, plane: Float64Array): boolean {
  const ux = plane[3]! - plane[0]!, uy = plane[4]! - plane[1]!, uz = plane[5]! - plane[2]!;
  const vx = plane[6]! - plane[0]!, vy = plane[7]! - plane[1]!, vz = plane[8]! - plane[2]!;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const nLength = Math.hypot(nx, ny, nz);
  if (nLength === 0) return false; // a degenerate triangle has no sides
  // "Strictly" means beyond rounding: relative to the triangles' size and coordinate magnitude.
  const size = Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz), Math.abs(vx), Math.abs(vy), Math.abs(vz), spread(t));
  const magnitude = Math.max(Math.abs(plane[0]!), Math.abs(plane[1]!), Math.abs(plane[2]!), Math.abs(t[0]!), Math.abs(t[1]!), Math.abs(t[2]!));
  const eps = Math.max(1e-9 * size, 1e-15 * magnitude);
  let above = false, below = false;
  for (let k = 0; k < 9; k += 3) {
    const d = (nx * (t[k]! - plane[0]!) + ny * (t[k + 1]! - plane[1]!) + nz * (t[k + 2]! - plane[2]!)) / nLength;
    if (d > eps) above = true;
    else if (d < -eps) below = true;
  }
  return above && below;
}

function spread(t: Float64Array): number {
  let m = 0;
  for (let k = 0; k < 3; k++) {
    m = Math.max(m, Math.abs(t[3 + k]! - t[k]!), Math.abs(t[6 + k]! - t[k]!));
  }
  return m;
}
