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
import { poseAt, type RigidMotion } from '../motion/rigidMotion.js';
import { clearDistance } from '../motion/clearDistance.js';
import { transformAabb } from '../math/aabb.js';
import { sweepParts } from '../motion/sweep.js';
import { threadName } from './localBlocking.js';

/** Two joints' axes are one line when this close (× the nominal diameter), as `simulate` takes a screw axis for a joint's. */
const SAME_LINE = 0.02;

/** Coarse thread pitch / nominal diameter (ISO 261 coarse runs from 0.13 to 0.2). */
const FALLBACK_PITCH_RATIO = 0.15;

export interface Unscrew {
  part: number;
  /** The part it is threaded into (or onto); with `partners`, every part it turns out of (a lock nut and its insert ring). */
  partner: number;
  partners: number[];
  constraint: Constraint;
  /** The joint's axis, `direction` pointing the way out for `part`. */
  axis: { point: Vec3; direction: Vec3 };
  pitch: number;
  /** Where the pitch came from: the thread tables, or the stated fallback. */
  pitchSource: 'thread' | 'fallback';
  turns: number;
  /** `M10`, or `Ø7.3 mm`. */
  thread: string;
  /** The side a fitter turns (the nut, else the fastener) in every joint; false: the other side turns (a nut held in a pocket, its screw turned out of it). */
  preferred: boolean;
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

/** Which part of a threaded constraint a fitter turns to undo it: the nut, else the fastener. */
export type UnscrewingSide = (c: Constraint) => number;

/**
 * How far along its axis a threaded joint's turning part travels before the fastener's shank
 * has left the mate's bore: from the head-side end of the engagement to the fastener's tip.
 * More than the engagement when the tip stands out of the mate (a screw through a tapped
 * plate, a bolt through its nut): a thread turned off by the engagement alone would still
 * hold there. Measured on the fastener's triangles.
 */
export type ThreadRunOff = (c: Constraint) => number;

export function threadRunOff(assembly: Assembly, poses: readonly Rigid[], pathIndex: ReadonlyMap<string, number>): ThreadRunOff {
  return (c) => {
    const params = c.params as { axis: { point: Vec3; direction: Vec3 }; engagement: number; fastener: 'A' | 'B' };
    const fastener = pathIndex.get(params.fastener === 'A' ? c.partA : c.partB)!;
    const part = assembly.parts[fastener]!, pose = poses[fastener]!;
    const [dx, dy, dz] = params.axis.direction;
    // the pose's rotation applied to the axis once: each vertex's projection is then one dot product
    const lx = pose[0]! * dx + pose[4]! * dy + pose[8]! * dz, ly = pose[1]! * dx + pose[5]! * dy + pose[9]! * dz, lz = pose[2]! * dx + pose[6]! * dy + pose[10]! * dz;
    const offset = pose[3]! * dx + pose[7]! * dy + pose[11]! * dz;
    const p = part.positions;
    let tip = -Infinity;
    for (let k = 0; k < p.length; k += 3) tip = Math.max(tip, p[k]! * lx + p[k + 1]! * ly + p[k + 2]! * lz);
    const [px, py, pz] = params.axis.point;
    const headSide = px * dx + py * dy + pz * dz - params.engagement / 2;
    return Math.max(params.engagement, tip + offset - headSide);
  };
}

/**
 * The unscrew motion for part `i`: it turns out of every threaded joint it is still in (with
 * a part in `present`), all on one axis; null when it is in none or their axes differ. It
 * turns by the run-off in whole quarter turns and a quarter turn more.
 */
export function unscrewOf(i: number, constraints: readonly Constraint[], present: ReadonlySet<number>, turningSide: UnscrewingSide, pathIndex: ReadonlyMap<string, number>, runOff?: ThreadRunOff): Unscrew | null {
  const threads = constraints.filter((c) => c.kind === 'threaded' && present.has(pathIndex.get(c.partA)!) && present.has(pathIndex.get(c.partB)!));
  if (threads.length === 0) return null;
  const fastenerOf = (t: Constraint): number => pathIndex.get((t.params as { fastener: 'A' | 'B' }).fastener === 'A' ? t.partA : t.partB)!;
  // A nut turns off its bolt, a fastener out of its nut or tapped part; a tapped part is never turned about its screw.
  if (threads.some((t) => turningSide(t) !== i && fastenerOf(t) !== i)) return null;
  const c = threads[0]!;
  const params = c.params as { axis: { point: Vec3; direction: Vec3 }; pitch: number | null; nominal: number; engagement: number; fastener: 'A' | 'B' };
  const fastener = fastenerOf(c);
  const partnerOf = (t: Constraint): number => (pathIndex.get(t.partA) === i ? pathIndex.get(t.partB)! : pathIndex.get(t.partA)!);
  // The axis points from the head toward the tip: the fastener backs out against it, a nut runs off along it.
  const s = i === fastener ? -1 : 1;
  const d = params.axis.direction;
  const direction: Vec3 = [s * d[0], s * d[1], s * d[2]];
  // one motion turns every joint only when they share one line (parallel and through one another's point)
  const p = params.axis.point;
  for (const other of threads.slice(1)) {
    const { direction: o, point: q } = (other.params as { axis: { point: Vec3; direction: Vec3 } }).axis;
    if (Math.abs(o[0] * d[0] + o[1] * d[1] + o[2] * d[2]) < 0.9998) return null;
    const r = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
    const along = r[0]! * d[0] + r[1]! * d[1] + r[2]! * d[2];
    if (Math.sqrt(Math.max(0, r[0]! ** 2 + r[1]! ** 2 + r[2]! ** 2 - along * along)) > SAME_LINE * params.nominal) return null;
  }
  const pitch = params.pitch ?? FALLBACK_PITCH_RATIO * params.nominal;
  const travel = Math.max(...threads.map((t) => (runOff ? runOff(t) : (t.params as { engagement: number }).engagement)));
  const turns = Math.ceil((4 * travel) / pitch) / 4 + 0.25;
  return {
    part: i,
    partner: partnerOf(c),
    partners: threads.map(partnerOf),
    constraint: c,
    axis: { point: params.axis.point, direction },
    pitch,
    pitchSource: params.pitch === null ? 'fallback' : 'thread',
    turns,
    thread: threadName(c),
    preferred: threads.every((t) => turningSide(t) === i),
  };
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
  private readonly exits = new Map<string, { exit: { direction: Vec3; distance: number } | null; blockers: number[] }>();
  /** Work done (for the bench): unscrew motions swept, their conservative-advancement steps, and exits swept from the unscrewed pose. */
  readonly work = { sweeps: 0, advancementSteps: 0, exitSweeps: 0 };

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
    const ignore = (_m: number, o: number): boolean => !present.has(o) || u.partners.includes(o);
    const r = sweepParts({ parts: this.assembly.parts, poses: this.poses }, [u.part, ...withParts], unscrewMotion(u), { tolerance: this.tolerance, ignore, clearance: false });
    this.work.sweeps++;
    this.work.advancementSteps += r.iterations;
    const result = { free: r.status === 'free', blockers: [...new Set(r.blocking.map((b) => b.other))] };
    this.known.set(key, result);
    return result.free;
  }

