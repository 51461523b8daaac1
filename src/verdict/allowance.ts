/**
 * The one piece of evidence the contact verdict and the constraint recognizer share:
 * how far two surfaces may appear to cross (or gap) only because both are tessellated,
 * and whether their fitted primitives are the same surface within that allowance.
 *
 * allowance(sa, sb) = sag(sa) + sag(sb) + noise: two polygonal approximations of one
 * circle, out of phase, cross by up to the SUM of their sags, not the larger one; sags
 * are measured on the mesh (src/model/tessellationError.ts), noise is float32 rounding
 * at the coordinates' magnitude. Freeform fit residuals are never part of it.
 */
import { SurfcdError } from '../errors.js';
import { aabbMagnitude, transformAabb } from '../math/aabb.js';
import { toRigid, type Pose, type Rigid } from '../math/rigid.js';
import { dist3, distanceToLine, dot3 } from '../model/kindDistance.js';
import { surfaceKindToWorld, type SurfaceKind } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import { coordinateNoise, effectiveSag } from '../model/tessellationError.js';
import type { Surface } from '../model/types.js';
import { decodeSurfaceNumbers, derivedOf, encodeSurfaceNumbers, perSurface, type DerivedKind } from '../model/derived.js';

/** A pose as callers give it (16 numbers column-major, or a three.js Matrix4) or a Rigid (row-major 3×4, 12 numbers). */
export type PoseLike = Pose | Rigid;

/** Rigid from either form; undefined = identity. */
export function asRigid(pose: PoseLike | undefined, what: string): Rigid {
  if (pose instanceof Float64Array && pose.length === 12) return pose;
  return toRigid(pose as Pose | undefined, what);
}

export interface AllowanceOptions {
  /** Added on top (mm), as `contacts --tolerance` does. Default 0. */
  tolerance?: number;
}

/**
 * How deep surface `surfaceA` (of its part at `poseA`) and `surfaceB` (at `poseB`) may
 * cross, or how far their fitted primitives may differ, while really only touching (mm).
 * Stable API: the maintenance simulation and the constraint recognizer call it.
 */
export function surfacePairAllowance(surfaceA: Surface, poseA: PoseLike | undefined, surfaceB: Surface, poseB: PoseLike | undefined, options: AllowanceOptions = {}): number {
  checkSurface(surfaceA, 'surfaceA');
  checkSurface(surfaceB, 'surfaceB');
  const tolerance = options.tolerance ?? 0;
  if (!(tolerance >= 0) || !Number.isFinite(tolerance)) throw new SurfcdError('INVALID_OPTION', `surfacePairAllowance: tolerance must be a finite number ≥ 0 (mm), got ${String(tolerance)}`);
  const ra = asRigid(poseA, `pose of part "${surfaceA.part.path}"`), rb = asRigid(poseB, `pose of part "${surfaceB.part.path}"`);
  return tolerance + allowanceRigid(surfaceA, ra, surfaceB, rb);
}

/** surfacePairAllowance without validation or tolerance, for hot callers with Rigid poses. */
export function allowanceRigid(surfaceA: Surface, rigidA: Rigid, surfaceB: Surface, rigidB: Rigid): number {
  const magnitude = Math.max(worldMagnitude(surfaceA, rigidA), worldMagnitude(surfaceB, rigidB));
  return effectiveSag(surfaceA) + effectiveSag(surfaceB) + coordinateNoise(magnitude);
}

function worldMagnitude(surface: Surface, rigid: Rigid): number {
  const b = surface.bounds;
  if (!(b[0]! <= b[3]!)) return 0;
  return Math.max(aabbMagnitude(b), aabbMagnitude(transformAabb(b, rigid)));
}

/**
 * How far the fitted primitives of two surfaces may differ (radius, offset, axis) and
 * still be one surface (mm): the tolerance, both fits' residuals (occt puts vertices on
 * the exact surface, so fitted radii are far more accurate than the facets), and float32
 * rounding. The constraint recognizer decides `fit` with this same number.
 */
export function coincidenceTolerance(surfaceA: Surface, rigidA: Rigid, surfaceB: Surface, rigidB: Rigid, tolerance = 0): number {
  const magnitude = Math.max(worldMagnitude(surfaceA, rigidA), worldMagnitude(surfaceB, rigidB));
  return tolerance + fitResidual(surfaceA) + fitResidual(surfaceB) + coordinateNoise(magnitude);
}

/** A primitive's fit residual; a freeform surface has no primitive, so none. */
function fitResidual(s: Surface): number {
  const k = surfaceKindOf(s);
  return k.type === 'freeform' ? 0 : k.residual;
}

/**
 * Are the fitted primitives of the two surfaces (each at its pose) the same surface,
 * within `coincidenceTolerance`? Planes: parallel, same offset; cylinders: parallel
 * axes, same line and radius; spheres, cones, tori likewise. Freeform never coincides.
 */
export function fittedSurfacesCoincide(surfaceA: Surface, rigidA: Rigid, surfaceB: Surface, rigidB: Rigid, tolerance = 0): boolean {
  const kindA = surfaceKindToWorld(surfaceKindOf(surfaceA), rigidA);
  const kindB = surfaceKindToWorld(surfaceKindOf(surfaceB), rigidB);
  return kindsCoincide(kindA, kindB, coincidenceTolerance(surfaceA, rigidA, surfaceB, rigidB, tolerance));
}

/**
 * Two coaxial cylinders or concentric spheres of different radii, one convex (a shaft)
 * and one concave (a hole): the radial overlap, shaft radius − hole radius (negative =
 * clearance); null for any other pair. `axisTolerance` bounds the axis offset (mm).
 */
