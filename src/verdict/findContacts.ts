import { aabbMagnitude, growAabb, transformAabb } from '../math/aabb.js';
import { touchingFloor } from '../model/tolerance.js';
import type { Rigid } from '../math/rigid.js';
import { resolvePoses, type PosesByPath } from '../model/poses.js';
import type { Assembly, Part } from '../model/types.js';

// The pose and path helpers used to live here; they are model's now (model/poses.ts).
export { findPart, resolvePoses, unknownPart } from '../model/poses.js';
import { overlappingPairs } from '../collide/broadPhase.js';
import { collideRigid, resolveCollideOptions, type CollideMode, type SurfaceRelation } from '../collide/collide.js';
import { addStats, emptyStats, sumStats, type QueryStats } from '../traverse/stats.js';
import { judgeCrossing, type ContactKind, type ContactVerdict } from './contactVerdict.js';
import type { Vec3 } from '../model/surfaceKind.js';
import { assertAssembly, assertOptions } from '../model/validate.js';
import { selectsPair, type PartSelection } from '../model/partSets.js';
import { commonRoot } from '../model/paths.js';
import { explainPartPair } from './explainInterference.js';
import { fittedShaftInHole } from './coaxialOverlap.js';
import { duplicateOffset, partPairAllowance, probeContainment, thinnestWidth, type PartPairVerdict } from './partPairVerdict.js';
import { ContactMemo } from './contactMemo.js';
import type { AssemblyMemo } from '../model/assemblyMemo.js';

