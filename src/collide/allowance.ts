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
 * Are the fitted primitives of the two surfaces (each at its pose) the same surface
 * within `allowance` mm? Planes: parallel and same offset; cylinders: parallel axes,
 * same line and radius; spheres, cones, tori likewise. Freeform never coincides.
 */
export function fittedSurfacesCoincide(surfaceA: Surface, rigidA: Rigid, surfaceB: Surface, rigidB: Rigid, allowance: number): boolean {
  const kindA = surfaceKindToWorld(surfaceKindOf(surfaceA), rigidA);
  const kindB = surfaceKindToWorld(surfaceKindOf(surfaceB), rigidB);
  return kindsCoincide(kindA, kindB, allowance + kindA.residual + kindB.residual);
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
