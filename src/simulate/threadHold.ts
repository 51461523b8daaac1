/**
 * What a threaded joint allows. A bolt in its nut, or a screw in its tapped hole, does not
 * translate or turn alone: the thread holds it, whatever the drawn geometry says (a thread
 * drawn at nominal diameter in a bore of the same diameter slides freely; one drawn in a
 * tap-drill bore overlaps). Only a screw motion about the joint's own axis moves it, and
 * then the thread is the joint turning, not a collision. A joint holds while the fastener
 * is still engaged in its mate: until it has backed out by the engagement length.
 */
import { fastenerAnalysis, type FastenerAnalysis, type ThreadedJoint } from '../constraints/fasteners.js';
import { aabbsOverlap, transformAabb, type Aabb } from '../math/aabb.js';
import { invertRigid, multiplyRigid, type Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';
import type { Vec3 } from '../motion/inputs.js';

/** Largest angle (radians) between a screw axis and a thread's axis for the screw to turn that thread. */
const AXIS_ANGLE = Math.PI / 180;

export type { ThreadedJoint } from '../constraints/fasteners.js';

/** The threaded joints of an assembly (recognised at the assembled poses), found per part on demand. */
export class ThreadedJoints {
  private readonly analysis: FastenerAnalysis;
  private readonly boxes: Aabb[];
  private readonly involving = new Map<number, ThreadedJoint[]>();

  constructor(readonly assembly: Assembly, poses: readonly Rigid[], readonly tolerance: number) {
    this.analysis = fastenerAnalysis(assembly, poses, tolerance, AXIS_ANGLE);
    this.boxes = assembly.parts.map((p, i) => transformAabb(p.bounds, poses[i]!));
  }

  /** Joints in which part `i` is the fastener or the mate. A mate's fasteners overlap its box, so only those are asked. */
  of(i: number): ThreadedJoint[] {
    let list = this.involving.get(i);
    if (list) return list;
    list = [...this.analysis.jointsOf(i)];
    this.assembly.parts.forEach((_, j) => {
      if (j !== i && aabbsOverlap(this.boxes[i]!, this.boxes[j]!)) list!.push(...this.analysis.jointsOf(j).filter((x) => x.mate === i));
    });
    list.sort((a, b) => a.fastener - b.fastener || a.mate - b.mate);
    this.involving.set(i, list);
    return list;
  }

  /** `M10 thread of <path>`: the thread as a person names it, from the side of `from`. */
  describe(joint: ThreadedJoint, from: number): string {
    const other = from === joint.fastener ? joint.mate : joint.fastener;
    const size = joint.designation ?? `Ø${round(joint.nominal)} mm`;
    return `${size} thread of ${this.assembly.parts[other]!.path}`;
  }
}

/**
 * How far the fastener has backed out of its mate since the assembled state, along the
 * joint axis toward the head (mm; negative when driven in further). Poses are the parts'
 * current poses relative to the assembled state (identity there).
 */
export function backedOut(joint: ThreadedJoint, poses: readonly Rigid[]): number {
  const relative = multiplyRigid(invertRigid(poses[joint.mate]!), poses[joint.fastener]!);
  const [px, py, pz] = joint.axis.point;
  const [dx, dy, dz] = joint.axis.direction;
  const x = relative[0]! * px + relative[1]! * py + relative[2]! * pz + relative[3]! - px;
  const y = relative[4]! * px + relative[5]! * py + relative[6]! * pz + relative[7]! - py;
  const z = relative[8]! * px + relative[9]! * py + relative[10]! * pz + relative[11]! - pz;
  return -(x * dx + y * dy + z * dz);
}

/** Still engaged: backed out by less than the engagement (less the tolerance). */
export function engaged(joint: ThreadedJoint, poses: readonly Rigid[], tolerance: number): boolean {
  return backedOut(joint, poses) < joint.engagement - tolerance;
}

/** The joint axis where the mate is now (it moves with the mate). */
export function jointAxisNow(joint: ThreadedJoint, poses: readonly Rigid[]): { point: Vec3; direction: Vec3 } {
  const m = poses[joint.mate]!;
  const [px, py, pz] = joint.axis.point;
  const [dx, dy, dz] = joint.axis.direction;
  return {
    point: [m[0]! * px + m[1]! * py + m[2]! * pz + m[3]!, m[4]! * px + m[5]! * py + m[6]! * pz + m[7]!, m[8]! * px + m[9]! * py + m[10]! * pz + m[11]!],
    direction: [m[0]! * dx + m[1]! * dy + m[2]! * dz, m[4]! * dx + m[5]! * dy + m[6]! * dz, m[8]! * dx + m[9]! * dy + m[10]! * dz],
  };
}

/**
 * Is the line (point, unit direction) the joint's axis now? Parallel within 1° and through
 * the axis within 2 % of the nominal diameter (at least the tolerance). When not, says how far off.
 */
export function onJointAxis(joint: ThreadedJoint, poses: readonly Rigid[], line: { point: Vec3; direction: Vec3 }, tolerance: number): { on: boolean; offset: number; angle: number } {
  const axis = jointAxisNow(joint, poses);
  const d = line.direction;
  const cos = Math.abs(d[0] * axis.direction[0] + d[1] * axis.direction[1] + d[2] * axis.direction[2]);
  const angle = Math.acos(Math.min(1, cos));
  const r: Vec3 = [line.point[0] - axis.point[0], line.point[1] - axis.point[1], line.point[2] - axis.point[2]];
  const along = r[0] * axis.direction[0] + r[1] * axis.direction[1] + r[2] * axis.direction[2];
  const offset = Math.sqrt(Math.max(0, r[0] ** 2 + r[1] ** 2 + r[2] ** 2 - along * along));
  return { on: angle <= AXIS_ANGLE && offset <= Math.max(tolerance, 0.02 * joint.nominal), offset, angle };
}

export interface ThreadVerdict {
  /** The engaged joint that stops the motion, and a sentence (`held by the M10 thread of nut`). */
  held: { joint: ThreadedJoint; part: number; other: number; message: string } | null;
  /** Engaged joints the motion turns about their own axis: their part pairs pass (the thread is the joint moving). */
  turning: ThreadedJoint[];
}

/**
 * What the engaged threaded joints say about moving the parts `moving` (rigidly) by a
 * translation (`line` null) or a screw / rotation about `line`. Joints whose two parts both
 * move, or whose other part is gone (`absent`), do not count.
 */
export function threadVerdict(
  joints: ThreadedJoints,
  moving: readonly number[],
  absent: (other: number, movingPart: number) => boolean,
  poses: readonly Rigid[],
  line: { point: Vec3; direction: Vec3 } | null,
  tolerance: number,
): ThreadVerdict {
  const inGroup = new Set(moving);
  const turning: ThreadedJoint[] = [];
  for (const part of moving) {
    for (const joint of joints.of(part)) {
      const other = joint.fastener === part ? joint.mate : joint.fastener;
      if (inGroup.has(other) || absent(other, part) || !engaged(joint, poses, tolerance)) continue;
      const where = line ? onJointAxis(joint, poses, line, tolerance) : null;
      if (where?.on) {
        turning.push(joint);
        continue;
      }
      const why = where ? `; the screw axis is ${round(where.offset)} mm and ${round((where.angle * 180) / Math.PI)}° off the thread's axis` : '';
      return { held: { joint, part, other, message: `held by the ${joints.describe(joint, part)}${why}` }, turning };
    }
  }
  return { held: null, turning };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
