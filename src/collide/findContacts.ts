import { growAabb, transformAabb } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import { resolvePoses, type PosesByPath } from '../model/poses.js';
import type { Assembly, Part } from '../model/types.js';

// The pose and path helpers used to live here; they are model's now (model/poses.ts).
export { findPart, resolvePoses, unknownPart } from '../model/poses.js';
import { overlappingPairs } from './broadPhase.js';
import { collideRigid, resolveCollideOptions, type CollideMode, type SurfaceRelation } from './collide.js';
import { addStats, emptyStats, type QueryStats } from './stats.js';
import { judgeCrossing, type ContactKind, type ContactVerdict } from './contactVerdict.js';
import type { Vec3 } from '../model/surfaceKind.js';
import { assertAssembly, assertOptions } from '../model/validate.js';
import { explainPartPair } from './explainInterference.js';
import { duplicateOffset, partPairAllowance, probeContainment, thinnestWidth, type PartPairVerdict } from './partPairVerdict.js';

export interface ContactOptions {
  /** Surfaces closer than this (mm) count as touching. Default 0: exact contact only. */
  tolerance?: number;
  /** `first-surface`: one surface pair per part pair; `all-triangles`: also count triangle pairs. Default `all-surfaces`. */
  mode?: CollideMode;
  /** Poses by part path; parts not named stay where the file placed them. */
  poses?: PosesByPath;
  /** The narrow phase (`collide`'s `method`): `scd` (default), `obbtree`, `boxtree`, … */
  method?: string;
  /** Called after each candidate part pair, for progress display. */
  onProgress?: (done: number, total: number) => void;
}

export interface SurfaceContact {
  partA: string;
  surfaceA: number;
  partB: string;
  surfaceB: number;
  relation: SurfaceRelation;
  /**
   * The final word: `contact` (touching, or crossing no deeper than the tessellation's
   * chordal sag, or the two fitted surfaces coincide) or `interference` (real overlap).
   */
  verdict: ContactVerdict;
  /** Why: touching, within-allowance, coincident, edge (contact) or interference. */
  kind: ContactKind;
  /** Penetration depth of the two solids (mm); 0 for a contact. */
  depth: number;
  /** Interference only: unit world direction moving part A by `depth` separates the pair. */
  direction?: Vec3;
  /** Interference only, when a part's mesh is open: `depth` is the triangles' estimate. */
  openMesh?: true;
  /** Triangle pairs in contact (mode `all-triangles` only). */
  triangles?: number;
}

export type PairContact = Omit<SurfaceContact, 'partA' | 'partB'>;

/** A part pair's contacts: its surface pairs, and the pair's verdict (see PartPairVerdict). */
export interface PartPairContacts extends PartPairVerdict {
  partA: string;
  partB: string;
  surfacePairs: PairContact[];
  /** A sentence for people, for interferences and edge-only contacts. */
  sentence?: string;
}

export interface ContactReport {
  tolerance: number;
  /** Part pairs whose world boxes overlapped (narrow phase ran on them). */
  candidatePairs: number;
  pairs: PartPairContacts[];
  /** Every surface pair, sorted by partA, partB, surfaceA, surfaceB (paths compared by code point). */
  contacts: SurfaceContact[];
  stats: QueryStats;
}

