import { SurfcdError } from '../errors.js';
import { multiplyRigid, type Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import type { Vec3 } from './inputs.js';

/**
 * One step's motion of a set of parts, in the world frame, over t ∈ [0, 1]:
 *   - translate: every point moves by t·vector;
 *   - screw: rotation by t·angle (radians, right-handed about `axis`) about the line
 *     through `point`, combined with t·advance (mm) along `axis`. A rotation is a screw
 *     with advance 0.
 */
export type RigidMotion =
  | { kind: 'translate'; vector: Vec3 }
  | { kind: 'screw'; point: Vec3; axis: Vec3; angle: number; advance: number };

/** The world transform the motion applies at fraction t (row-major 3×4). */
export function motionAt(motion: RigidMotion, t: number, out: Rigid = new Float64Array(12)): Rigid {
  out.fill(0);
  if (motion.kind === 'translate') {
    out[0] = out[5] = out[10] = 1;
    out[3] = t * motion.vector[0];
    out[7] = t * motion.vector[1];
    out[11] = t * motion.vector[2];
    return out;
  }
  const [x, y, z] = motion.axis;
  const a = t * motion.angle;
  const c = Math.cos(a), s = Math.sin(a), k = 1 - c;
  out[0] = c + x * x * k; out[1] = x * y * k - z * s; out[2] = x * z * k + y * s;
  out[4] = y * x * k + z * s; out[5] = c + y * y * k; out[6] = y * z * k - x * s;
  out[8] = z * x * k - y * s; out[9] = z * y * k + x * s; out[10] = c + z * z * k;
  // x' = R(x − p) + p + t·advance·axis
  const [px, py, pz] = motion.point;
  const adv = t * motion.advance;
  out[3] = px - (out[0]! * px + out[1]! * py + out[2]! * pz) + adv * x;
  out[7] = py - (out[4]! * px + out[5]! * py + out[6]! * pz) + adv * y;
  out[11] = pz - (out[8]! * px + out[9]! * py + out[10]! * pz) + adv * z;
  return out;
}

/** Pose of a part at fraction t: the motion applied after its pose at the step's start. */
export function poseAt(motion: RigidMotion, t: number, start: Rigid, out: Rigid = new Float64Array(12)): Rigid {
  return multiplyRigid(motionAt(motion, t), start, out);
}

/**
 * How far (mm) any point of the moving parts can travel over the whole motion, per unit
 * of t: |v| + |ω|·r_max, with r_max the largest distance of a vertex from the screw
 * axis. A triangle is the convex hull of its vertices and the distance to a line is
 * convex, so no point of a triangle is farther from the axis than its farthest vertex,
 * and that distance does not change under a screw about the same axis.
 */
export function motionBound(motion: RigidMotion, parts: readonly Part[], poses: readonly Rigid[]): number {
  if (motion.kind === 'translate') return Math.hypot(...motion.vector);
  const { r2 } = aboutAxis(motion, parts, poses);
  // 1e-9 relative: rounding in the rotated coordinates must not beat the bound.
  return (Math.abs(motion.advance) + Math.abs(motion.angle) * Math.sqrt(r2)) * (1 + 1e-9);
}

/** The largest squared distance of the parts' vertices (posed) from the screw axis, and their extent along it (from the axis point). */
function aboutAxis(motion: Extract<RigidMotion, { kind: 'screw' }>, parts: readonly Part[], poses: readonly Rigid[]): { r2: number; hMin: number; hMax: number } {
  let rMax = 0, hMin = Infinity, hMax = -Infinity;
  const [ax, ay, az] = motion.axis;
  const [px, py, pz] = motion.point;
  parts.forEach((part, i) => {
    const m = poses[i]!;
    const x = part.positions;
    for (let v = 0; v < x.length; v += 3) {
      const wx = m[0]! * x[v]! + m[1]! * x[v + 1]! + m[2]! * x[v + 2]! + m[3]! - px;
      const wy = m[4]! * x[v]! + m[5]! * x[v + 1]! + m[6]! * x[v + 2]! + m[7]! - py;
      const wz = m[8]! * x[v]! + m[9]! * x[v + 1]! + m[10]! * x[v + 2]! + m[11]! - pz;
      const h = wx * ax + wy * ay + wz * az;
      const r2 = wx * wx + wy * wy + wz * wz - h * h;
      if (r2 > rMax) rMax = r2;
      if (h < hMin) hMin = h;
      if (h > hMax) hMax = h;
    }
  });
  return { r2: rMax, hMin, hMax };
}

/** Speed (mm per unit t) of the world point x under the motion, and its component along n. */
export function pointSpeed(motion: RigidMotion, x: ArrayLike<number>, n?: ArrayLike<number>): { speed: number; normal: number } {
  let vx: number, vy: number, vz: number;
  if (motion.kind === 'translate') {
    [vx, vy, vz] = motion.vector;
  } else {
    const [ax, ay, az] = motion.axis;
    const rx = x[0]! - motion.point[0], ry = x[1]! - motion.point[1], rz = x[2]! - motion.point[2];
    vx = motion.angle * (ay * rz - az * ry) + motion.advance * ax;
    vy = motion.angle * (az * rx - ax * rz) + motion.advance * ay;
    vz = motion.angle * (ax * ry - ay * rx) + motion.advance * az;
  }
  return { speed: Math.hypot(vx, vy, vz), normal: n ? Math.abs(vx * n[0]! + vy * n[1]! + vz * n[2]!) : 0 };
}

/** Checks a motion's numbers, naming `where`. */
export function validateMotion(motion: RigidMotion, where: string): RigidMotion {
  const finite = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
  if (motion.kind === 'translate') {
    if (!motion.vector.every(finite)) throw new SurfcdError('INVALID_OPTION', `${where}: translation must be 3 finite numbers`);
    return motion;
  }
  if (!motion.point.every(finite) || !motion.axis.every(finite) || !finite(motion.angle) || !finite(motion.advance)) {
    throw new SurfcdError('INVALID_OPTION', `${where}: screw axis, point, angle and advance must be finite numbers`);
  }
  const n = Math.hypot(...motion.axis);
  if (!(n > 0)) throw new SurfcdError('INVALID_OPTION', `${where}: screw axis has zero length`);
  return { ...motion, axis: [motion.axis[0] / n, motion.axis[1] / n, motion.axis[2] / n] };
}

/**
 * A box holding everything the moving parts sweep through under a screw or rotation: each
 * point keeps its distance from the axis and moves along it by t·advance only, so the
 * parts stay inside the cylinder about the axis of radius r_max, from their lowest vertex
 * along the axis to their highest plus the advance. Far tighter than the end poses grown
 * by the motion bound when the parts turn many times (a nut run off its bolt).
 */
export function screwEnvelope(motion: Extract<RigidMotion, { kind: 'screw' }>, parts: readonly Part[], poses: readonly Rigid[]): Float64Array | null {
  const { r2: rMax, hMin, hMax } = aboutAxis(motion, parts, poses);
  if (!(hMin <= hMax)) return null;
  const { axis, point } = motion;
  const out = new Float64Array(6);
  const r = Math.sqrt(rMax);
  const h0 = hMin + Math.min(0, motion.advance), h1 = hMax + Math.max(0, motion.advance);
  // Rounding of the rotated coordinates: widen by a relative 1e-9 of the cylinder's size.
  const slack = 1e-9 * (1 + r + Math.abs(h0) + Math.abs(h1) + Math.abs(point[0]) + Math.abs(point[1]) + Math.abs(point[2]));
  for (let k = 0; k < 3; k++) {
    // A disc of radius r across the axis reaches r·sqrt(1 − a_k²) along coordinate k.
    const across = r * Math.sqrt(Math.max(0, 1 - axis[k]! * axis[k]!)) + slack;
    const e0 = point[k]! + h0 * axis[k]!, e1 = point[k]! + h1 * axis[k]!;
    out[k] = Math.min(e0, e1) - across;
    out[k + 3] = Math.max(e0, e1) + across;
  }
  return out;
}
