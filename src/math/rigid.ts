import { SurfcdError } from '../errors.js';
import type { Vec3 } from './vec3.js';

/**
 * A rigid transform as a row-major 3×4 matrix in a Float64Array(12):
 * [r00 r01 r02 tx, r10 r11 r12 ty, r20 r21 r22 tz]. Internal hot code uses this,
 * never three.js objects.
 */
export type Rigid = Float64Array;

/** What callers may pass as a pose: a three.js Matrix4 or 16 numbers, column-major. */
export type Pose = { elements: ArrayLike<number> } | ArrayLike<number>;

/** Rotation columns must be orthonormal to this tolerance (CAD poses are products of floats). */
const RIGID_TOLERANCE = 1e-6;

export function identityRigid(): Rigid {
  const m = new Float64Array(12);
  m[0] = 1;
  m[5] = 1;
  m[10] = 1;
  return m;
}

/**
 * Reads and validates a pose. Rejects anything that is not a finite rigid motion
 * (scale, shear, reflection, projective row) with INVALID_POSE naming `what`.
 */
export function toRigid(pose: Pose | undefined | null, what = 'pose', out?: Rigid): Rigid {
  if (pose === undefined || pose === null) {
    if (!out) return identityRigid();
    out.fill(0);
    out[0] = out[5] = out[10] = 1;
    return out;
  }
  const e: ArrayLike<number> | undefined =
    typeof (pose as { elements?: unknown }).elements === 'object'
      ? (pose as { elements: ArrayLike<number> }).elements
      : (pose as ArrayLike<number>);
  if (!e || typeof e.length !== 'number' || e.length !== 16) {
    throw new SurfcdError(
      'INVALID_POSE',
      `${what}: expected a 4×4 matrix (three.js Matrix4 or 16 numbers, column-major), got ${describe(pose)}`,
    );
  }
  for (let i = 0; i < 16; i++) {
    if (typeof e[i] !== 'number' || !Number.isFinite(e[i])) {
      throw new SurfcdError('INVALID_POSE', `${what}: element ${i} is ${String(e[i])}, expected a finite number`);
    }
  }
  if (Math.abs(e[3]!) > RIGID_TOLERANCE || Math.abs(e[7]!) > RIGID_TOLERANCE || Math.abs(e[11]!) > RIGID_TOLERANCE || Math.abs(e[15]! - 1) > RIGID_TOLERANCE) {
    throw new SurfcdError('INVALID_POSE', `${what}: bottom row must be [0 0 0 1] for a rigid pose, got [${e[3]} ${e[7]} ${e[11]} ${e[15]}]`);
  }
  // column-major input → row-major 3×4 (into the caller's scratch on hot paths: a typed-array allocation costs more than the checks)
  const m = out ?? new Float64Array(12);
  m[0] = e[0]!; m[1] = e[4]!; m[2] = e[8]!; m[3] = e[12]!;
  m[4] = e[1]!; m[5] = e[5]!; m[6] = e[9]!; m[7] = e[13]!;
  m[8] = e[2]!; m[9] = e[6]!; m[10] = e[10]!; m[11] = e[14]!;
  const problem = rigidityProblem(m);
  if (problem) throw new SurfcdError('INVALID_POSE', `${what}: not a rigid motion (${problem}); scale, shear and mirroring are not allowed`);
  return m;
}