export function fittedRadialOverlap(surfaceA: Surface, rigidA: Rigid, surfaceB: Surface, rigidB: Rigid, axisTolerance: number): number | null {
  const a = surfaceKindToWorld(surfaceKindOf(surfaceA), rigidA);
  const b = surfaceKindToWorld(surfaceKindOf(surfaceB), rigidB);
  let rA: number, rB: number;
  if (a.type === 'cylinder' && b.type === 'cylinder') {
    if (Math.abs(dot3(a.axis, b.axis)) < 1 - 1e-4 || distanceToLine(b.point, a.point, a.axis) > axisTolerance) return null;
    [rA, rB] = [a.radius, b.radius];
  } else if (a.type === 'sphere' && b.type === 'sphere') {
    if (dist3(a.center, b.center) > axisTolerance) return null;
    [rA, rB] = [a.radius, b.radius];
  } else return null;
  const senseA = radialSense(surfaceA), senseB = radialSense(surfaceB);
  if (senseA > 0 && senseB < 0) return rA - rB;
  if (senseA < 0 && senseB > 0) return rB - rA;
  return null;
}

/** Each surface's radial sense (radialSense), kept with its part (a sign a surface: cheap to keep). */
const SENSES: DerivedKind<(number | undefined)[]> = {
  name: 'surface-senses',
  encode: (list) => encodeSurfaceNumbers(list, 1, (v) => [v]),
  decode: (data, part) =>
    decodeSurfaceNumbers(data, part, 1, (n) => {
      if (n[0] !== 1 && n[0] !== -1 && n[0] !== 0) throw new Error('not a sense');
      return n[0];
    }).map((v) => v ?? undefined),
};

/** +1 convex (facets face away from the axis or centre: a shaft), −1 concave (a hole), 0 unknown. */
export function radialSense(s: Surface): number {
  const senses = perSurface(SENSES, s.part);
  const cached = senses[s.index];
  if (cached !== undefined) return cached;
  const k = surfaceKindOf(s);
  const { positions: p, indices } = s.part;
  let sum = 0;
  for (let t = s.firstTriangle; t < s.firstTriangle + s.triangleCount; t++) {
    const i = 3 * indices[3 * t]!, j = 3 * indices[3 * t + 1]!, l = 3 * indices[3 * t + 2]!;
    const ux = p[j]! - p[i]!, uy = p[j + 1]! - p[i + 1]!, uz = p[j + 2]! - p[i + 2]!;
    const vx = p[l]! - p[i]!, vy = p[l + 1]! - p[i + 1]!, vz = p[l + 2]! - p[i + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    let rx = (p[i]! + p[j]! + p[l]!) / 3, ry = (p[i + 1]! + p[j + 1]! + p[l + 1]!) / 3, rz = (p[i + 2]! + p[j + 2]! + p[l + 2]!) / 3;
    if (k.type === 'cylinder') {
      rx -= k.point[0]; ry -= k.point[1]; rz -= k.point[2];
      const h = rx * k.axis[0] + ry * k.axis[1] + rz * k.axis[2];
      rx -= h * k.axis[0]; ry -= h * k.axis[1]; rz -= h * k.axis[2];
    } else if (k.type === 'sphere') {
      rx -= k.center[0]; ry -= k.center[1]; rz -= k.center[2];
    } else {
      senses[s.index] = 0;
      derivedOf(s.part).touch(SENSES);
      return 0;
    }
    sum += nx * rx + ny * ry + nz * rz;
  }
  const sense = sum > 0 ? 1 : sum < 0 ? -1 : 0;
  senses[s.index] = sense;
  derivedOf(s.part).touch(SENSES);
  return sense;
}

/** Are two primitives (same frame) the same surface, within `allowance` (mm)? */
export function kindsCoincide(a: SurfaceKind, b: SurfaceKind, allowance: number): boolean {
  const PARALLEL = 1 - 1e-4; // ~0.8°
  if (a.type === 'plane' && b.type === 'plane') {
    const dot = dot3(a.normal, b.normal);
    if (Math.abs(dot) < PARALLEL) return false;
    return Math.abs(a.offset - Math.sign(dot) * b.offset) <= allowance;
  }
  if (a.type === 'cylinder' && b.type === 'cylinder') {
    if (Math.abs(dot3(a.axis, b.axis)) < PARALLEL) return false;
    return Math.abs(a.radius - b.radius) <= allowance && distanceToLine(b.point, a.point, a.axis) <= allowance;
  }
  if (a.type === 'sphere' && b.type === 'sphere') {
    return Math.abs(a.radius - b.radius) <= allowance && dist3(a.center, b.center) <= allowance;
  }
  if (a.type === 'cone' && b.type === 'cone') {
    if (Math.abs(dot3(a.axis, b.axis)) < PARALLEL) return false;
    return Math.abs(a.halfAngle - b.halfAngle) <= 1e-2 && dist3(a.apex, b.apex) <= allowance / Math.max(Math.sin(a.halfAngle), 1e-3);
  }
  if (a.type === 'torus' && b.type === 'torus') {
    if (Math.abs(dot3(a.axis, b.axis)) < PARALLEL) return false;
    return Math.abs(a.major - b.major) <= allowance && Math.abs(a.minor - b.minor) <= allowance && dist3(a.center, b.center) <= allowance;
  }
  return false;
}

function checkSurface(s: Surface, what: string): void {
  if (!s || typeof s !== 'object' || !s.part || typeof s.firstTriangle !== 'number') {
    throw new SurfcdError('INVALID_OPTION', `surfacePairAllowance: ${what} is not a Surface (take it from part.surfaces[i])`);
  }
}
