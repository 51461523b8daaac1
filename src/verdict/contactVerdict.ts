/**
 * Contact or interference, for one surface pair: the verdict `surfcd contacts`, the
 * maintenance simulation and the constraint recognizer all share.
 *
 * 1. Only touching (no triangles cross): contact.
 * 2. The fitted primitives are the same surface (a bolt in its fitted hole), or a shaft
 *    sits in a coaxial hole with clearance: contact. Fitted radii are exact where the
 *    facets are not (occt's vertices lie on the exact surface), and the constraint
 *    recognizer decides `fit` with the same test (coincidenceTolerance).
 * 3. A shaft coaxial in a smaller hole overlaps by the radius difference: interference,
 *    whatever the facets say (a thread drawn at nominal diameter).
 * 4. Crossing no deeper than the allowance (both tessellations' measured sags + float32
 *    rounding + tolerance, see allowance.ts): contact — two polygonal circles of one
 *    fitted bolt and hole cross by their chordal error.
 * 5. Otherwise the solids are probed (penetration.ts): if no point of either part lies
 *    inside the other deeper than the allowance, the faces only meet along an edge
 *    (a tab in a slot): contact of kind `edge`, depth 0. Else interference, with the
 *    solids' penetration depth and the direction that separates them.
 */
import { SurfcdError } from '../errors.js';
import { trianglesCross, crossingDepth } from '../math/triangleCross.js';
import { trianglesIntersect } from '../math/triangleIntersect.js';
import { trianglesWithin } from '../math/triangleDistance.js';
import { relativeRigid, type Rigid } from '../math/rigid.js';
import type { Vec3 } from '../model/surfaceKind.js';
import type { Surface } from '../model/types.js';
import { effectiveSag } from '../model/tessellationError.js';
import { indexPart } from '../spatial/indexPart.js';
import { allowanceRigid, asRigid, coincidenceTolerance, fittedRadialOverlap, fittedSurfacesCoincide, type PoseLike } from './allowance.js';
import { surfacePairPenetration } from './penetration.js';
import { emptyStats } from '../traverse/stats.js';
import { loadTransformedTriangle, loadTriangle, triangleBox } from '../traverse/triangles.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';

export { kindsCoincide, surfacePairAllowance, fittedSurfacesCoincide, coincidenceTolerance, fittedRadialOverlap, radialSense, type PoseLike } from './allowance.js';
export { distanceToKind } from '../model/kindDistance.js';

export type ContactVerdict = 'contact' | 'interference';

/**
 * Why a surface pair got its verdict:
 * - `touching`: triangles touch, none cross;
 * - `within-allowance`: they cross no deeper than the two tessellations can;
 * - `coincident`: the fitted primitives are the same surface (bolt in a fitted hole);
 * - `edge`: they cross, but no point of either solid is inside the other (faces meeting
 *   along an edge, coplanar faces with rounding noise);
 * - `interference`: volumes overlap.
 */
export type ContactKind = 'touching' | 'within-allowance' | 'coincident' | 'edge' | 'interference';

export interface SurfacePairJudgement {
  verdict: ContactVerdict;
  kind: ContactKind;
  /** Penetration depth of the two solids (mm); 0 for every contact. */
  depth: number;
  /** World frame, unit: moving part A this way by `depth` separates the pair (interference only). */
  direction: Vec3 | null;
  /** Deepest crossing of two triangles (mm), the raw measurement the allowance is compared with. */
  crossing: number;
  /** What the two tessellations (and the tolerance) can produce (mm); 0 for a pair that only touches (not computed). */
  allowance: number;
  /** A part's mesh is open: depth is the triangles' estimate, not the solids'. */
  openMesh: boolean;
}

/** The verdict for a surface pair already measured by S-CD (`collide` with `classify`). */
export function judgeCrossing(
  relation: 'touching' | 'intersecting',
  crossing: number,
  surfaceA: Surface,
  rigidA: Rigid,
  surfaceB: Surface,
  rigidB: Rigid,
  tolerance: number,
): SurfacePairJudgement {
  // Touching needs no allowance (and S-CD finds many such pairs): 0 is reported then.
  if (relation === 'touching') return { verdict: 'contact', kind: 'touching', depth: 0, direction: null, crossing, allowance: 0, openMesh: false };
  const allowance = tolerance + allowanceRigid(surfaceA, rigidA, surfaceB, rigidB);
  const contact = (kind: ContactKind): SurfacePairJudgement => ({ verdict: 'contact', kind, depth: 0, direction: null, crossing, allowance, openMesh: false });
  // The fitted primitives first: they are exact where the facets are not (same evidence as the constraint recognizer).
  if (fittedSurfacesCoincide(surfaceA, rigidA, surfaceB, rigidB, tolerance)) return contact('coincident');
  const fitTolerance = coincidenceTolerance(surfaceA, rigidA, surfaceB, rigidB, tolerance);
  const overlap = fittedRadialOverlap(surfaceA, rigidA, surfaceB, rigidB, fitTolerance);
  if (overlap !== null && overlap <= fitTolerance) return contact('coincident'); // a shaft in a hole with clearance
  if (overlap === null && crossing <= allowance) return contact('within-allowance');
  const pen = surfacePairPenetration(surfaceA, rigidA, surfaceB, rigidB);
  // an open mesh's inside comes from its generalized winding number: no sample inside may still be a crossing the probe missed
  const depth = Math.max(pen.depth, overlap ?? 0, pen.openMesh && pen.depth === 0 ? crossing : 0);
  if (depth <= allowance && overlap === null) return contact('edge');
  return { verdict: 'interference', kind: 'interference', depth, direction: pen.direction, crossing, allowance, openMesh: pen.openMesh };
}

