/**
 * Removal analysis, the maintenance planner's first questions: which way can this part (or
 * product node) come out, and what is in the way (`removalDirections`); in what order does
 * the whole assembly come apart (`disassemble`, written as a replayable motion script).
 */
import { DEFAULT_TOLERANCE } from '../model/tolerance.js';
import { resolvePoses } from '../model/poses.js';
import { recognizeConstraints } from '../constraints/recognize.js';
import type { ConstraintReport, Vec3 } from '../constraints/types.js';
import { SurfcdError } from '../errors.js';
import { transformAabb } from '../math/aabb.js';
import type { Pose, Rigid } from '../math/rigid.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Assembly, ProductNode } from '../model/types.js';
import { BlockingGraph, type Blocker, type SweepBatch } from './blocking.js';
import { clearDistance } from '../motion/clearDistance.js';
import { candidateDirections, explicitDirections, type CandidateDirection } from './directions.js';
import { planDisassembly, type DisassemblyPlan, type SequenceStep } from './disassemble.js';
import { ReplayCheck } from './replayCheck.js';
import { removalScript, type MotionScriptDocument } from './removalScript.js';
import { runSweepUnits, sweepContext, sweepPair } from './sweepUnit.js';
import { fastenerAnalysis } from '../constraints/fasteners.js';
import { threadName } from './localBlocking.js';
import { constraintsAround, removalNeighbourhood } from './subjectConstraints.js';
import { threadRunOff, UnscrewChecks, unscrewOf, type ThreadRunOff, type UnscrewingSide } from './unscrew.js';

export const DEFAULT_SPHERE_DIRECTIONS = 26;
export const DEFAULT_REMOVAL_TOLERANCE = DEFAULT_TOLERANCE;

export interface RemovalOptions {
  /** Poses by part path (parts not named stay where the file put them). */
  poses?: Record<string, Pose> | Map<string, Pose>;
  /** Sphere samples after the constraint and axis directions (default 26), or an explicit list of directions. */
  directions?: number | readonly (readonly number[])[];
  /** Contact tolerance (mm), as in `surfcd contacts`. Default 0.01. */
  tolerance?: number;
  /** Constraints already recognised for these poses (recognised here otherwise). */
  constraints?: ConstraintReport;
  /** The sweep engine (default: in this thread; the CLI passes a worker pool). */
  sweep?: SweepBatch;
}

export interface BlockerReport {
  /** The blocking part. */
  part: string;
  /** The moving part that meets it (differs from the subject for a product node). */
  movingPart: string;
  /** Surfaces in contact (moving part's, blocking part's) and their fitted kinds, when swept. */
  surfaceMoving?: number;
  surfaceOther?: number;
  kindMoving?: string;
  kindOther?: string;
  point?: Vec3;
  normal?: Vec3;
  /** For a block decided by the part's own constraints, before any sweep. */
  reason?: string;
}

export interface DirectionResult {
  direction: Vec3;
  source: string;
  status: 'free' | 'blocked';
  /** Free: mm to travel until clear of every other part's box. Blocked: mm travelled before the first contact. */
  distance: number;
  blocker?: BlockerReport;
}

export interface RemovalResult {
  /** Part path or product node path. */
  subject: string;
  kind: 'part' | 'node';
  parts: string[];
  directions: DirectionResult[];
  /** How many directions are free. */
  free: number;
  /** What holds the subject: each part it is threaded to (constraint `threaded`), and for a part clamped by a fastener, that fastener (`clamped`). */
  heldBy: { part: string; constraint: 'threaded' | 'clamped'; thread: string }[];
  /** For a threaded part that turns out of its thread: the unscrew motion (axis pointing the way out), to follow with a translation along the axis. */
  unscrew?: { screw: { axis: { point: Vec3; direction: Vec3 }; pitch: number; turns: number }; pitchSource: 'thread' | 'fallback' };
}

