/**
 * Taking a threaded part out: a nut runs off its bolt, a screw out of its tapped hole. The
 * part that turns is the nut when the mate is one (a hex or square part with a through
 * bore), else the fastener. It turns about the joint's axis by the engagement plus a
 * quarter turn, then leaves along the axis. A thread missing from the tables turns with a
 * stated fallback pitch (0.15 × nominal, the coarse-thread ratio), never silently.
 */
import type { Constraint, Vec3 } from '../constraints/types.js';
import type { Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';
import type { RigidMotion } from '../motion/rigidMotion.js';
import { sweepParts } from '../motion/sweep.js';
import { threadName } from './localBlocking.js';

/** Coarse thread pitch / nominal diameter (ISO 261 coarse runs from 0.13 to 0.2). */
const FALLBACK_PITCH_RATIO = 0.15;

export interface Unscrew {
  part: number;
  /** The part it is threaded into (or onto). */
  partner: number;
  constraint: Constraint;
  /** The joint's axis, `direction` pointing the way out for `part`. */
  axis: { point: Vec3; direction: Vec3 };
  pitch: number;
  /** Where the pitch came from: the thread tables, or the stated fallback. */
  pitchSource: 'thread' | 'fallback';
  turns: number;
  /** `M10`, or `Ø7.3 mm`. */
  thread: string;
}

/**
 * Parts threaded onto the same partner about the same axis whose unscrews block each other
 * turn off together: a lock nut and its insert ring (drawn as two bodies), or a nut jammed
 * against another. Pairs of unscrews, in path order of the first.
 */
export function sameThreadPairs(unscrews: readonly Unscrew[]): [Unscrew, Unscrew][] {
  const out: [Unscrew, Unscrew][] = [];
  for (let i = 0; i < unscrews.length; i++) {
    for (let j = i + 1; j < unscrews.length; j++) {
      const u = unscrews[i]!, v = unscrews[j]!;
      const a = u.axis.direction, b = v.axis.direction;
      if (u.partner === v.partner && a[0] * b[0] + a[1] * b[1] + a[2] * b[2] > 0.9998 && u.pitch === v.pitch) out.push([u, v]);
    }
  }
  return out;
}

/** Which part of a threaded constraint turns to undo it: the nut, else the fastener. */
export type UnscrewingSide = (c: Constraint) => number;

/**
 * The unscrew motion for part `i`, when every threaded joint it is still in (with a part in
 * `present`) is one it turns out of, all on one axis; null otherwise (a stud with its nut on).
 */
export function unscrewOf(i: number, constraints: readonly Constraint[], present: ReadonlySet<number>, turningSide: UnscrewingSide, pathIndex: ReadonlyMap<string, number>): Unscrew | null {
  const threads = constraints.filter((c) => c.kind === 'threaded' && present.has(pathIndex.get(c.partA)!) && present.has(pathIndex.get(c.partB)!));
  if (threads.length === 0 || threads.some((c) => turningSide(c) !== i)) return null;
  const c = threads[0]!;
  const params = c.params as { axis: { point: Vec3; direction: Vec3 }; pitch: number | null; nominal: number; engagement: number; fastener: 'A' | 'B' };
  const fastener = pathIndex.get(params.fastener === 'A' ? c.partA : c.partB)!;
  const partner = pathIndex.get(c.partA) === i ? pathIndex.get(c.partB)! : pathIndex.get(c.partA)!;
  // The axis points from the head toward the tip: the fastener backs out against it, a nut runs off along it.
  const s = i === fastener ? -1 : 1;
  const d = params.axis.direction;
  const direction: Vec3 = [s * d[0], s * d[1], s * d[2]];
  for (const other of threads.slice(1)) {
    const o = (other.params as { axis: { direction: Vec3 } }).axis.direction;
    if (Math.abs(o[0] * d[0] + o[1] * d[1] + o[2] * d[2]) < 0.9998) return null;
  }
  const pitch = params.pitch ?? FALLBACK_PITCH_RATIO * params.nominal;
  // Run off the engagement and a quarter turn more, in whole quarter turns.
  const turns = Math.ceil((4 * Math.max(...threads.map((t) => (t.params as { engagement: number }).engagement))) / pitch) / 4 + 0.25;
  return { part: i, partner, constraint: c, axis: { point: params.axis.point, direction }, pitch, pitchSource: params.pitch === null ? 'fallback' : 'thread', turns, thread: threadName(c) };
}

/** The screw motion of an unscrew (assembled frame). */
export function unscrewMotion(u: Unscrew): RigidMotion {
  return { kind: 'screw', point: u.axis.point, axis: u.axis.direction, angle: 2 * Math.PI * u.turns, advance: u.pitch * u.turns };
}

/**
 * Is the unscrew motion itself free among the parts in `present` (its thread partner
 * passes: the thread is the joint turning)? Sweeps it the way `simulate` will replay it.
 * Results are kept per part and reused while the parts that were in the way are present:
 * removing parts never blocks a motion.
 */
export class UnscrewChecks {
  private readonly known = new Map<string, { free: boolean; blockers: number[] }>();
  /** Work done (for the bench): unscrew motions swept, and their conservative-advancement steps. */
  readonly work = { sweeps: 0, advancementSteps: 0 };

  constructor(
    private readonly assembly: Assembly,
    private readonly poses: Rigid[],
    private readonly tolerance: number,
  ) {}

  /** `with`: parts turned off the same thread together with it (a lock nut's insert ring). */
  free(u: Unscrew, present: ReadonlySet<number>, withParts: readonly number[] = []): boolean {
    const key = [u.part, ...withParts].join('+');
    const last = this.known.get(key);
    if (last && (last.free || last.blockers.every((b) => present.has(b)))) return last.free;
    const ignore = (_m: number, o: number): boolean => !present.has(o) || o === u.partner;
    const r = sweepParts({ parts: this.assembly.parts, poses: this.poses }, [u.part, ...withParts], unscrewMotion(u), { tolerance: this.tolerance, ignore, clearance: false });
    this.work.sweeps++;
    this.work.advancementSteps += r.iterations;
    const result = { free: r.status === 'free', blockers: [...new Set(r.blocking.map((b) => b.other))] };
    this.known.set(key, result);
    return result.free;
  }
}