/** Returns why the rotation block is not a proper rotation, or null if it is one. */
function rigidityProblem(m: Rigid): string | null {
  // Squared lengths and dots: no sqrt on the hot path of every query.
  for (let c = 0; c < 3; c++) {
    const lengthSquared = m[c]! * m[c]! + m[4 + c]! * m[4 + c]! + m[8 + c]! * m[8 + c]!;
    if (Math.abs(lengthSquared - 1) > 2 * RIGID_TOLERANCE) {
      return `column ${c} has length ${Math.sqrt(lengthSquared).toPrecision(8)}, scale is not 1`;
    }
  }
  for (let a = 0; a < 3; a++) {
    for (let b = a + 1; b < 3; b++) {
      const dot = m[a]! * m[b]! + m[4 + a]! * m[4 + b]! + m[8 + a]! * m[8 + b]!;
      if (Math.abs(dot) > RIGID_TOLERANCE) return `columns ${a} and ${b} are not orthogonal (dot ${dot.toPrecision(4)})`;
    }
  }
  const det =
    m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) -
    m[1]! * (m[4]! * m[10]! - m[6]! * m[8]!) +
    m[2]! * (m[4]! * m[9]! - m[5]! * m[8]!);
  if (det < 0) return `determinant ${det.toPrecision(4)} is a reflection`;
  return null;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of ${(value as unknown as ArrayLike<number>).length}`;
  return typeof value;
}

/** Row-major rigid → column-major 16 numbers (for three.js and reports). */
export function rigidToColumnMajor(m: Rigid): number[] {
  return [m[0]!, m[4]!, m[8]!, 0, m[1]!, m[5]!, m[9]!, 0, m[2]!, m[6]!, m[10]!, 0, m[3]!, m[7]!, m[11]!, 1];
}

/** out = a ∘ b (apply b first). `out` may alias neither input. */
export function multiplyRigid(a: Rigid, b: Rigid, out: Rigid = new Float64Array(12)): Rigid {
  for (let r = 0; r < 3; r++) {
    const a0 = a[r * 4]!, a1 = a[r * 4 + 1]!, a2 = a[r * 4 + 2]!;
    out[r * 4] = a0 * b[0]! + a1 * b[4]! + a2 * b[8]!;
    out[r * 4 + 1] = a0 * b[1]! + a1 * b[5]! + a2 * b[9]!;
    out[r * 4 + 2] = a0 * b[2]! + a1 * b[6]! + a2 * b[10]!;
    out[r * 4 + 3] = a0 * b[3]! + a1 * b[7]! + a2 * b[11]! + a[r * 4 + 3]!;
  }
  return out;
}

/** Inverse of a rigid motion: [Rᵀ | −Rᵀt]. */
export function invertRigid(m: Rigid, out: Rigid = new Float64Array(12)): Rigid {
  const tx = m[3]!, ty = m[7]!, tz = m[11]!;
  out[0] = m[0]!; out[1] = m[4]!; out[2] = m[8]!;
  out[4] = m[1]!; out[5] = m[5]!; out[6] = m[9]!;
  out[8] = m[2]!; out[9] = m[6]!; out[10] = m[10]!;
  out[3] = -(out[0]! * tx + out[1]! * ty + out[2]! * tz);
  out[7] = -(out[4]! * tx + out[5]! * ty + out[6]! * tz);
  out[11] = -(out[8]! * tx + out[9]! * ty + out[10]! * tz);
  return out;
}

/** The transform taking B-local coordinates to A-local coordinates: PA⁻¹ · PB. */
const inverseScratch = new Float64Array(12);
export function relativeRigid(poseA: Rigid, poseB: Rigid, out: Rigid = new Float64Array(12)): Rigid {
  return multiplyRigid(invertRigid(poseA, inverseScratch), poseB, out);
}

/** Transforms the point at `src[si..si+2]` into `dst[di..di+2]`. */
export function transformPointInto(m: Rigid, src: ArrayLike<number>, si: number, dst: Float64Array, di: number): void {
  const x = src[si]!, y = src[si + 1]!, z = src[si + 2]!;
  dst[di] = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
  dst[di + 1] = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
  dst[di + 2] = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
}

export function isIdentityRigid(m: Rigid): boolean {
  return m[0] === 1 && m[5] === 1 && m[10] === 1 && m[1] === 0 && m[2] === 0 && m[4] === 0 && m[6] === 0 && m[8] === 0 && m[9] === 0 && m[3] === 0 && m[7] === 0 && m[11] === 0;
}

/** Point p moved by m. */
export function transformPoint(m: Rigid, p: ArrayLike<number>): Vec3 {
  return [
    m[0]! * p[0]! + m[1]! * p[1]! + m[2]! * p[2]! + m[3]!,
    m[4]! * p[0]! + m[5]! * p[1]! + m[6]! * p[2]! + m[7]!,
    m[8]! * p[0]! + m[9]! * p[1]! + m[10]! * p[2]! + m[11]!,
  ];
}

/** Direction v turned by m's rotation (no translation). */
export function rotateVector(m: Rigid, v: ArrayLike<number>): Vec3 {
  return [m[0]! * v[0]! + m[1]! * v[1]! + m[2]! * v[2]!, m[4]! * v[0]! + m[5]! * v[1]! + m[6]! * v[2]!, m[8]! * v[0]! + m[9]! * v[1]! + m[10]! * v[2]!];
}
