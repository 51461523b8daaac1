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
import { effectiveSag } from '../model/tessellationError.js';
import type { Part } from '../model/types.js';
import { closestPointOnTriangle } from '../math/pointInSolid.js';
import { loadTriangle } from '../traverse/triangles.js';
import { addStats, emptyStats, type QueryStats } from '../traverse/stats.js';
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
 * the primitives' gap is within the two surfaces' chordal sag (for a flat face, that of the
 * curved faces bordering it: its polygonal outline is theirs) of the facets' distance
 * (farther means the facets' closest points are not where the primitives face each other:
 * a face that ends). A closest point on an edge belongs to every surface meeting there
 * (a hole's rim is the hole's and the top face's): each such surface pair is tried, and the
 * smallest closed-form gap wins.
 */
function refine(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, c: ClosestPair): PartGap | null {
  const magnitude = Math.max(1, ...Array.from(a.bounds, Math.abs), ...Array.from(b.bounds, Math.abs), Math.abs(rigidA[3]!), Math.abs(rigidA[7]!), Math.abs(rigidA[11]!));
  const onEdge = 1e-9 * magnitude;
  const surfacesA = surfacesAt(a, rigidA, c.pointA, c.surfaceA, onEdge);
  const surfacesB = surfacesAt(b, rigidB, c.pointB, c.surfaceB, onEdge);
  let best: PartGap | null = null;
  for (const ia of surfacesA) {
    for (const ib of surfacesB) {
      const sa = a.surfaces[ia]!, sb = b.surfaces[ib]!;
      const localA = surfaceKindOf(sa), localB = surfaceKindOf(sb);
      if (localA.type === 'freeform' || localB.type === 'freeform') continue;
      const gap = kindGap(surfaceKindToWorld(localA, rigidA), surfaceKindToWorld(localB, rigidB), c.pointA, c.pointB);
      if (!gap) continue;
      const slack = effectiveSag(sa) + effectiveSag(sb) + localA.residual + localB.residual + onEdge;
      if (Math.abs(gap.distance - c.distance) > slack || (best && best.distance <= gap.distance)) continue;
      best = { ...c, surfaceA: ia, surfaceB: ib, distance: gap.distance, pointA: gap.pointA, pointB: gap.pointB, measuredOn: 'fitted', kindA: localA.type, kindB: localB.type };
    }
  }
  return best;
}

/** The surfaces of a part whose triangles pass within `eps` of world point p (`own` first). */
function surfacesAt(part: Part, rigid: Rigid, p: Vec3, own: number, eps: number): number[] {
  // World → part frame: Rᵀ(p − t).
  const dx = p[0] - rigid[3]!, dy = p[1] - rigid[7]!, dz = p[2] - rigid[11]!;
  const x = rigid[0]! * dx + rigid[4]! * dy + rigid[8]! * dz;
  const y = rigid[1]! * dx + rigid[5]! * dy + rigid[9]! * dz;
  const z = rigid[2]! * dx + rigid[6]! * dy + rigid[10]! * dz;
  const found = [own];
  const tri = new Float64Array(9), foot = new Float64Array(3);
  for (const s of part.surfaces) {
    const bb = s.bounds;
    if (s.index === own || x < bb[0]! - eps || x > bb[3]! + eps || y < bb[1]! - eps || y > bb[4]! + eps || z < bb[2]! - eps || z > bb[5]! + eps) continue;
    for (let t = s.firstTriangle, end = t + s.triangleCount; t < end; t++) {
      loadTriangle(part, t, tri);
      if (closestPointOnTriangle(tri, 0, x, y, z, foot) <= eps * eps) {
        found.push(s.index);
        break;
      }
    }
  }
  return found;
}

export type { Vec3 };
