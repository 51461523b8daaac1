/**
 * The verdict for a pair of parts, from its judged surface pairs and, where S-CD alone
 * cannot see it, from point-in-solid tests:
 * - `interference`: some surface pair interferes; depth = the deepest of them;
 * - `duplicate`: the same part drawn twice at (nearly) the same place; depth = how far
 *   one copy must move to clear the other (its thinnest width, less the offset);
 * - `contained`: one part lies inside the other with no crossing surfaces (a block
 *   buried in a motor body); depth = the deepest point of it below the other's surface;
 * - `contact`: everything else that touches.
 * Containment is only probed when one part's box lies inside the other's.
 */
import { aabbMagnitude, transformAabb, type Aabb } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import type { Vec3 } from '../model/surfaceKind.js';
import { coordinateNoise, partSag } from '../model/tessellationError.js';
import type { Part } from '../model/types.js';
import type { ContactVerdict } from './contactVerdict.js';
import { distanceToPart, pointInPart } from './partSolid.js';
import { solidPenetration } from './penetration.js';

export type PartPairKind = 'contact' | 'interference' | 'contained' | 'duplicate';

export interface PartPairVerdict {
  /** `interference` when any surface pair interferes, or one part is inside / a copy of the other. */
  verdict: ContactVerdict;
  /** `contact`, `interference`, `contained` (no surfaces cross, one part inside the other) or `duplicate`. */
  kind: PartPairKind;
  /** Penetration depth of the two parts (mm), the deepest of the pair; 0 for contact. */
  depth: number;
  /** Unit world direction that separates the pair by moving part A, when known. */
  direction?: Vec3;
  /** `contained`: which part is inside the other ('A' = partA inside partB). */
  inside?: 'A' | 'B';
  /** `duplicate`: distance between the two copies' box centres (mm). */
  offset?: number;
  /** A part's mesh is open: inside and outside come from its generalized winding number. */
  openMesh?: true;
}

/** What the two parts' tessellations together can produce (mm), plus the tolerance. */
export function partPairAllowance(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, tolerance: number): number {
  const magnitude = Math.max(aabbMagnitude(transformAabb(a.bounds, rigidA)), aabbMagnitude(transformAabb(b.bounds, rigidB)));
  return tolerance + partSag(a) + partSag(b) + coordinateNoise(magnitude);
}

/**
 * Near-duplicate: same mesh size and shape of box, centres closer than a quarter of the
 * thinnest width. Returns the centre offset, or null.
 */
export function duplicateOffset(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, allowance: number): number | null {
  if (a.indices.length !== b.indices.length || a.surfaces.length !== b.surfaces.length) return null;
  const ea = [...a.obb.halfExtents].sort((x, y) => x - y), eb = [...b.obb.halfExtents].sort((x, y) => x - y);
  for (let k = 0; k < 3; k++) if (Math.abs(ea[k]! - eb[k]!) > allowance + 1e-3 * Math.max(ea[2]!, eb[2]!)) return null;
  const ca = centre(a.obb.center, rigidA), cb = centre(b.obb.center, rigidB);
  const offset = Math.hypot(ca[0] - cb[0], ca[1] - cb[1], ca[2] - cb[2]);
  return offset <= 0.5 * Math.min(ea[0]!, eb[0]!) + allowance ? offset : null;
}

/** Thinnest width of the part (its OBB's smallest extent), mm. */
export function thinnestWidth(part: Part): number {
  const e = part.obb.halfExtents;
  return 2 * Math.min(e[0]!, e[1]!, e[2]!);
}

/**
 * Containment probe for a part pair whose surfaces do not interfere: is one part inside
 * the other (or are they copies)? Returns null when neither.
 */
export function probeContainment(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, allowance: number): PartPairVerdict | null {
  const boxA = transformAabb(a.bounds, rigidA), boxB = transformAabb(b.bounds, rigidB);
  const aInB = nested(boxA, boxB, allowance), bInA = nested(boxB, boxA, allowance);
  if (!aInB && !bInA) return null;
  const mayA = aInB && !clearlyOutside(a, rigidA, b, rigidB, allowance);
  const mayB = bInA && !clearlyOutside(b, rigidB, a, rigidA, allowance);
  if (!mayA && !mayB) return null;
  const pen = solidPenetration(a, rigidA, b, rigidB);
  if (!(pen.depth > allowance)) return null;
  const open = pen.openMesh ? { openMesh: true as const } : {};
  const offset = duplicateOffset(a, rigidA, b, rigidB, allowance);
  if (offset !== null) {
    return { verdict: 'interference', kind: 'duplicate', depth: Math.max(pen.depth, Math.min(thinnestWidth(a), thinnestWidth(b)) - offset), offset, ...(pen.direction ? { direction: pen.direction } : {}), ...open };
  }
  return { verdict: 'interference', kind: 'contained', depth: pen.depth, inside: mayA ? 'A' : 'B', ...(pen.direction ? { direction: pen.direction } : {}), ...open };
}

function nested(inner: Aabb, outer: Aabb, pad: number): boolean {
  for (let k = 0; k < 3; k++) if (inner[k]! < outer[k]! - pad || inner[k + 3]! > outer[k + 3]! + pad) return false;
  return true;
}

const local = new Float64Array(3);
const closest = new Float64Array(3);

/** Some of `inner`'s vertices (up to 16, spread) lie outside `outer` by more than the allowance. */
function clearlyOutside(inner: Part, rigidIn: Rigid, outer: Part, rigidOut: Rigid, allowance: number): boolean {
  const p = inner.positions, n = p.length / 3;
  const step = Math.max(1, Math.floor(n / 16));
  for (let v = 0; v < n; v += step) {
    worldToLocal(rigidIn, rigidOut, p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!, local);
    if (pointInPart(outer, local[0]!, local[1]!, local[2]!) !== 'outside') continue;
    if (distanceToPart(outer, local[0]!, local[1]!, local[2]!, closest) > allowance) return true;
  }
  return false;
}

/** A point of the part at rigidIn, expressed in the frame of the part at rigidOut. */
function worldToLocal(rigidIn: Rigid, rigidOut: Rigid, x: number, y: number, z: number, out: Float64Array): void {
  const m = rigidIn;
  const wx = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
  const wy = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
  const wz = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
  const r = rigidOut, dx = wx - r[3]!, dy = wy - r[7]!, dz = wz - r[11]!;
  out[0] = r[0]! * dx + r[4]! * dy + r[8]! * dz;
  out[1] = r[1]! * dx + r[5]! * dy + r[9]! * dz;
  out[2] = r[2]! * dx + r[6]! * dy + r[10]! * dz;
}

function centre(c: Float64Array, m: Rigid): Vec3 {
  return [m[0]! * c[0]! + m[1]! * c[1]! + m[2]! * c[2]! + m[3]!, m[4]! * c[0]! + m[5]! * c[1]! + m[6]! * c[2]! + m[7]!, m[8]! * c[0]! + m[9]! * c[1]! + m[10]! * c[2]! + m[11]!];
}
