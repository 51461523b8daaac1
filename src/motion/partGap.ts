/**
 * The CAD gap between two posed parts: the triangles' minimum distance (`distanceRigid`),
 * then, where the closest surface pair's fitted kinds have a closed-form gap (parallel
 * planes, parallel cylinders, sphere–plane, …), that gap measured on the primitives. A
 * primitive gap can be larger than the chordal one (a bore's facets stand inside the bore),
 * so a refined pair is set aside and the search runs again below the refined value, until
 * no other surface pair comes closer.
 */
import type { Pose, Rigid } from '../math/rigid.js';
import { kindGap } from '../model/kindGap.js';
import { surfaceKindToWorld, type SurfaceKindType } from '../model/surfaceKind.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import { surfaceSag } from '../model/tessellationError.js';
import type { Part } from '../model/types.js';
import { addStats, emptyStats, type QueryStats } from '../collide/stats.js';
import { distanceRigid, type ClosestPair, type DistanceOptions } from './distance.js';
import { readPoses, type Vec3 } from './inputs.js';

export interface GapOptions extends DistanceOptions {
  /**
   * Measure surface pairs whose fitted kinds allow it on the primitives (the CAD distance)
   * instead of on the facets. Default false: the triangles' exact distance.
   */
  fitted?: boolean;
}

export interface PartGap extends ClosestPair {
  /** `triangles`: the facets' distance; `fitted`: the fitted primitives' gap. */
  measuredOn: 'triangles' | 'fitted';
  /** The fitted kinds of the closest surfaces (only with `fitted`). */
  kindA?: SurfaceKindType;
  kindB?: SurfaceKindType;
}

export interface GapResult {
  closest: PartGap | null;
  stats: QueryStats;
}

/** Surface pairs set aside before the answer is taken as it stands (each costs one more search). */
const MAX_REFINED = 8;

/**
 * Minimum distance between two posed parts with the closest surfaces and points (world
 * frame): `{ closest: { distance, pointA, pointB, surfaceA, surfaceB, … } | null, stats }`.
 * `maxDistance` bounds the search (the OBB pre-check and both tree levels are grown by it
 * only); nothing within it gives `closest: null`.
 */
export function distance(a: Part, poseA: Pose, b: Part, poseB: Pose, options: GapOptions = {}): GapResult {
  const [rigidA, rigidB] = readPoses(a, poseA, b, poseB, 'distance');
  return gapRigid(a, rigidA, b, rigidB, options);
}

export function gapRigid(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, options: GapOptions = {}): GapResult {
  if (!options.fitted) {
    const r = distanceRigid(a, rigidA, b, rigidB, options);
    return { closest: r.closest ? { ...r.closest, measuredOn: 'triangles' } : null, stats: r.stats };
  }
  const stats = emptyStats();
  const userIgnore = options.ignore;
  const setAside = new Set<number>();
  const nb = b.surfaces.length;
  const ignore = (sa: number, sb: number): boolean => setAside.has(sa * nb + sb) || (userIgnore !== undefined && userIgnore(sa, sb));
  let limit = options.maxDistance ?? Infinity;
  let best: PartGap | null = null;
  for (let round = 0; ; round++) {
    const r = distanceRigid(a, rigidA, b, rigidB, { maxDistance: limit, ignore, ...(round === 0 && options.seed ? { seed: options.seed } : {}) });
    addStats(stats, r.stats);
    const c = r.closest;
    if (!c) break;
    const refined = c.distance > 0 ? refine(a, rigidA, b, rigidB, c) : null;
    const here: PartGap = refined ?? { ...c, measuredOn: 'triangles', ...kindsOf(a, b, c) };
    if (!best || here.distance < best.distance) best = here;
    // Unrefined, or refined downwards: no other pair's facets come closer than these did.
    if (!refined || refined.distance <= c.distance) break;
    if (round + 1 >= MAX_REFINED) {
      // Too many pairs refined upwards: the facets' distance is the safe answer.
      best = { ...c, measuredOn: 'triangles', ...kindsOf(a, b, c) };
      break;
    }
    setAside.add(c.surfaceA * nb + c.surfaceB);
    limit = Math.min(limit, best.distance);
  }
  const maxDistance = options.maxDistance ?? Infinity;
  return { closest: best && best.distance <= maxDistance ? best : null, stats };
}

function kindsOf(a: Part, b: Part, c: ClosestPair): { kindA: SurfaceKindType; kindB: SurfaceKindType } {
  return { kindA: surfaceKindOf(a.surfaces[c.surfaceA]!).type, kindB: surfaceKindOf(b.surfaces[c.surfaceB]!).type };
}

/**
 * The closest pair measured on its fitted primitives, when they have a closed form and
 * the primitives' gap is within the two surfaces' chordal sag of the facets' distance
 * (farther means the facets' closest points are not where the primitives face each other:
 * an edge, a face that ends).
 */
function refine(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, c: ClosestPair): PartGap | null {
  const sa = a.surfaces[c.surfaceA]!, sb = b.surfaces[c.surfaceB]!;
  const localA = surfaceKindOf(sa), localB = surfaceKindOf(sb);
  const kinds = { kindA: localA.type, kindB: localB.type };
  if (localA.type === 'freeform' || localB.type === 'freeform') return null;
  const gap = kindGap(surfaceKindToWorld(localA, rigidA), surfaceKindToWorld(localB, rigidB), c.pointA, c.pointB);
  if (!gap) return null;
  const magnitude = Math.max(1, ...Array.from(a.bounds, Math.abs), ...Array.from(b.bounds, Math.abs), Math.abs(rigidA[3]!), Math.abs(rigidA[7]!), Math.abs(rigidA[11]!));
  const slack = surfaceSag(sa) + surfaceSag(sb) + localA.residual + localB.residual + 1e-9 * magnitude;
  if (Math.abs(gap.distance - c.distance) > slack) return null;
  return { ...c, distance: gap.distance, pointA: gap.pointA, pointB: gap.pointB, measuredOn: 'fitted', ...kinds };
}

export type { Vec3 };