/** The parts a path names: one part, or every part under a product node. */
export function resolveSubject(assembly: Assembly, path: string): { kind: 'part' | 'node'; parts: number[] } {
  const i = assembly.parts.findIndex((p) => p.path === path);
  if (i >= 0) return { kind: 'part', parts: [i] };
  const node = findNode(assembly.root, path);
  if (node) {
    const parts: number[] = [];
    const collect = (n: ProductNode): void => {
      parts.push(...n.parts);
      n.children.forEach(collect);
    };
    collect(node);
    if (parts.length > 0) return { kind: 'node', parts: parts.sort((a, b) => a - b) };
  }
  const known = assembly.parts.map((p) => p.path);
  const close = known.filter((k) => k.includes(path)).slice(0, 5);
  throw new SurfcdError('UNKNOWN_PART', `no part or product node "${path}" in ${assembly.name}; ${close.length ? `did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : `parts are e.g. ${known.slice(0, 5).map((c) => `"${c}"`).join(', ')}`}`);
}

function findNode(node: ProductNode, path: string): ProductNode | null {
  if (node.path === path) return node;
  for (const c of node.children) {
    const f = findNode(c, path);
    if (f) return f;
  }
  return null;
}

interface Scene {
  poses: Rigid[];
  tolerance: number;
  constraints: ConstraintReport;
  graph: BlockingGraph;
  sphere: number | null;
  explicit: CandidateDirection[] | null;
  /** Which part of a threaded joint turns to undo it: the nut when the mate is one, else the fastener. */
  unscrewing: UnscrewingSide;
  runOff: ThreadRunOff;
  pathIndex: Map<string, number>;
}

/** `subjects`: the parts a removal question is about (their neighbourhood's constraints suffice), or null for the whole assembly. */
function prepare(assembly: Assembly, options: RemovalOptions, subjects: number[] | null): Scene {
  const tolerance = options.tolerance ?? DEFAULT_REMOVAL_TOLERANCE;
  if (typeof tolerance !== 'number' || !(tolerance >= 0) || !Number.isFinite(tolerance)) {
    throw new SurfcdError('INVALID_OPTION', `removal: tolerance is ${String(tolerance)}, expected a finite number ≥ 0 (mm)`);
  }
  const poses = resolvePoses(assembly, options.poses);
  const own = { tolerance, ...(options.poses ? { poses: options.poses } : {}) };
  const constraints = options.constraints ?? (subjects ? constraintsAround(assembly, removalNeighbourhood(assembly, poses, subjects, tolerance), own) : recognizeConstraints(assembly, own));
  // One context per call: the starting overlaps and contacts it measures are this query's.
  const ctx = sweepContext(assembly, poses, tolerance);
  const sweep = options.sweep ?? ((units) => runSweepUnits(ctx, units));
  const graph = new BlockingGraph(assembly, constraints.constraints, ctx.boxes, sweep, (i, j, d) => sweepPair(ctx, i, j, d));
  const d = options.directions ?? DEFAULT_SPHERE_DIRECTIONS;
  const pathIndex = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  // Shapes are looked at only for the mates of threaded joints.
  const shapes = fastenerAnalysis(assembly, poses, tolerance, Math.PI / 180);
  const unscrewing: UnscrewingSide = (c) => {
    const fastener = pathIndex.get((c.params as { fastener: 'A' | 'B' }).fastener === 'A' ? c.partA : c.partB)!;
    const mate = pathIndex.get(c.partA) === fastener ? pathIndex.get(c.partB)! : pathIndex.get(c.partA)!;
    return shapes.shapeOf(mate).role === 'nut' ? mate : fastener;
  };
  const common = { poses, tolerance, constraints, graph, unscrewing, runOff: threadRunOff(assembly, poses, pathIndex), pathIndex };
  return typeof d === 'number' ? { ...common, sphere: d, explicit: null } : { ...common, sphere: null, explicit: explicitDirections(d) };
}

/**
 * Moves `path` (a part, or a product node rigidly with all its parts) to infinity along each
 * candidate direction and reports, per direction, `free` or the first blocking part, the
 * surface pair in contact and the distance travelled.
 */
export async function removalDirections(assembly: Assembly, path: string, options: RemovalOptions = {}): Promise<RemovalResult> {
  const scene = prepare(assembly, options, resolveSubject(assembly, path).parts);
  return (await removalOf(assembly, scene, [path]))[0]!;
}

/** `removalDirections` for several subjects (default: every part), sharing one blocking graph. */
export async function removalAnalysis(assembly: Assembly, paths: readonly string[] | null, options: RemovalOptions = {}): Promise<RemovalResult[]> {
  const scene = prepare(assembly, options, paths ? [...new Set(paths.flatMap((path) => resolveSubject(assembly, path).parts))] : null);
  return removalOf(assembly, scene, paths ?? assembly.parts.map((p) => p.path));
}

async function removalOf(assembly: Assembly, scene: Scene, paths: readonly string[]): Promise<RemovalResult[]> {
  const subjects = paths.map((path) => ({ path, ...resolveSubject(assembly, path) }));
  const everyone = new Set(assembly.parts.map((_, i) => i));
  const dirs = subjects.map((s) => directionsFor(assembly, scene, s.parts));
  await scene.graph.prefetch(subjects.flatMap((s, k) => s.parts.flatMap((part) => dirs[k]!.map((d) => ({ part, direction: d.direction })))), everyone);
  return subjects.map((s, k) => {
    const directions = dirs[k]!.map((d): DirectionResult => {
      const blocker = scene.graph.nearest(s.parts, d.direction, everyone);
      if (!blocker) return { direction: d.direction, source: d.source, status: 'free', distance: clearDistance({ parts: assembly.parts, poses: scene.poses }, s.parts, d.direction) };
      return { direction: d.direction, source: d.source, status: 'blocked', distance: blocker.distance, blocker: blockerReport(assembly, blocker) };
    });
    // the side a fitter turns: a bolt in its nut stays, the nut turns
    const turning = s.parts.length === 1 ? unscrewOf(s.parts[0]!, scene.graph.constraints(s.parts[0]!), everyone, scene.unscrewing, scene.pathIndex, scene.runOff) : null;
    const u = turning?.preferred ? turning : null;
    return {
      subject: s.path,
      kind: s.kind,
      parts: s.parts.map((i) => assembly.parts[i]!.path),
      directions,
      free: directions.filter((d) => d.status === 'free').length,
      heldBy: heldBy(assembly, scene, s.parts),
      ...(u ? { unscrew: { screw: { axis: u.axis, pitch: u.pitch, turns: u.turns }, pitchSource: u.pitchSource } } : {}),
    };
  });
}

/**
 * What holds the parts `members`: the parts they are threaded to, and the fasteners that
 * clamp them (a fastener whose shank passes through a member, coaxial with it, while that
 * fastener is threaded to a part outside the members).
 */
function heldBy(assembly: Assembly, scene: Scene, members: number[]): RemovalResult['heldBy'] {
  const own = new Set(members.map((i) => assembly.parts[i]!.path));
  const out: RemovalResult['heldBy'] = [];
  const seen = new Set<string>();
  const add = (part: string, constraint: 'threaded' | 'clamped', thread: string): void => {
    if (seen.has(`${part}|${constraint}`)) return;
    seen.add(`${part}|${constraint}`);
    out.push({ part, constraint, thread });
  };
  for (const i of members) {
    for (const c of scene.graph.constraints(i)) {
      const other = own.has(c.partA) ? c.partB : c.partA;
      if (own.has(other)) continue;
      if (c.kind === 'threaded') add(other, 'threaded', threadName(c));
      else if (c.kind === 'coaxial') {
        const j = scene.pathIndex.get(other)!;
        const thread = scene.graph.constraints(j).find((t) => t.kind === 'threaded' && !own.has(t.partA === other ? t.partB : t.partA) && (t.params as { fastener: 'A' | 'B' }).fastener === (t.partA === other ? 'A' : 'B'));
        if (thread) add(other, 'clamped', threadName(thread));
      }
    }
  }
  return out.sort((a, b) => (a.part < b.part ? -1 : a.part > b.part ? 1 : a.constraint < b.constraint ? -1 : 1));
}

function directionsFor(assembly: Assembly, scene: Scene, members: number[]): CandidateDirection[] {
  if (scene.explicit) return scene.explicit;
  const names = new Set(members.map((i) => assembly.parts[i]!.path));
  return candidateDirections(scene.constraints.constraints, names, scene.sphere!);
}

export function blockerReport(assembly: Assembly, b: Blocker): BlockerReport {
  const moving = assembly.parts[b.moving]!, other = assembly.parts[b.other]!;
  const out: BlockerReport = { part: other.path, movingPart: moving.path };
  if (b.surfaceMoving !== undefined && b.surfaceOther !== undefined) {
    out.surfaceMoving = b.surfaceMoving;
    out.surfaceOther = b.surfaceOther;
    out.kindMoving = kindName(moving.surfaces[b.surfaceMoving]);
    out.kindOther = kindName(other.surfaces[b.surfaceOther]);
  }
  if (b.point) out.point = b.point;
  if (b.normal) out.normal = b.normal;
  if (b.reason) out.reason = b.reason;
  return out;
}

function kindName(surface: Parameters<typeof surfaceKindOf>[0] | undefined): string | undefined {
  if (!surface || surface.triangleCount === 0) return undefined;
  const k = surfaceKindOf(surface);
  if (k.type === 'cylinder') return `cylinder Ø${(2 * k.radius).toFixed(2)}`;
  if (k.type === 'sphere') return `sphere Ø${(2 * k.radius).toFixed(2)}`;
  return k.type;
}

export interface DisassembleOptions extends RemovalOptions {
  /** Part that stays to the end (default: the part with the largest box). Pass null for none. */
  base?: string | null;
  /**
   * Progress over a fixed total (the parts to take out): `removed` parts planned so far;
   * `stage.redone` counts the moves the replay blocked and the planner chose again.
   */
  onStep?: (removed: number, total: number, stage: DisassemblyStage) => void;
}

export interface DisassemblyStage {
  redone: number;
}

export interface DisassemblyResult extends DisassemblyPlan {
  base: string | null;
  /** The sequence as a `surfcd/motion@1` script that `simulate` replays. */
  script: MotionScriptDocument;
  /** Pairwise sweeps run. */
  sweeps: number;
  /** Unscrew motions swept (conservative advancement), and their advancement steps. */
  unscrewSweeps: number;
  advancementSteps: number;
  /** Steps replayed through `simulate` as they were chosen, and moves the replay blocked (chosen again). */
  replayed: number;
  redone: number;
}

/** A disassembly sequence for the whole assembly (see `planDisassembly` for the choice rules). */
export async function disassemble(assembly: Assembly, options: DisassembleOptions = {}): Promise<DisassemblyResult> {
  const scene = prepare(assembly, options, null);
  const base = options.base === undefined ? largestPart(assembly, scene.poses) : options.base === null ? null : resolveSubject(assembly, options.base);
  if (base && typeof base === 'object' && base.kind !== 'part') throw new SurfcdError('INVALID_OPTION', `disassemble: base "${options.base}" is a product node; name one part`);
  const baseIndex = base === null ? null : typeof base === 'number' ? base : base.parts[0]!;
  const unscrews = new UnscrewChecks(assembly, scene.poses, scene.tolerance);
  const tolerance = options.tolerance ?? DEFAULT_REMOVAL_TOLERANCE;
  // The plan must replay: each step is replayed through `simulate` as it is chosen. Only
  // from the assembled state, where replays start.
  const replay = options.poses ? null : new ReplayCheck(assembly, tolerance);
  const onStep = options.onStep;
  const plan = await planDisassembly(assembly, scene.graph, {
    base: baseIndex,
    sphere: scene.sphere ?? DEFAULT_SPHERE_DIRECTIONS,
    poses: scene.poses,
    unscrewing: scene.unscrewing,
    runOff: scene.runOff,
    unscrews,
    ...(replay ? { vetoes: replay.vetoes, confirm: (step: SequenceStep, removed: readonly number[]) => replay.confirm(step, removed) } : {}),
    ...(onStep ? { onStep: (done: number, total: number) => onStep(done, total, { redone: replay?.work.missed ?? 0 }) } : {}),
  });
  const baseName = baseIndex === null ? null : assembly.parts[baseIndex]!.path;
  return {
    ...plan,
    base: baseName,
    script: removalScript(assembly, plan, tolerance),
    sweeps: scene.graph.sweeps,
    unscrewSweeps: unscrews.work.sweeps,
    advancementSteps: unscrews.work.advancementSteps,
    replayed: replay?.work.replayed ?? 0,
    redone: replay?.work.missed ?? 0,
  };
}

function largestPart(assembly: Assembly, poses: Rigid[]): number | null {
  let best = -1, bestVolume = -1;
  assembly.parts.forEach((p, i) => {
    const b = transformAabb(p.bounds, poses[i]!);
    const v = (b[3]! - b[0]!) * (b[4]! - b[1]!) * (b[5]! - b[2]!);
    if (v > bestVolume) [best, bestVolume] = [i, v];
  });
  return best < 0 ? null : best;
}
