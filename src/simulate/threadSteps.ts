/**
 * Threaded joints in a motion script: `"pitch": "thread"` resolved before anything moves,
 * and each step asked first whether a thread holds what it moves (`threadHold.ts`).
 */
import { SurfcdError } from '../errors.js';
import type { Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';
import type { RigidMotion } from '../motion/rigidMotion.js';
import { sweepParts, type BlockingPair, type Scene, type SweepResult } from '../motion/sweep.js';
import type { ResolvedStep } from './resolve.js';
import { ThreadedJoints, threadVerdict, type ThreadedJoint } from './threadHold.js';

export { ThreadedJoints } from './threadHold.js';

/** Travel (mm) or turn (degrees) a held step is tried over, to name the faces already in the way there. */
const HELD_PROBE_MM = 1;
const HELD_PROBE_DEGREES = 5;

/**
 * The threaded joints of the assembly (found on demand) and, for every screw step with
 * `"pitch": "thread"`, the pitch of the thread its parts turn in. A part in no thread, a
 * thread in no table, or two threads of different pitch is an INVALID_SCRIPT error naming
 * the step.
 */
export function threadPitches(assembly: Assembly, steps: readonly ResolvedStep[], poses: readonly Rigid[], tolerance: number, source: string): { joints: ThreadedJoints; pitch: Map<number, number> } {
  const joints = new ThreadedJoints(assembly, poses, tolerance);
  const pitch = new Map<number, number>();
  for (const r of steps) {
    if (r.step.screw?.pitch !== 'thread') continue;
    const at = `${source}: step "${r.step.id}": screw.pitch`;
    const inGroup = new Set(r.moving);
    const found: { joint: ThreadedJoint; part: number }[] = [];
    for (const part of r.moving) for (const joint of joints.of(part)) if (!inGroup.has(joint.fastener === part ? joint.mate : joint.fastener)) found.push({ joint, part });
    const names = r.moving.map((i) => assembly.parts[i]!.path).join(', ');
    if (found.length === 0) throw new SurfcdError('INVALID_SCRIPT', `${at}: "thread", but ${names} ${r.moving.length === 1 ? 'is' : 'are'} in no threaded joint; give the pitch in mm`);
    const missing = found.find((f) => f.joint.pitch === null);
    if (missing) throw new SurfcdError('INVALID_SCRIPT', `${at}: "thread", but the Ø${missing.joint.nominal} mm thread of ${assembly.parts[missing.part]!.path} is in no thread table (no pitch known); give the pitch in mm`);
    const pitches = [...new Set(found.map((f) => f.joint.pitch!))];
    if (pitches.length > 1) throw new SurfcdError('INVALID_SCRIPT', `${at}: "thread", but the moved parts turn in threads of pitch ${pitches.join(' and ')} mm; give the pitch in mm`);
    pitch.set(r.index, pitches[0]!);
  }
  return { joints, pitch };
}

export interface ThreadStep {
  sweep: SweepResult;
  /** The joint that held the step (blocked at 0): the other part, the thread's name and the sentence. */
  held: { part: number; other: number; thread: string; message: string } | null;
}

/**
 * Sweeps one step under the threads' rule: a part held by an engaged thread is blocked at
 * 0 (naming the faces already in the way if a short try meets them at once, else the
 * thread's own faces); a screw about a joint's own axis passes that joint's part pair.
 */
export function threadStep(joints: ThreadedJoints, scene: Scene, moving: readonly number[], motion: RigidMotion, ignored: (m: number, o: number) => boolean, tolerance: number, clearance = true): ThreadStep {
  const line = motion.kind === 'translate' ? null : { point: motion.point, direction: motion.axis };
  const verdict = threadVerdict(joints, moving, (o, m) => ignored(m, o), scene.poses, line, tolerance);
  const turning = new Set(verdict.turning.map((j) => (j.fastener < j.mate ? `${j.fastener}:${j.mate}` : `${j.mate}:${j.fastener}`)));
  const ignore = (m: number, o: number): boolean => ignored(m, o) || turning.has(m < o ? `${m}:${o}` : `${o}:${m}`);
  let held = verdict.held;
  if (!held && motion.kind === 'screw' && motion.advance === 0 && verdict.turning.length > 0) {
    // Turned in place about its own axis: a thread cannot turn without advancing.
    const joint = verdict.turning[0]!;
    const part = moving.includes(joint.fastener) ? joint.fastener : joint.mate;
    held = { joint, part, other: part === joint.fastener ? joint.mate : joint.fastener, message: `held by the ${joints.describe(joint, part)}; a thread turns only with its advance: use a screw step` };
  }
  if (!held) return { sweep: sweepParts(scene, moving, motion, { tolerance, ignore, clearance }), held: null };
  const thread = held.joint.designation ?? `Ø${held.joint.nominal}`;
  const tried = sweepParts(scene, moving, shortened(motion), { tolerance, ignore: ignored, clearance });
  const stoppedAtOnce = tried.status === 'blocked' && tried.fraction * travel(motion, 1) <= tolerance;
  const blocking = stoppedAtOnce ? tried.blocking : threadFaces(held.joint, held.part);
  return {
    sweep: { ...tried, status: 'blocked', fraction: 0, blocking, contact: stoppedAtOnce ? tried.contact : null, clearance: null },
    held: { part: held.part, other: held.other, thread, message: held.message },
  };
}

/** The surface pairs that make the thread, from the side of the moving part. */
function threadFaces(joint: ThreadedJoint, part: number): BlockingPair[] {
  const out: BlockingPair[] = [];
  const fastenerMoves = part === joint.fastener;
  for (const f of joint.fastenerSurfaces) {
    for (const m of joint.mateSurfaces) {
      out.push(fastenerMoves ? { moving: joint.fastener, other: joint.mate, surfaceMoving: f, surfaceOther: m, depth: 0 } : { moving: joint.mate, other: joint.fastener, surfaceMoving: m, surfaceOther: f, depth: 0 });
    }
  }
  return out;
}

/** mm moved along the motion's line by `fraction` of it: the translation's length, or the screw's advance. */
function travel(motion: RigidMotion, fraction: number): number {
  return motion.kind === 'translate' ? fraction * Math.hypot(...motion.vector) : fraction * Math.abs(motion.advance);
}

/** The first HELD_PROBE_MM / HELD_PROBE_DEGREES of the motion (all of it when shorter). */
function shortened(motion: RigidMotion): RigidMotion {
  if (motion.kind === 'translate') {
    const length = Math.hypot(...motion.vector);
    const s = length > HELD_PROBE_MM ? HELD_PROBE_MM / length : 1;
    return { kind: 'translate', vector: [motion.vector[0] * s, motion.vector[1] * s, motion.vector[2] * s] };
  }
  const degrees = (Math.abs(motion.angle) * 180) / Math.PI;
  const byAngle = degrees > HELD_PROBE_DEGREES ? HELD_PROBE_DEGREES / degrees : 1;
  const byAdvance = Math.abs(motion.advance) > HELD_PROBE_MM ? HELD_PROBE_MM / Math.abs(motion.advance) : 1;
  const s = Math.min(byAngle, byAdvance);
  return { ...motion, angle: motion.angle * s, advance: motion.advance * s };
}