export interface ContactOptions {
  /** Surfaces closer than this (mm) count as touching. Default 0: exact contact only. */
  tolerance?: number;
  /** `first-surface`: one surface pair per part pair; `all-triangles`: also count triangle pairs. Default `all-surfaces`. */
  mode?: CollideMode;
  /** Poses by part path; parts not named stay where the file placed them. */
  poses?: PosesByPath;
  /** The narrow phase (`collide`'s `method`): `scd` (default), `obbtree`, `boxtree`, … */
  method?: string;
  /** Check only these part pairs (`--parts` / `--against`; see `selectParts`). */
  select?: PartSelection;
  /** Called after each candidate part pair, for progress display. */
  onProgress?: (done: number, total: number) => void;
  /**
   * The assembly's memo (`openAssembly`'s `memo`): pairs judged before in the assembled state
   * with these options are taken from it, and the pairs judged now are added to it (for
   * `updateAssemblyCache` to keep). Ignored when it is another assembly's.
   */
  memo?: AssemblyMemo;
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

/**
 * The work of one `findContacts` call before any narrow phase: resolved options and poses,
 * and the candidate part pairs (flat i, j with part i's path sorting first), so that the
 * pairs can be judged in chunks, anywhere, and merged into the same report.
 */
export interface ContactPlan {
  options: ReturnType<typeof resolveCollideOptions>;
  /** The tolerance asked for (the options' may be raised to the touching floor). */
  requested: number;
  poses: Rigid[];
  /** Candidate part pairs, flat: i0, j0, i1, j1, … in broad-phase order. */
  candidates: Uint32Array;
  /** The broad phase's counters. */
  stats: QueryStats;
}

/** Part pairs judged from a slice of a plan's candidates, and what judging them counted. */
export interface JudgedPairs {
  pairs: PartPairContacts[];
  stats: QueryStats;
}

/** Every touching or intersecting surface pair between the parts of an assembly. */
export function findContacts(assembly: Assembly, options: ContactOptions = {}): ContactReport {
  const plan = planContacts(assembly, options);
  const total = plan.candidates.length / 2;
  const memo = ContactMemo.open(options.memo, assembly, plan.poses, plan.options, plan.requested);
  const judged = judgeCandidates(assembly, plan, 0, total, options.onProgress && ((done) => options.onProgress!(done, total)), memo);
  memo?.save();
  return mergeContacts(plan, [judged]);
}

/** Options, poses and the broad phase of `findContacts`. */
export function planContacts(assembly: Assembly, options: ContactOptions = {}): ContactPlan {
  assertAssembly(assembly, 'findContacts'); assertOptions(options, 'findContacts');
  const poses = resolvePoses(assembly, options.poses);
  const requested = options.tolerance ?? 0;
  const opts = resolveCollideOptions({ mode: options.mode ?? 'all-surfaces', tolerance: Math.max(requested, touchingFloor(sceneMagnitude(assembly, poses))), classify: true, ...(options.method !== undefined ? { method: options.method } : {}) });
  const stats = emptyStats();
  const worldBoxes = assembly.parts.map((part, i) => growAabb(transformAabb(part.bounds, poses[i]!), opts.tolerance + 1e-9 * Math.max(1, Math.abs(part.bounds[0]!), Math.abs(part.bounds[5]!))));
  const candidates = Uint32Array.from(selectedPairs(assembly, overlappingPairs(worldBoxes, stats), options.select));
  for (let k = 0; k < candidates.length; k += 2) {
    const [i, j] = [candidates[k]!, candidates[k + 1]!];
    if (byCodePoint(assembly.parts[i]!.path, assembly.parts[j]!.path) > 0) [candidates[k], candidates[k + 1]] = [j, i];
  }
  return { options: opts, requested, poses, candidates, stats };
}

/** Judges the plan's candidate pairs `from` to `to` (pair indices, end excluded); `memo`: pairs judged before, and where to keep those judged now. */
export function judgeCandidates(assembly: Assembly, plan: ContactPlan, from: number, to: number, onPair?: (done: number) => void, memo: ContactMemo | null = null): JudgedPairs {
  const { options: opts, poses, candidates } = plan;
  const stats = emptyStats();
  const pairs: PartPairContacts[] = [];
  const root = commonRoot(assembly.parts.map((p) => p.path));
  for (let n = from; n < to; n++) {
    const [i, j] = [candidates[2 * n]!, candidates[2 * n + 1]!];
    const a = assembly.parts[i]!, b = assembly.parts[j]!;
    const known = memo?.recall(i, j);
    if (known) {
      addStats(stats, known.stats);
      if (known.pair) pairs.push(known.pair);
      onPair?.(n + 1);
      continue;
    }
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
    const verdict = partPairVerdict(a, poses[i]!, b, poses[j]!, surfacePairs, allowance, opts.tolerance);
    let judged: PartPairContacts | null = null;
    if (surfacePairs.length > 0 || verdict.kind !== 'contact') {
      const sentence = explainPartPair(a, poses[i]!, b, poses[j]!, verdict, surfacePairs, allowance, root);
      judged = { partA: a.path, partB: b.path, surfacePairs, ...verdict, ...(sentence ? { sentence } : {}) };
      pairs.push(judged);
    }
    memo?.remember(i, j, { pair: judged, stats: result.stats });
    onPair?.(n + 1);
  }
  return { pairs, stats };
}

/** The report of a plan from its judged chunks, in any order: the same report as one pass. */
export function mergeContacts(plan: ContactPlan, chunks: readonly JudgedPairs[]): ContactReport {
  const stats = sumStats([plan.stats, ...chunks.map((c) => c.stats)]);
  const pairs = chunks.flatMap((c) => c.pairs);
  pairs.sort((p, q) => byCodePoint(p.partA, q.partA) || byCodePoint(p.partB, q.partB));
  const contacts = pairs.flatMap((p) =>
    p.surfacePairs.map(({ surfaceA, surfaceB, ...rest }) => ({ partA: p.partA, surfaceA, partB: p.partB, surfaceB, ...rest })),
  );
  return { tolerance: plan.requested, candidatePairs: plan.candidates.length / 2, pairs, contacts, stats };
}

/** The largest coordinate magnitude of the placed parts (mm). */
function sceneMagnitude(assembly: Assembly, poses: Rigid[]): number {
  let m = 0;
  assembly.parts.forEach((part, i) => {
    if (part.indices.length > 0) m = Math.max(m, aabbMagnitude(transformAabb(part.bounds, poses[i]!)));
  });
  return m;
}

/** The candidate pairs (flat index pairs) the selection keeps. */
export function selectedPairs(assembly: Assembly, candidates: number[], select: PartSelection | undefined): number[] {
  if (!select) return candidates;
  const kept: number[] = [];
  for (let k = 0; k < candidates.length; k += 2) {
    const i = candidates[k]!, j = candidates[k + 1]!;
    if (selectsPair(select, assembly.parts[i]!.path, assembly.parts[j]!.path)) kept.push(i, j);
  }
  return kept;
}

/** Part-level verdict from the judged surface pairs, probing containment where none interferes. */
function partPairVerdict(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, surfacePairs: PairContact[], allowance: number, tolerance: number): PartPairVerdict {
  const interfering = surfacePairs.filter((p) => p.verdict === 'interference');
  const openMesh = surfacePairs.some((p) => p.openMesh) ? { openMesh: true as const } : {};
  if (interfering.length === 0) {
    // a shaft larger than its hole whose facets cross only the faces it passes (a press-fit pin through a plate's sides)
    const shaft = surfacePairs.some((p) => p.relation === 'intersecting') ? fittedShaftInHole(a, rigidA, b, rigidB, tolerance, surfacePairs) : null;
    if (shaft) return { verdict: 'interference', kind: 'interference', depth: shaft.depth };
    return probeContainment(a, rigidA, b, rigidB, allowance) ?? { verdict: 'contact', kind: 'contact', depth: 0 };
  }
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