  /**
   * Once turned off its thread a part is loose: the first of `directions` it can leave along
   * from where the unscrew left it (a nut run off its bolt, then lifted out sideways where
   * the bolt's axis leads into another part), swept as `simulate` will replay it, with the
   * distance to clear the boxes of the parts in `present` (at least its own extent); null
   * when none is free. Kept per part while what blocked it is present.
   */
  exit(u: Unscrew, present: ReadonlySet<number>, directions: readonly Vec3[], withParts: readonly number[] = []): { direction: Vec3; distance: number } | null {
    const key = [u.part, ...withParts].join('+');
    const last = this.exits.get(key);
    const offered = (e: { direction: Vec3 }): boolean => directions.some((d) => d[0] === e.direction[0] && d[1] === e.direction[1] && d[2] === e.direction[2]);
    if (last && (last.exit ? offered(last.exit) : last.blockers.every((b) => present.has(b)))) return last.exit;
    const members = [u.part, ...withParts];
    const poses = this.poses.slice();
    const motion = unscrewMotion(u);
    for (const m of members) poses[m] = poseAt(motion, 1, this.poses[m]!);
    const scene = { parts: this.assembly.parts, poses };
    const gone = new Set(this.assembly.parts.map((_, i) => i).filter((i) => !present.has(i)));
    const ignore = (_m: number, o: number): boolean => !present.has(o);
    const blockers = new Set<number>();
    let exit: { direction: Vec3; distance: number } | null = null;
    for (const d of directions) {
      const distance = Math.max(clearDistance(scene, members, d, { exclude: gone }), extentAlong(scene, members, d));
      const r = sweepParts(scene, members, { kind: 'translate', vector: [d[0] * distance, d[1] * distance, d[2] * distance] }, { tolerance: this.tolerance, ignore, clearance: false });
      this.work.exitSweeps++;
      if (r.status === 'free') {
        exit = { direction: d, distance };
        break;
      }
      for (const b of r.blocking) blockers.add(b.other);
    }
    this.exits.set(key, { exit, blockers: [...blockers] });
    return exit;
  }
}

/** The extent of the parts `members` along unit d (their boxes, at their poses). */
function extentAlong(scene: { parts: Assembly['parts']; poses: readonly Rigid[] }, members: readonly number[], d: Vec3): number {
  let lo = Infinity, hi = -Infinity;
  for (const i of members) {
    const b = transformAabb(scene.parts[i]!.bounds, scene.poses[i]!);
    let from = 0, to = 0;
    for (let k = 0; k < 3; k++) {
      from += Math.min(b[k]! * d[k]!, b[k + 3]! * d[k]!);
      to += Math.max(b[k]! * d[k]!, b[k + 3]! * d[k]!);
    }
    lo = Math.min(lo, from);
    hi = Math.max(hi, to);
  }
  return hi - lo;
}
