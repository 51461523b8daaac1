/**
 * The one place motion asks "does this surface pair interfere?". It must give the same
 * verdict as `surfcd contacts` (src/verdict/contactVerdict.ts): crossing beyond the
 * tolerance and the tessellations' chordal sag, not explained by coinciding fitted
 * primitives. When that module's API changes, only this file changes.
 *
 * One addition: the depth must also exceed the part-level allowance (tolerance + the
 * largest sag of either part). A planar face's boundary inherits the sag of the curved
 * face next to it (a plate's top face around a Ø30 bore is a polygon), which the
 * current per-surface sag (0 for a plane) does not see; lifting a bearing out of its
 * bore would otherwise "interfere" with the plate's top face by that sag.
 */
import { collideRigid, resolveCollideOptions, type SurfacePair } from '../collide/collide.js';
import { contactVerdict, kindsCoincide } from '../verdict/contactVerdict.js';
import type { QueryStats } from '../traverse/stats.js';
import { effectiveSag as chordalSag } from '../model/tessellationError.js';
import { relativeRigid, type Rigid } from '../math/rigid.js';
import { crossingDepth, trianglesCross } from '../math/triangleCross.js';
import { trianglesWithin } from '../math/triangleDistance.js';
import { loadTransformedTriangle, loadTriangle, triangleBox } from '../traverse/triangles.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { surfaceKindToWorld, type SurfaceKind } from '../model/surfaceKind.js';
import { motionScratch, type MotionScratch } from './motionScratch.js';
import { surfacesNeverMeet } from './neverMeet.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Part, Surface } from '../model/types.js';
import type { RigidMotion } from './rigidMotion.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';
import { derivedOf, type DerivedKind } from '../model/derived.js';

export interface Interference {
  surfaceA: number;
  surfaceB: number;
  /** Penetration estimate (mm). */
  depth: number;
}

/** Surface pairs of A and B (posed) that interfere, by the contacts verdict. */
export function interferingSurfacePairs(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, tolerance: number): Interference[] {
  return nearAndInterfering(a, rigidA, b, rigidB, tolerance, tolerance).interfering;
}

/**
 * One classified query for both questions: which surface pairs are within `reach` (mm),
 * and which of them interfere by the contacts verdict at `tolerance`.
 */
export function nearAndInterfering(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, tolerance: number, reach: number): { near: SurfacePair[]; interfering: Interference[]; stats: QueryStats } {
  const result = collideRigid(a, rigidA, b, rigidB, resolveCollideOptions({ mode: 'all-surfaces', tolerance: Math.max(reach, tolerance), classify: true }));
  const floor = contactAllowance(a, b, tolerance);
  const out: Interference[] = [];
  for (const p of result.surfacePairs) {
    const relation = p.relation ?? 'touching';
    const depth = p.depth ?? 0;
    if (depth <= floor) continue;
    if (contactVerdict(relation, depth, a.surfaces[p.a]!, rigidA, b.surfaces[p.b]!, rigidB, tolerance) === 'interference') {
      out.push({ surfaceA: p.a, surfaceB: p.b, depth });
    }
  }
  return { near: result.surfacePairs, interfering: out, stats: result.stats };
}

/**
 * The same verdict for one surface pair only (cheap when the surfaces are small):
 * `near` when some triangles are within `reach`, and the interference if there is one.
 */
export function surfacePairVerdict(a: Part, rigidA: Rigid, sa: number, b: Part, rigidB: Rigid, sb: number, tolerance: number, reach: number): { near: boolean; interference: Interference | null } {
  const surfaceA = a.surfaces[sa]!, surfaceB = b.surfaces[sb]!;
  if (!triangleTreeOf(surfaceA) || !triangleTreeOf(surfaceB)) return { near: false, interference: null };
  const scratch = motionScratch.claim();
  let found: number;
  try {
    found = nearAndCrossing(scratch, a, rigidA, surfaceA, b, rigidB, surfaceB, Math.max(reach, tolerance));
  } finally {
    motionScratch.release(scratch);
  }
  const near = found !== NOT_NEAR, depth = found;
  if (found < 0 || depth <= contactAllowance(a, b, tolerance)) return { near, interference: null };
  const verdict = contactVerdict('intersecting', depth, surfaceA, rigidA, surfaceB, rigidB, tolerance);
  return { near, interference: verdict === 'interference' ? { surfaceA: sa, surfaceB: sb, depth } : null };
}

/** nearAndCrossing's answers other than a crossing depth (≥ 0). */
const NOT_NEAR = -2, NEAR_ONLY = -1;

/**
 * The deepest crossing of the two surfaces' triangles within `within` of each other (≥ 0),
 * else NEAR_ONLY when some are within it, else NOT_NEAR; on `scratch`. A number, not an
 * object: the sweep asks this of many surface pairs.
 */
function nearAndCrossing(scratch: MotionScratch, a: Part, rigidA: Rigid, surfaceA: Surface, b: Part, rigidB: Rigid, surfaceB: Surface, within: number): number {
  const { bToA, triA, triB, box, uncounted } = scratch;
  relativeRigid(rigidA, rigidB, bToA);
  let near = false, crossing = false, depth = 0;
  const hits = (scratch.trianglesA = scratch.trianglesA.length >= surfaceA.triangleCount ? scratch.trianglesA : new Uint32Array(surfaceA.triangleCount));
  for (let i = 0; i < surfaceB.triangleCount; i++) {
    const tb = surfaceB.firstTriangle + i;
    loadTransformedTriangle(b, tb, bToA, triB);
    triangleBox(triB, within, box);
    const n = queryBoxTree(triangleTreeOf(surfaceA)!, box, hits, uncounted);
    for (let k = 0; k < n; k++) {
      loadTriangle(a, surfaceA.firstTriangle + hits[k]!, triA);
      if (!trianglesWithin(triA, triB, within)) continue;
      near = true;
      if (trianglesCross(triA, triB)) {
        crossing = true;
        depth = Math.max(depth, crossingDepth(triA, triB));
      }
    }
  }
  return crossing ? depth : near ? NEAR_ONLY : NOT_NEAR;
}

