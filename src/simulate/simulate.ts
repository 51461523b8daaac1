import { SurfcdError } from '../errors.js';
import { identityRigid, rigidToColumnMajor, type Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import type { Vec3 } from '../motion/inputs.js';
import { clearDistance } from '../motion/clearDistance.js';
import { poseAt, type RigidMotion } from '../motion/rigidMotion.js';
import type { SweepResult } from '../motion/sweep.js';
import { rotateVector, transformPoint } from '../math/rigid.js';
import { indexAssembly } from '../spatial/indexPart.js';
import { resolveScript, type ResolvedStep } from './resolve.js';
import { parseMotionScript, type MotionScript } from './script.js';
import { checkMinClearance, markTight } from './tightSteps.js';
import { threadPitches, threadStep, type ThreadedJoints } from './threadSteps.js';
import { DEFAULT_TOLERANCE } from '../model/tolerance.js';

export const SIMULATION_SCHEMA = 'surfcd/simulation@1';

export interface SurfaceRef {
  part: string;
  surface: number;
  /** Fitted kind: plane, cylinder, cone, sphere, torus or freeform. */
  kind: string;
  /** Cylinders and spheres: diameter (mm). */
  diameter?: number;
}

export interface StepResult {
  id: string;
  motion: 'translate' | 'rotate' | 'screw';
  moved: string[];
  /** `tight`: moved freely but closer than the required `minClearance` to a part it did not touch at the start. */
  status: 'free' | 'blocked' | 'error' | 'tight';
  expected: 'free' | 'blocked' | null;
  /** Did the status equal `expected` (true when nothing was expected and the step ran)? */
  met: boolean;
  /** Fraction of the requested motion done. */
  fraction: number;
  /** What was done: distance (mm) for translate and screw (advance), angle (degrees) for rotate and screw. */
  travelled: { distance?: number; angle?: number };
  requested: { distance?: number; angle?: number };
  /** World direction (translate) or axis line (rotate, screw) actually used. */
  direction?: Vec3;
  axis?: { point: Vec3; direction: Vec3 };
  blocking: { moving: SurfaceRef; other: SurfaceRef; depth: number }[];
  /**
   * The deepest overlap the moved parts had at the start (a thread drawn at nominal
   * diameter, a press fit): allowed contact, the step blocks only where it goes deeper.
   */
  startingOverlap: { with: string; depth: number } | null;
  /** The threaded joint that held the moved part (the step is then blocked at 0, and `message` says so). */
  heldBy: { part: string; constraint: 'threaded'; thread: string } | null;
  contact: { moving: SurfaceRef; other: SurfaceRef; point: Vec3; normal: Vec3 } | null;
  clearance: { distance: number; at: number; moving: SurfaceRef; other: SurfaceRef; pointMoving: Vec3; pointOther: Vec3 } | null;
  /** Final poses of the moved parts: column-major 4×4, and position + quaternion (x, y, z, w). */
  poses: { part: string; matrix: number[]; position: Vec3; quaternion: [number, number, number, number] }[];
  removed: boolean;
  message?: string;
}

export interface SimulationResult {
  schema: typeof SIMULATION_SCHEMA;
  assembly: string;
  tolerance: number;
  steps: StepResult[];
  summary: { steps: number; met: number; notMet: number; free: number; blocked: number; errors: number; tight?: number };
}

export interface SimulateOptions {
  /** Called after each step (for progress). */
  onStep?: (step: StepResult, index: number, total: number) => void;
  /** Name of the script in messages. */
  source?: string;
  /** Overrides the script's default tolerance (mm). */
  tolerance?: number;
  /** Required clearance (mm): a free step passing closer than this to a part it did not touch is `tight`. */
  minClearance?: number;
  /** Indices of parts already taken out before the first step (a replay resumed part way). */
  removed?: readonly number[];
  /**
   * Measure each step's clearance to the parts it did not touch (default true). A caller
   * that only asks free or blocked (the disassembly planner's replay) skips it: the search
   * for the closest approach costs more than the sweep. `minClearance` needs it.
   */
  clearance?: boolean;
}

/**
 * Runs a motion script (`surfcd/motion@1`) on an assembly: every step moves its parts
 * from where the previous steps left them, stops at the first blocking contact, and
 * says where and on which surfaces. Names and axes are checked before anything runs.
 * Same inputs, same JSON, byte for byte (no timings inside).
 */
export function simulate(assembly: Assembly, scriptInput: MotionScript | string | unknown, options: SimulateOptions = {}): SimulationResult {
  if (!assembly || !Array.isArray(assembly.parts)) throw new SurfcdError('INVALID_OPTION', 'simulate: expected an Assembly (from loadAssembly)');
  const source = options.source ?? 'motion script';
  const script = parseMotionScript(scriptInput, source);
  const tolerance = options.tolerance ?? script.defaults?.tolerance ?? DEFAULT_TOLERANCE;
  const minClearance = options.minClearance === undefined ? undefined : checkMinClearance(options.minClearance);
  indexAssembly(assembly);
  const steps = resolveScript(assembly, script, source, tolerance);
  const poses: Rigid[] = assembly.parts.map(() => identityRigid());
  const threads = threadPitches(assembly, steps, poses, tolerance, source);
  const removed = new Set<number>(options.removed ?? []);
  const clearance = options.clearance ?? true;
  if (!clearance && minClearance !== undefined) throw new SurfcdError('INVALID_OPTION', 'simulate: minClearance needs the clearance measured (clearance: false was given)');
  const results: StepResult[] = [];
  for (const resolved of steps) {
    const result = markTight(runStep(assembly, resolved, poses, removed, tolerance, threads.joints, threads.pitch.get(resolved.index), clearance), minClearance);
    results.push(result);
    options.onStep?.(result, resolved.index, steps.length);
  }
  const count = (f: (s: StepResult) => boolean): number => results.filter(f).length;
  return {
    schema: SIMULATION_SCHEMA,
    assembly: assembly.name,
    tolerance,
    steps: results,
    summary: {
      steps: results.length,
      met: count((s) => s.met),
      notMet: count((s) => !s.met),
      free: count((s) => s.status === 'free'),
      blocked: count((s) => s.status === 'blocked'),
      errors: count((s) => s.status === 'error'),
      ...(minClearance !== undefined ? { tight: count((s) => s.status === 'tight') } : {}),
    },
  };
}

function runStep(assembly: Assembly, r: ResolvedStep, poses: Rigid[], removed: Set<number>, defaultTolerance: number, joints: ThreadedJoints, threadPitch: number | undefined, clearance: boolean): StepResult {
  const { step } = r;
  const tolerance = step.tolerance ?? defaultTolerance;
  const paths = r.moving.map((i) => assembly.parts[i]!.path);
  const kind = step.translate ? 'translate' : step.rotate ? 'rotate' : 'screw';
  const base: StepResult = {
    id: step.id, motion: kind, moved: paths, status: 'error', expected: step.expect ?? null, met: false, fraction: 0,
    travelled: {}, requested: {}, blocking: [], startingOverlap: null, heldBy: null, contact: null, clearance: null, poses: [], removed: false,
  };
  const stillThere = r.moving.filter((i) => removed.has(i));
  if (stillThere.length > 0) {
    return finish({ ...base, message: `${assembly.parts[stillThere[0]!]!.path} was removed by an earlier step` }, assembly, r, poses);
  }
  // Constraint-derived axes move with the part they were taken from.
  const carrier = r.axisPart !== undefined ? poses[r.axisPart]! : identityRigid();
  let motion: RigidMotion;
  let requested: StepResult['requested'];
  let direction: Vec3 | undefined;
  let axis: StepResult['axis'];
  if (step.translate) {
    direction = rotateVector(carrier, r.direction!);
    const distance = step.translate.distance === 'clear' ? clearDistance({ parts: assembly.parts, poses }, r.moving, direction, { tolerance, exclude: removed }) : step.translate.distance;
    motion = { kind: 'translate', vector: [direction[0] * distance, direction[1] * distance, direction[2] * distance] };
    requested = { distance };
  } else {
    axis = { point: transformPoint(carrier, r.axis!.point), direction: rotateVector(carrier, r.axis!.direction) };
    const degrees = step.rotate ? step.rotate.angle : step.screw!.angle ?? 360 * step.screw!.turns!;
    const pitch = step.screw ? (step.screw.pitch === 'thread' ? threadPitch! : step.screw.pitch) : 0;
    const advance = (pitch * degrees) / 360;
    motion = { kind: 'screw', point: axis.point, axis: axis.direction, angle: (degrees * Math.PI) / 180, advance };
    requested = step.screw ? { distance: Math.abs(advance), angle: degrees } : { angle: degrees };
  }
  const ignored = (m: number, o: number): boolean => removed.has(o) || r.ignore.has(m < o ? `${m}:${o}` : `${o}:${m}`);
  let sweep: SweepResult;
  let thread: ReturnType<typeof threadStep>;
  try {
    thread = threadStep(joints, { parts: assembly.parts, poses }, r.moving, motion, ignored, tolerance, clearance);
    sweep = thread.sweep;
  } catch (error) {
    if (error instanceof SurfcdError) return finish({ ...base, requested, ...(direction ? { direction } : {}), ...(axis ? { axis } : {}), message: error.message }, assembly, r, poses);
    throw error;
  }
  for (const i of r.moving) poses[i] = poseAt(motion, sweep.fraction, poses[i]!);
  const status = sweep.status === 'out-of-iterations' ? 'error' : sweep.status;
  const ref = (part: number, surface: number): SurfaceRef => surfaceRef(assembly, part, surface);
  const result: StepResult = {
    ...base,
    status,
    fraction: sweep.fraction,
    requested,
    travelled: Object.fromEntries(Object.entries(requested).map(([k, v]) => [k, v * sweep.fraction])),
    ...(direction ? { direction } : {}),
    ...(axis ? { axis } : {}),
    blocking: sweep.blocking.map((b) => ({ moving: ref(b.moving, b.surfaceMoving), other: ref(b.other, b.surfaceOther), depth: b.depth })),
    startingOverlap: deepestOverlap(assembly, sweep.preexisting),
    heldBy: thread.held ? { part: assembly.parts[thread.held.other]!.path, constraint: 'threaded', thread: thread.held.thread } : null,
    ...(thread.held ? { message: thread.held.message } : {}),
    contact: sweep.contact ? { moving: ref(sweep.contact.moving, sweep.contact.surfaceMoving), other: ref(sweep.contact.other, sweep.contact.surfaceOther), point: sweep.contact.point, normal: sweep.contact.normal } : null,
    clearance: sweep.clearance
      ? { distance: sweep.clearance.distance, at: sweep.clearance.fraction, moving: ref(sweep.clearance.moving, sweep.clearance.surfaceMoving), other: ref(sweep.clearance.other, sweep.clearance.surfaceOther), pointMoving: sweep.clearance.pointMoving, pointOther: sweep.clearance.pointOther }
      : null,
    ...(sweep.status === 'out-of-iterations' ? { message: `out-of-iterations: conservative advancement took more than ${sweep.iterations} steps; the move was stopped at ${(100 * sweep.fraction).toFixed(1)} %` } : {}),
  };
  if (status === 'free' && step.then === 'remove') {
    for (const i of r.moving) removed.add(i);
    result.removed = true;
  }
  return finish(result, assembly, r, poses);
}

function finish(result: StepResult, assembly: Assembly, r: ResolvedStep, poses: Rigid[]): StepResult {
  result.met = result.status !== 'error' && (result.expected === null || result.expected === result.status);
  result.poses = r.moving.map((i) => poseRecord(assembly.parts[i]!.path, poses[i]!));
  return roundDeep(result);
}

function deepestOverlap(assembly: Assembly, pairs: SweepResult['preexisting']): StepResult['startingOverlap'] {
  let deepest: SweepResult['preexisting'][number] | null = null;
  for (const p of pairs) if (!deepest || p.depth > deepest.depth) deepest = p;
  return deepest ? { with: assembly.parts[deepest.other]!.path, depth: deepest.depth } : null;
}

function surfaceRef(assembly: Assembly, part: number, surface: number): SurfaceRef {
  const s = assembly.parts[part]!.surfaces[surface]!;
  const kind = surfaceKindOf(s);
  return { part: assembly.parts[part]!.path, surface, kind: kind.type, ...(kind.type === 'cylinder' || kind.type === 'sphere' ? { diameter: 2 * kind.radius } : {}) };
}

function poseRecord(path: string, m: Rigid): StepResult['poses'][number] {
  // Rotation matrix → unit quaternion (Shepperd), w ≥ 0 for a unique answer.
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = [m[0]!, m[1]!, m[2]!, m[4]!, m[5]!, m[6]!, m[8]!, m[9]!, m[10]!];
  const trace = m00 + m11 + m22;
  let q: [number, number, number, number];
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    q = [(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4];
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = [(m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = [(m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s];
  }
  if (q[3] < 0) q = [-q[0], -q[1], -q[2], -q[3]];
  return { part: path, matrix: rigidToColumnMajor(m), position: [m[3]!, m[7]!, m[11]!], quaternion: q };
}

/** Numbers to 9 decimals (and −0 to 0): the JSON is byte-stable and free of float noise. */
function roundDeep<T>(value: T): T {
  if (typeof value === 'number') {
    const r = Math.round(value * 1e9) / 1e9;
    return (Object.is(r, -0) ? 0 : r) as T;
  }
  if (Array.isArray(value)) return value.map(roundDeep) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundDeep(v)])) as T;
  return value;
}

