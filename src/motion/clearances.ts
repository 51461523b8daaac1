/**
 * Clearance verification: every part pair of an assembly closer than a required gap but
 * not touching, with the gap, where it is and between which surfaces. The broad phase's
 * world boxes are grown by the required gap; each candidate pair runs one bounded distance
 * query (OBB pre-check and both tree levels grown by the gap only), measured on the fitted
 * primitives where their kinds allow it.
 */
import { DEFAULT_TOLERANCE } from '../model/tolerance.js';
import { SurfcdError } from '../errors.js';
import { growAabb, transformAabb } from '../math/aabb.js';
import type { Pose } from '../math/rigid.js';
import type { SurfaceKindType } from '../model/surfaceKind.js';
import type { Assembly, Part } from '../model/types.js';
import { assertAssembly } from '../model/validate.js';
import { overlappingPairs } from '../collide/broadPhase.js';
import { resolvePoses, selectedPairs } from '../collide/findContacts.js';
import type { PartSelection } from '../model/partSets.js';
import { addStats, emptyStats, type QueryStats } from '../collide/stats.js';
import { gapRigid } from './partGap.js';
import type { Vec3 } from './inputs.js';

export interface ClearanceOptions {
  /** Required gap (mm): part pairs closer than this are listed. Must be > 0 and finite. */
  min: number;
  /** Pairs at or below this distance touch and are not listed (mm). Default 0.01. */
  tolerance?: number;
  /** Poses by part path; parts not named stay where the file placed them. */
  poses?: Record<string, Pose> | Map<string, Pose>;
  /**
   * The part sets of the interference review (`--parts`, `--against`): only the pairs they
   * select are measured, and counted as candidates.
   */
  select?: PartSelection;
  /** Which part pairs to check (both parts given in path order); default every pair. */
  pairFilter?: (a: Part, b: Part) => boolean;
  /** Measure on the fitted primitives where their kinds allow it. Default true. */
  fitted?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface PartClearance {
  partA: string;
  partB: string;
  /** Minimum distance (mm): tolerance < distance < min. */
  distance: number;
  /** Closest points, world frame. */
  pointA: Vec3;
  pointB: Vec3;
  surfaceA: number;
  surfaceB: number;
  kindA: SurfaceKindType;
  kindB: SurfaceKindType;
  /** `fitted`: measured on the surfaces' fitted primitives (the CAD distance); `triangles`: on the facets. */
  measuredOn: 'triangles' | 'fitted';
}

export interface ClearanceResult {
  min: number;
  tolerance: number;
  /** Part pairs whose grown world boxes overlapped, of those the selection keeps (a distance query ran on each). */
  candidatePairs: number;
  /** Closest first, then by paths. */
  clearances: PartClearance[];
  stats: QueryStats;
}

export const DEFAULT_TOUCHING = DEFAULT_TOLERANCE;

const byCodePoint = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

export function findClearances(assembly: Assembly, options: ClearanceOptions): ClearanceResult {
  assertAssembly(assembly, 'findClearances');
  const { min } = options;
  const tolerance = options.tolerance ?? DEFAULT_TOUCHING;
  if (typeof min !== 'number' || !Number.isFinite(min) || !(min > 0)) {
    throw new SurfcdError('INVALID_OPTION', `clearance: min must be a finite number > 0 (mm), got ${String(min)}`);
  }
  if (typeof tolerance !== 'number' || !(tolerance >= 0) || !(tolerance < min)) {
    throw new SurfcdError('INVALID_OPTION', `clearance: tolerance must be a number ≥ 0 and below min (${min} mm), got ${String(tolerance)}`);
  }
  const poses = resolvePoses(assembly, options.poses);
  const stats = emptyStats();
  const boxes = assembly.parts.map((part, i) => growAabb(transformAabb(part.bounds, poses[i]!), min / 2));
  const candidates = selectedPairs(assembly, overlappingPairs(boxes, stats), options.select);
  const clearances: PartClearance[] = [];
  const total = candidates.length / 2;
  for (let k = 0; k < candidates.length; k += 2) {
    let [i, j] = [candidates[k]!, candidates[k + 1]!];
    if (byCodePoint(assembly.parts[i]!.path, assembly.parts[j]!.path) > 0) [i, j] = [j, i];
    const a = assembly.parts[i]!, b = assembly.parts[j]!;
    if (!options.pairFilter || options.pairFilter(a, b)) {
      const r = gapRigid(a, poses[i]!, b, poses[j]!, { maxDistance: min, fitted: options.fitted ?? true });
      addStats(stats, r.stats);
      const c = r.closest;
      if (c && c.distance > tolerance && c.distance < min) {
        clearances.push({
          partA: a.path,
          partB: b.path,
          distance: c.distance,
          pointA: c.pointA,
          pointB: c.pointB,
          surfaceA: c.surfaceA,
          surfaceB: c.surfaceB,
          kindA: c.kindA ?? 'freeform',
          kindB: c.kindB ?? 'freeform',
          measuredOn: c.measuredOn,
        });
      }
    }
    options.onProgress?.(k / 2 + 1, total);
  }
  clearances.sort((x, y) => x.distance - y.distance || byCodePoint(x.partA, y.partA) || byCodePoint(x.partB, y.partB));
  return { min, tolerance, candidatePairs: total, clearances, stats };
}
