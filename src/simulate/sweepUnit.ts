/**
 * One unit of removal work, run here or in a worker: part `moving` translates along a unit
 * direction to infinity (in practice: until its box has left each other part's box), and
 * each other part that it would run into is reported with the first contact.
 *
 * A pair is swept with the exact time of impact in `approach` mode (contacts the part starts
 * in and moves away from or slides along are no events), and every event is confirmed the
 * the way `surfcd contacts` sizes an interference: the pair is posed a little past it (three
 * skins) and the solids' penetration depth is measured (point-in-solid on the closed
 * meshes; the surface-pair verdict for open ones). An event that has not gone deeper than
 * two skins there (a vertex grazing the rim of a face it slides past, a fitted shaft sliding
 * in its bore) is skipped and the search resumes beyond it.
 */
import { growAabb, transformAabb, type Aabb } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import type { Assembly, Part } from '../model/types.js';
import { timeOfImpactRigid } from '../motion/timeOfImpact.js';
import { PairsNeverMeeting } from '../motion/neverMeet.js';
import { contactKeptByMotion, interferingSurfacePairs } from '../motion/verdict.js';
import { collideRigid, resolveCollideOptions } from '../collide/collide.js';
import { solidDeeperThan } from '../verdict/solidDeeper.js';
import { solidPenetration } from '../verdict/penetration.js';
import { contactFaceDepth } from './faceDepth.js';
import { overlapDepth } from '../motion/overlapDepth.js';
import { partSag } from '../model/tessellationError.js';
import { runUnit, type Blocker, type SweepUnit, type UnitOutcome } from './blocking.js';
import { boxOverlapInterval } from './clearance.js';

/** Extra travel past the box exit (relative to the scene size), so a contact exactly there is still seen. */
const EXIT_SLACK = 1e-9;
/** Grazing events skipped per pair before giving up (reported, never guessed free). */
const MAX_EVENTS = 64;
/** Points of each solid sampled when confirming an event. */
const SOLID_SAMPLES = 400;

export interface SweepContext {
  assembly: Assembly;
  poses: Rigid[];
  tolerance: number;
  /** World boxes of the parts, grown by the tolerance. */
  boxes: Aabb[];
  /** Pairwise time-of-impact queries and swept triangle tests run (for the bench). */
  stats: { pairs: number; triangleTests: number };
  /** Surface pairs of parts i and j within the skin at the start ("i|j" → [surface of i, surface of j][]). */
  startContacts: Map<string, [number, number][]>;
  /** How deep parts i and j interpenetrate at the start ("i|j" → mm, 0 when apart or touching). */
  startOverlap: Map<string, number>;
  /** The same, searched for rather than sampled, where a block hinged on it ("i|j" → mm). */
  searchedOverlap: Map<string, number>;
}

export function sweepContext(assembly: Assembly, poses: Rigid[], tolerance: number): SweepContext {
  const boxes = assembly.parts.map((p, i) => growAabb(transformAabb(p.bounds, poses[i]!), tolerance));
  return { assembly, poses, tolerance, boxes, stats: { pairs: 0, triangleTests: 0 }, startContacts: new Map(), startOverlap: new Map(), searchedOverlap: new Map() };
}

/** The first contact of part i moving along unit d with part j (j alone in the scene), or null if none. */
export function sweepPair(ctx: SweepContext, i: number, j: number, d: [number, number, number]): Blocker | null {
  const span = boxOverlapInterval(ctx.boxes[i]!, ctx.boxes[j]!, d);
  if (!span) return null;
  const a = ctx.assembly.parts[i]!, b = ctx.assembly.parts[j]!;
  const size = Math.max(1, ...ctx.boxes[j]!.map(Math.abs));
  const length = span[1] + EXIT_SLACK * size;
  if (!(length > 0)) return null;
  const poseA = ctx.poses[i]!, poseB = ctx.poses[j]!;
  // vertices up to the tessellations' chordal error behind a face at the start are touching
  const skin = ctx.tolerance + partSag(a) + partSag(b);
  // how far past an event the verdict is asked: deep enough to tell a real block from a graze
  const probe = Math.max(3 * skin, 1e-6 * size);
  const move: [number, number, number] = [d[0] * length, d[1] * length, d[2] * length];
  const probed = new Float64Array(12);
  // Starting contacts this move keeps coincident (a bore sliding along its peg, a face
  // sliding in its plane) cannot become a block: leave them out of the search.
  const apart = new PairsNeverMeeting(a, poseA, b, poseB, { kind: 'translate', vector: move }, skin);
  for (const [sa, sb] of startContacts(ctx, i, j, skin)) {
    if (contactKeptByMotion(a.surfaces[sa]!, poseA, b.surfaces[sb]!, poseB, { kind: 'translate', vector: move }, ctx.tolerance)) apart.leaveOut(sa, sb);
  }
  // Surface pairs that grazed once (a vertex sliding along the rim of a face) are left out
  // after that: the rest of the pair's surfaces still see any real block, and the probe
  // measures whole solids.
  const ignore = (sa: number, sb: number): boolean => apart.has(sa, sb);
  let after = -1;
  ctx.stats.pairs++;
  for (let event = 0; event < MAX_EVENTS; event++) {
    const { hit, stats } = timeOfImpactRigid(a, poseA, b, poseB, move, { mode: 'approach', skin, minDepth: 2 * skin, after, ignore });
    ctx.stats.triangleTests += stats.triangleTests;
    if (!hit) return null;
    const past = hit.distance + probe;
    probed.set(poseA);
    probed[3] = poseA[3]! + d[0] * past;
    probed[7] = poseA[7]! + d[1] * past;
    probed[11] = poseA[11]! + d[2] * past;
    // a real block has gone `probe` deep there; a graze or a sliding fit stays within the skin
    // (the hit faces' interiors first: cheap, and decisive for most real blocks)
    // An overlap drawn into the model (unclocked gear teeth, a press fit) is allowed contact:
    // only going deeper than it started blocks.
    const start = startingOverlap(ctx, i, j);
    const blocks =
      (start === 0 && contactFaceDepth(a.surfaces[hit.surfaceA]!, probed, b.surfaces[hit.surfaceB]!, poseB) > 2 * skin) ||
      (solidBlocks(a, probed, b, poseB, ctx.tolerance, start + 2 * skin) &&
        (start === 0 || solidBlocks(a, probed, b, poseB, ctx.tolerance, searchedOverlap(ctx, i, j) + 2 * skin)));
    if (blocks) {
      return { other: j, moving: i, distance: hit.distance, surfaceMoving: hit.surfaceA, surfaceOther: hit.surfaceB, point: hit.point, normal: hit.normal };
    }
    apart.leaveOut(hit.surfaceA, hit.surfaceB);
    after = past / length;
    if (after >= 1) return null;
  }
  return { other: j, moving: i, distance: after * length, reason: `more than ${MAX_EVENTS} grazing contacts: treated as blocked` };
}