/** How far two parts' tessellations may cross at rest without interfering: tolerance + the larger chordal sag of either part. */
export function contactAllowance(a: Part, b: Part, tolerance: number): number {
  return tolerance + Math.max(sagOf(a), sagOf(b));
}

/** The part's largest chordal sag (cheap from the surfaces' sags, which the part keeps). */
const PART_SAG: DerivedKind<number> = { name: 'part-chordal-sag' };
function sagOf(part: Part): number {
  return derivedOf(part).of(PART_SAG, part, () => {
    let sag = 0;
    for (const s of part.surfaces) if (s.triangleCount > 0) sag = Math.max(sag, chordalSag(s));
    return sag;
  });
}

/**
 * Can a contact at the start never become an interference during the motion? True
 * when the two surfaces' primitives coincide now and the motion maps A's primitive
 * onto itself (a cylinder or cone moved along / turned about its own axis, a plane
 * slid in its plane or turned about its normal, a sphere turned about its centre), or
 * when `surfacesNeverMeet` says so (a seat lifted straight off, a shank sliding past the
 * rim of its hole, a nut's faces as it unscrews).
 */
export function contactKeptByMotion(surfaceA: Surface, rigidA: Rigid, surfaceB: Surface, rigidB: Rigid, motion: RigidMotion, tolerance: number): boolean {
  const ka = surfaceKindToWorld(surfaceKindOf(surfaceA), rigidA);
  const kb = surfaceKindToWorld(surfaceKindOf(surfaceB), rigidB);
  const allowance = tolerance + Math.max(chordalSag(surfaceA), chordalSag(surfaceB));
  if (kindsCoincide(ka, kb, allowance) && kindInvariant(ka, motion, allowance)) return true;
  return surfacesNeverMeet(surfaceA, rigidA, ka, surfaceB, rigidB, kb, motion, allowance);
}

/**
 * Do the two surfaces' fitted primitives (posed) mate: the same surface (a seat, a fit),
 * or a plane tangent to a cylinder along a line, within the pair's allowance?
 */
export function surfacesMate(surfaceA: Surface, rigidA: Rigid, surfaceB: Surface, rigidB: Rigid, tolerance: number): boolean {
  const ka = surfaceKindToWorld(surfaceKindOf(surfaceA), rigidA);
  const kb = surfaceKindToWorld(surfaceKindOf(surfaceB), rigidB);
  const allowance = tolerance + Math.max(chordalSag(surfaceA), chordalSag(surfaceB));
  if (kindsCoincide(ka, kb, allowance)) return true;
  const plane = ka.type === 'plane' ? ka : kb.type === 'plane' ? kb : null;
  const cylinder = ka.type === 'cylinder' ? ka : kb.type === 'cylinder' ? kb : null;
  if (!plane || !cylinder) return false;
  const n = plane.normal, c = cylinder;
  if (Math.abs(n[0] * c.axis[0] + n[1] * c.axis[1] + n[2] * c.axis[2]) > 1e-3) return false;
  const offset = n[0] * c.point[0] + n[1] * c.point[1] + n[2] * c.point[2] - plane.offset;
  return Math.abs(Math.abs(offset) - c.radius) <= allowance;
}

const PARALLEL = 1 - 1e-6;
function kindInvariant(k: SurfaceKind, motion: RigidMotion, allowance: number): boolean {
  const dot = (u: number[], v: number[]): number => u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
  if (motion.kind === 'translate') {
    const len = Math.hypot(...motion.vector);
    if (len === 0) return true;
    const d = motion.vector.map((v) => v / len);
    if (k.type === 'plane') return Math.abs(dot(k.normal, d)) * len <= allowance;
    if (k.type === 'cylinder') return Math.abs(dot(k.axis, d)) >= PARALLEL;
    return false;
  }
  const { axis, point, advance } = motion;
  const onAxis = (p: number[]): boolean => {
    const r = [p[0]! - point[0], p[1]! - point[1], p[2]! - point[2]];
    const h = dot(r, axis);
    return Math.sqrt(Math.max(0, dot(r, r) - h * h)) <= allowance;
  };
  switch (k.type) {
    case 'plane':
      return Math.abs(dot(k.normal, axis)) >= PARALLEL && Math.abs(advance) <= allowance;
    case 'cylinder':
      return Math.abs(dot(k.axis, axis)) >= PARALLEL && onAxis(k.point);
    case 'cone':
      return Math.abs(dot(k.axis, axis)) >= PARALLEL && onAxis(k.apex) && Math.abs(advance) <= allowance;
    case 'sphere':
      return onAxis(k.center) && Math.abs(advance) <= allowance;
    case 'torus':
      return Math.abs(dot(k.axis, axis)) >= PARALLEL && onAxis(k.center) && Math.abs(advance) <= allowance;
    default:
      return false;
  }
}