/**
 * A surface's measured chordal sag as it counts against another part (a plane carries its
 * curved neighbours' sag). Kept for callers of the first version (src/motion/verdict.ts);
 * new code asks `surfacePairAllowance`, which sums both surfaces' sags.
 */
export function chordalSag(surface: Surface): number {
  return effectiveSag(surface);
}

/** The verdict alone (kept for callers of the first version). */
export function contactVerdict(relation: 'touching' | 'intersecting', depth: number, surfaceA: Surface, poseA: Rigid, surfaceB: Surface, poseB: Rigid, tolerance: number): ContactVerdict {
  return judgeCrossing(relation, depth, surfaceA, poseA, surfaceB, poseB, tolerance).verdict;
}

export interface SurfacePairQuery extends SurfacePairJudgement {
  /** `apart`: not even touching (verdict `contact`, kind `touching` is never given then). */
  relation: 'apart' | 'touching' | 'intersecting';
}

const triA = new Float64Array(9);
const triB = new Float64Array(9);
const box = new Float64Array(6);
const stats = emptyStats();

/**
 * Does surface `surfaceA` (its part at `poseA`) interfere with `surfaceB` (at `poseB`),
 * beyond what tessellation and rounding explain? Runs the triangle tests of the two
 * surfaces itself, then `judgeCrossing`. Poses: 16 numbers column-major, a three.js
 * Matrix4, or a Rigid (12 numbers, row-major 3×4); undefined = identity.
 * Stable API for the maintenance simulation.
 */
export function judgeSurfacePair(surfaceA: Surface, poseA: PoseLike | undefined, surfaceB: Surface, poseB: PoseLike | undefined, options: { tolerance?: number } = {}): SurfacePairQuery {
  for (const [s, what] of [[surfaceA, 'surfaceA'], [surfaceB, 'surfaceB']] as const) {
    if (!s || typeof s !== 'object' || !s.part || typeof s.firstTriangle !== 'number') throw new SurfcdError('INVALID_OPTION', `judgeSurfacePair: ${what} is not a Surface (take it from part.surfaces[i])`);
  }
  const tolerance = options.tolerance ?? 0;
  if (!(tolerance >= 0) || !Number.isFinite(tolerance)) throw new SurfcdError('INVALID_OPTION', `judgeSurfacePair: tolerance must be a finite number ≥ 0 (mm), got ${String(tolerance)}`);
  const rigidA = asRigid(poseA, `pose of part "${surfaceA.part.path}"`), rigidB = asRigid(poseB, `pose of part "${surfaceB.part.path}"`);
  indexPart(surfaceA.part);
  indexPart(surfaceB.part);
  const bToA = relativeRigid(rigidA, rigidB);
  let relation: SurfacePairQuery['relation'] = 'apart';
  let crossing = 0;
  if (triangleTreeOf(surfaceA) && triangleTreeOf(surfaceB)) {
    // One per call (a call judges a whole surface pair): no buffer outlives it.
    const hits = new Uint32Array(surfaceA.triangleCount);
    for (let j = 0; j < surfaceB.triangleCount; j++) {
      loadTransformedTriangle(surfaceB.part, surfaceB.firstTriangle + j, bToA, triB);
      triangleBox(triB, tolerance + 1e-12 * Math.max(1, Math.abs(triB[0]!), Math.abs(triB[1]!), Math.abs(triB[2]!)), box);
      const n = queryBoxTree(triangleTreeOf(surfaceA)!, box, hits, stats);
      for (let i = 0; i < n; i++) {
        loadTriangle(surfaceA.part, surfaceA.firstTriangle + hits[i]!, triA);
        if (!(tolerance === 0 ? trianglesIntersect(triA, triB) : trianglesWithin(triA, triB, tolerance))) continue;
        if (relation === 'apart') relation = 'touching';
        if (trianglesCross(triA, triB)) {
          relation = 'intersecting';
          crossing = Math.max(crossing, crossingDepth(triA, triB));
        }
      }
    }
  }
  const judged = judgeCrossing(relation === 'intersecting' ? 'intersecting' : 'touching', crossing, surfaceA, rigidA, surfaceB, rigidB, tolerance);
  return { ...judged, relation };
}

/** True when the two surfaces at these poses interfere beyond their allowance (see judgeSurfacePair). */
export function surfacePairInterferes(surfaceA: Surface, poseA: PoseLike | undefined, surfaceB: Surface, poseB: PoseLike | undefined, options: { tolerance?: number } = {}): boolean {
  return judgeSurfacePair(surfaceA, poseA, surfaceB, poseB, options).verdict === 'interference';
}
