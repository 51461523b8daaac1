/**
 * Surface pairs a translation can never make interfere, decided once per pair from the
 * fitted primitives and the triangles themselves, so the swept search leaves them out:
 *   - the move runs along a fitted cylinder's axis and the other surface stays outside
 *     (or inside) the cylinder's ring but for the allowance (`ringsKeptApart`: a shank
 *     in its hole, past the rim of the hole, a bolt head over a counterbore);
 *   - one surface is planar and the other lies wholly on its outward side (but for the
 *     allowance) and stays there: the move takes them apart or slides one along the
 *     other (a bolt head lifted off its seat, a block slid on a table).
 * Either way the two can only cross within a band no wider than the allowance, by the
 * tessellations' error: never an interference by the contacts verdict.
 */
import type { Rigid } from '../math/rigid.js';
import { surfaceKindToWorld, type SurfaceKind } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Part, Surface } from '../model/types.js';
import type { Vec3 } from './inputs.js';
import { ringsKeptApart } from './radialShell.js';
import type { RigidMotion } from './rigidMotion.js';

export function surfacesNeverMeet(surfaceA: Surface, rigidA: Rigid, kindA: SurfaceKind, surfaceB: Surface, rigidB: Rigid, kindB: SurfaceKind, motion: RigidMotion, allowance: number): boolean {
  if (surfaceA.triangleCount === 0 || surfaceB.triangleCount === 0) return true;
  if (kindB.type === 'plane' && planeLeftBehind(kindB, surfaceA, rigidA, motion, 1, allowance)) return true;
  if (kindA.type === 'plane' && planeLeftBehind(kindA, surfaceB, rigidB, motion, -1, allowance)) return true;
  return ringsKeptApart(surfaceA, rigidA, kindA, surfaceB, rigidB, kindB, motion, allowance);
}

/**
 * The plane (world) moves by the inverse of the motion relative to `other` when sense is
 * −1 (a face of the moving part), `other` moves by it when sense is 1. True when `other`
 * starts on the plane's outward side and stays there, but for the allowance less the
 * plane's own fit residual: the motion takes them apart or slides one along the other,
 * or brings them nearer by less than what is left of the allowance. A screw counts only
 * about an axis along the normal (turning about the normal keeps every distance to the
 * plane; a tilt of sin α lets a point at r from the axis near it by up to α·|θ|·r).
 */
function planeLeftBehind(plane: SurfaceKind & { type: 'plane' }, other: Surface, rigid: Rigid, motion: RigidMotion, sense: number, allowance: number): boolean {
  const n = plane.normal;
  const { positions, indices } = other.part;
  // The plane in the other part's frame: n_local = Rᵀn, offset_local = offset − n·t.
  const nx = rigid[0]! * n[0] + rigid[4]! * n[1] + rigid[8]! * n[2];
  const ny = rigid[1]! * n[0] + rigid[5]! * n[1] + rigid[9]! * n[2];
  const nz = rigid[2]! * n[0] + rigid[6]! * n[1] + rigid[10]! * n[2];
  const first = 3 * other.firstTriangle, end = 3 * (other.firstTriangle + other.triangleCount);
  let nearer: number;
  if (motion.kind === 'translate') {
    const m = motion.vector;
    nearer = Math.max(0, -sense * (m[0] * n[0] + m[1] * n[1] + m[2] * n[2]));
  } else {
    const w = motion.axis;
    const cos = w[0] * n[0] + w[1] * n[1] + w[2] * n[2];
    const tilt = Math.sqrt(Math.max(0, 1 - cos * cos)) * (1 + 1e-9) + 1e-15;
    if (tilt > 1e-3) return false;
    nearer = Math.max(0, -sense * motion.advance * cos) + tilt * Math.abs(motion.angle) * farthestFromAxis(other, rigid, motion.point, w, first, end);
  }
  const slack = allowance - plane.residual - nearer;
  if (!(slack >= 0)) return false;
  const floor = plane.offset - (n[0] * rigid[3]! + n[1] * rigid[7]! + n[2] * rigid[11]!) - slack;
  for (let i = first; i < end; i++) {
    const v = 3 * indices[i]!;
    if (positions[v]! * nx + positions[v + 1]! * ny + positions[v + 2]! * nz < floor) return false;
  }
  return true;
}

/** Largest distance of the surface's vertices (posed) from the world line p + s·w. */
function farthestFromAxis(surface: Surface, rigid: Rigid, p: Vec3, w: Vec3, first: number, end: number): number {
  const { positions, indices } = surface.part;
  let r2 = 0;
  for (let i = first; i < end; i++) {
    const v = 3 * indices[i]!;
    const x = positions[v]!, y = positions[v + 1]!, z = positions[v + 2]!;
    const dx = rigid[0]! * x + rigid[1]! * y + rigid[2]! * z + rigid[3]! - p[0];
    const dy = rigid[4]! * x + rigid[5]! * y + rigid[6]! * z + rigid[7]! - p[1];
    const dz = rigid[8]! * x + rigid[9]! * y + rigid[10]! * z + rigid[11]! - p[2];
    const s = dx * w[0] + dy * w[1] + dz * w[2];
    const q = dx * dx + dy * dy + dz * dz - s * s;
    if (q > r2) r2 = q;
  }
  return Math.sqrt(r2) * (1 + 1e-12);
}

/**
 * `surfacesNeverMeet` for every surface pair of two posed parts, asked lazily (the swept
 * search asks only for the pairs its boxes reach) and remembered.
 */
export class PairsNeverMeeting {
  private readonly known = new Map<number, boolean>();
  private readonly kindsA = new Map<number, SurfaceKind>();
  private readonly kindsB = new Map<number, SurfaceKind>();

  constructor(
    private readonly a: Part, private readonly rigidA: Rigid,
    private readonly b: Part, private readonly rigidB: Rigid,
    private readonly motion: RigidMotion, private readonly allowance: number,
  ) {}

  /** Leave this pair out too (a contact the caller knows the move keeps). */
  leaveOut(sa: number, sb: number): void {
    this.known.set(sa * this.b.surfaces.length + sb, true);
  }

  has(sa: number, sb: number): boolean {
    const key = sa * this.b.surfaces.length + sb;
    let v = this.known.get(key);
    if (v === undefined) {
      const kindA = kindIn(this.kindsA, this.a.surfaces[sa]!, this.rigidA);
      const kindB = kindIn(this.kindsB, this.b.surfaces[sb]!, this.rigidB);
      v = surfacesNeverMeet(this.a.surfaces[sa]!, this.rigidA, kindA, this.b.surfaces[sb]!, this.rigidB, kindB, this.motion, this.allowance);
      this.known.set(key, v);
    }
    return v;
  }
}

function kindIn(cache: Map<number, SurfaceKind>, surface: Surface, rigid: Rigid): SurfaceKind {
  let k = cache.get(surface.index);
  if (!k) cache.set(surface.index, (k = surfaceKindToWorld(surfaceKindOf(surface), rigid)));
  return k;
}
