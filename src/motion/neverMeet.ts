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

export function surfacesNeverMeet(surfaceA: Surface, rigidA: Rigid, kindA: SurfaceKind, surfaceB: Surface, rigidB: Rigid, kindB: SurfaceKind, move: Vec3, allowance: number): boolean {
  if (surfaceA.triangleCount === 0 || surfaceB.triangleCount === 0) return true;
  if (kindB.type === 'plane' && planeLeftBehind(kindB, surfaceA, rigidA, move, 1, allowance)) return true;
  if (kindA.type === 'plane' && planeLeftBehind(kindA, surfaceB, rigidB, move, -1, allowance)) return true;
  return ringsKeptApart(surfaceA, rigidA, kindA, surfaceB, rigidB, kindB, move, allowance);
}

/**
 * The plane (world) moves by −sense·move relative to `other`: true when `other` starts
 * on its outward side and stays there, but for the allowance less the plane's own fit
 * residual: the move takes them apart along the normal, slides one along the other,
 * or brings them nearer by less than what is left of the allowance.
 */
function planeLeftBehind(plane: SurfaceKind & { type: 'plane' }, other: Surface, rigid: Rigid, move: Vec3, sense: number, allowance: number): boolean {
  const n = plane.normal;
  // How much nearer the plane every point of `other` gets over the move (0 when it parts or slides).
  const nearer = Math.max(0, -sense * (move[0] * n[0] + move[1] * n[1] + move[2] * n[2]));
  const slack = allowance - plane.residual - nearer;
  if (!(slack >= 0)) return false;
  // The plane in the other part's frame: n_local = Rᵀn, offset_local = offset − n·t.
  const nx = rigid[0]! * n[0] + rigid[4]! * n[1] + rigid[8]! * n[2];
  const ny = rigid[1]! * n[0] + rigid[5]! * n[1] + rigid[9]! * n[2];
  const nz = rigid[2]! * n[0] + rigid[6]! * n[1] + rigid[10]! * n[2];
  const floor = plane.offset - (n[0] * rigid[3]! + n[1] * rigid[7]! + n[2] * rigid[11]!) - slack;
  const { positions, indices } = other.part;
  for (let i = 3 * other.firstTriangle, end = 3 * (other.firstTriangle + other.triangleCount); i < end; i++) {
    const v = 3 * indices[i]!;
    if (positions[v]! * nx + positions[v + 1]! * ny + positions[v + 2]! * nz < floor) return false;
  }
  return true;
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
    private readonly move: Vec3, private readonly allowance: number,
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
      v = surfacesNeverMeet(this.a.surfaces[sa]!, this.rigidA, kindA, this.b.surfaces[sb]!, this.rigidB, kindB, this.move, this.allowance);
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