const byCodePoint = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/** Every touching or intersecting surface pair between the parts of an assembly. */
export function findContacts(assembly: Assembly, options: ContactOptions = {}): ContactReport {
  assertAssembly(assembly, 'findContacts'); assertOptions(options, 'findContacts');
  const opts = resolveCollideOptions({ mode: options.mode ?? 'all-surfaces', tolerance: options.tolerance ?? 0, classify: true, ...(options.method !== undefined ? { method: options.method } : {}) });
  const poses = resolvePoses(assembly, options.poses);
  const stats = emptyStats();
  const worldBoxes = assembly.parts.map((part, i) => growAabb(transformAabb(part.bounds, poses[i]!), opts.tolerance + 1e-9 * Math.max(1, Math.abs(part.bounds[0]!), Math.abs(part.bounds[5]!))));
  const candidates = overlappingPairs(worldBoxes, stats);
  const pairs: PartPairContacts[] = [];
  const total = candidates.length / 2;
  for (let k = 0; k < candidates.length; k += 2) {
    let [i, j] = [candidates[k]!, candidates[k + 1]!];
    if (byCodePoint(assembly.parts[i]!.path, assembly.parts[j]!.path) > 0) [i, j] = [j, i];
    const a = assembly.parts[i]!, b = assembly.parts[j]!;
    const result = collideRigid(a, poses[i]!, b, poses[j]!, opts);
    addStats(stats, result.stats);
    const surfacePairs: PairContact[] = result.surfacePairs.map((p) => {
      const relation = p.relation ?? 'touching';
      const judged = judgeCrossing(relation, p.depth ?? 0, a.surfaces[p.a]!, poses[i]!, b.surfaces[p.b]!, poses[j]!, opts.tolerance);
      return {
        surfaceA: p.a,
        surfaceB: p.b,
        relation,
        verdict: judged.verdict,
        kind: judged.kind,
        depth: judged.depth,
        ...(judged.direction ? { direction: judged.direction } : {}),
        ...(judged.openMesh ? { openMesh: true as const } : {}),
        ...(result.trianglePairs ? { triangles: countTrianglePairs(result.trianglePairs, a, b, p.a, p.b) } : {}),
      };
    });
    const allowance = partPairAllowance(a, poses[i]!, b, poses[j]!, opts.tolerance);
    const verdict = partPairVerdict(a, poses[i]!, b, poses[j]!, surfacePairs, allowance);
    if (surfacePairs.length > 0 || verdict.kind !== 'contact') {
      const sentence = explainPartPair(a, poses[i]!, b, poses[j]!, verdict, surfacePairs, allowance);
      pairs.push({ partA: a.path, partB: b.path, surfacePairs, ...verdict, ...(sentence ? { sentence } : {}) });
    }
    options.onProgress?.(k / 2 + 1, total);
  }
  pairs.sort((p, q) => byCodePoint(p.partA, q.partA) || byCodePoint(p.partB, q.partB));
  const contacts = pairs.flatMap((p) =>
    p.surfacePairs.map(({ surfaceA, surfaceB, ...rest }) => ({ partA: p.partA, surfaceA, partB: p.partB, surfaceB, ...rest })),
  );
  return { tolerance: opts.tolerance, candidatePairs: total, pairs, contacts, stats };
}

/** Part-level verdict from the judged surface pairs, probing containment where none interferes. */
function partPairVerdict(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, surfacePairs: PairContact[], allowance: number): PartPairVerdict {
  const interfering = surfacePairs.filter((p) => p.verdict === 'interference');
  const openMesh = surfacePairs.some((p) => p.openMesh) ? { openMesh: true as const } : {};
  if (interfering.length === 0) return probeContainment(a, rigidA, b, rigidB, allowance) ?? { verdict: 'contact', kind: 'contact', depth: 0 };
  const deepest = interfering.reduce((x, y) => (y.depth > x.depth ? y : x));
  const direction = deepest.direction ? { direction: deepest.direction } : {};
  const offset = duplicateOffset(a, rigidA, b, rigidB, allowance);
  if (offset !== null) {
    const depth = Math.max(deepest.depth, Math.min(thinnestWidth(a), thinnestWidth(b)) - offset);
    return { verdict: 'interference', kind: 'duplicate', depth, offset, ...direction, ...openMesh };
  }
  return { verdict: 'interference', kind: 'interference', depth: deepest.depth, ...direction, ...openMesh };
}

function countTrianglePairs(flat: Uint32Array, a: Part, b: Part, surfaceA: number, surfaceB: number): number {
  let n = 0;
  for (let k = 0; k < flat.length; k += 2) if (a.triangleSurface[flat[k]!] === surfaceA && b.triangleSurface[flat[k + 1]!] === surfaceB) n++;
  return n;
}