/** Whole-solid check past an event: penetration depth on closed meshes, the surface verdict on open ones. */
function solidBlocks(a: Part, poseA: Rigid, b: Part, poseB: Rigid, tolerance: number, depth: number): boolean {
  const deeper = solidDeeperThan(a, poseA, b, poseB, depth, SOLID_SAMPLES);
  return deeper === null ? interferingSurfacePairs(a, poseA, b, poseB, tolerance).length > 0 : deeper;
}

/** How deep parts i and j interpenetrate at the start (0 when apart or touching; computed once per part pair). */
function startingOverlap(ctx: SweepContext, i: number, j: number): number {
  const key = `${i}|${j}`;
  let depth = ctx.startOverlap.get(key);
  if (depth === undefined) {
    const a = ctx.assembly.parts[i]!, b = ctx.assembly.parts[j]!;
    const skin = ctx.tolerance + partSag(a) + partSag(b);
    const p = solidDeeperThan(a, ctx.poses[i]!, b, ctx.poses[j]!, 2 * skin, SOLID_SAMPLES) ? solidPenetration(a, ctx.poses[i]!, b, ctx.poses[j]!, SOLID_SAMPLES) : null;
    // The samples can miss the deepest point of a drawn-in overlap (a tooth's tip vertices
    // sit on its end faces): the surface pairs' crossing depth is a floor for it.
    const crossing = p ? Math.max(0, ...interferingSurfacePairs(a, ctx.poses[i]!, b, ctx.poses[j]!, ctx.tolerance).map((x) => x.depth)) : 0;
    depth = p && !p.openMesh ? Math.max(p.depth, crossing) : 0;
    ctx.startOverlap.set(key, depth);
  }
  return depth;
}

/**
 * The starting overlap's own depth, searched for (overlapDepth): asked only when the sampled
 * starting depth says a drawn-in overlap went deeper, since samples clipped at the start can
 * read deeper after a slide that only shortens the overlap (computed once per part pair).
 */
function searchedOverlap(ctx: SweepContext, i: number, j: number): number {
  const key = `${i}|${j}`;
  let depth = ctx.searchedOverlap.get(key);
  if (depth === undefined) {
    depth = Math.max(startingOverlap(ctx, i, j), overlapDepth(ctx.assembly.parts[i]!, ctx.poses[i]!, ctx.assembly.parts[j]!, ctx.poses[j]!, SOLID_SAMPLES));
    ctx.searchedOverlap.set(key, depth);
  }
  return depth;
}

/** Surface pairs of parts i and j within `skin` of each other at the start (computed once per part pair). */
function startContacts(ctx: SweepContext, i: number, j: number, skin: number): [number, number][] {
  const key = `${i}|${j}`;
  let list = ctx.startContacts.get(key);
  if (!list) {
    const a = ctx.assembly.parts[i]!, b = ctx.assembly.parts[j]!;
    const near = collideRigid(a, ctx.poses[i]!, b, ctx.poses[j]!, resolveCollideOptions({ mode: 'all-surfaces', tolerance: skin }));
    list = near.surfacePairs.map((p) => [p.a, p.b] as [number, number]);
    ctx.startContacts.set(key, list);
  }
  return list;
}

/** Runs work units in this thread (nearest box first, stopping past the nearest blocker). */
export function runSweepUnits(ctx: SweepContext, units: readonly SweepUnit[]): UnitOutcome[] {
  return units.map((u) => runUnit(ctx.boxes, u, (i, j, d) => sweepPair(ctx, i, j, d)));
}

