import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Matrix4, Quaternion, Vector3 } from 'three';
import {
  identityRigid,
  invertRigid,
  isIdentityRigid,
  multiplyRigid,
  relativeRigid,
  rigidToColumnMajor,
  toRigid,
  transformPointInto,
  type Pose,
  type Rigid,
} from '../../src/math/rigid.js';
import { SurfcdError } from '../../src/errors.js';

/** Uniform in value (fc.double is uniform over representations, so it crowds around 0). */
const uniform = (r: number) => fc.noBias(fc.integer({ min: -(2 ** 30), max: 2 ** 30 })).map((i) => (r * i) / 2 ** 30);
/** Mostly uniform, sometimes fc.double's tiny, extreme and exactly-zero values. */
const d = (r: number) => fc.oneof({ weight: 3, arbitrary: uniform(r) }, { weight: 1, arbitrary: fc.double({ min: -r, max: r, noNaN: true }) });
const quaternion = fc.tuple(d(1), d(1), d(1), d(1)).filter((q) => Math.hypot(...q) > 0.1).map(([w, x, y, z]) => new Quaternion(x, y, z, w).normalize());
const translation = fc.tuple(d(1e4), d(1e4), d(1e4)).map(([x, y, z]) => new Vector3(x, y, z));
const matrix4 = fc.tuple(quaternion, translation).map(([q, t]) => new Matrix4().compose(t, q, new Vector3(1, 1, 1)));
const rigid = matrix4.map((m) => toRigid(m));
const point = fc.tuple(d(1e3), d(1e3), d(1e3));

function apply(m: Rigid, p: readonly number[]): number[] {
  const out = new Float64Array(3);
  transformPointInto(m, p, 0, out, 0);
  return [...out];
}

function expectClose(a: ArrayLike<number>, b: ArrayLike<number>, tol: number) {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(tol);
}

/** The error toRigid throws for `pose` (fails the test if it does not throw). */
function rejection(pose: unknown, what?: string): SurfcdError {
  try {
    toRigid(pose as Pose, what);
  } catch (e) {
    expect(e).toBeInstanceOf(SurfcdError);
    expect((e as SurfcdError).code).toBe('INVALID_POSE');
    return e as SurfcdError;
  }
  throw new Error(`toRigid accepted ${JSON.stringify(pose)}`);
}

const I16 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const withElement = (i: number, v: number) => I16.map((x, k) => (k === i ? v : x));

describe('toRigid', () => {
  it('reads a three.js Matrix4 (column-major elements) into row-major 3×4', () => {
    fc.assert(
      fc.property(matrix4, point, (m, p) => {
        const r = toRigid(m);
        const e = m.elements;
        expectClose(r, [e[0]!, e[4]!, e[8]!, e[12]!, e[1]!, e[5]!, e[9]!, e[13]!, e[2]!, e[6]!, e[10]!, e[14]!], 0);
        const v = new Vector3(...p).applyMatrix4(m);
        expectClose(apply(r, p), [v.x, v.y, v.z], 1e-9 * 1e4);
      }),
      { numRuns: 100 },
    );
  });

  it('reads plain 16-number arrays and typed arrays as column-major', () => {
    // rotation of 90° about z then translation (1, 2, 3)
    const colMajor = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1];
    const r = toRigid(colMajor);
    expect([...r]).toEqual([0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3]);
    expect(apply(r, [1, 0, 0])).toEqual([1, 3, 3]);
    expect([...toRigid(Float64Array.from(colMajor))]).toEqual([...r]);
    // float32 rounding of a rotation is well inside the tolerance
    const m = new Matrix4().makeRotationAxis(new Vector3(1, 2, 3).normalize(), 0.7).setPosition(4, 5, 6);
    expectClose(toRigid(Float32Array.from(m.elements)), toRigid(m), 1e-6);
  });

  it('round-trips through rigidToColumnMajor', () => {
    fc.assert(
      fc.property(matrix4, (m) => {
        const fold = (v: ArrayLike<number>) => Array.from(v, (x) => x + 0); // +0 folds -0 into 0
        expect(fold(rigidToColumnMajor(toRigid(m)))).toEqual(fold(m.elements));
        expect([...toRigid(rigidToColumnMajor(toRigid(m)))]).toEqual([...toRigid(m)]);
      }),
      { numRuns: 100 },
    );
  });

  it('treats null and undefined as the identity', () => {
    expect(isIdentityRigid(toRigid(undefined))).toBe(true);
    expect(isIdentityRigid(toRigid(null))).toBe(true);
    expect(isIdentityRigid(toRigid(I16))).toBe(true);
  });

  it('accepts CAD-style rounding noise in the rotation', () => {
    const noisy = new Matrix4().makeRotationX(0.3).elements.map((x, i) => (i % 4 === 3 ? x : x + 3e-8 * Math.sin(i)));
    expect(() => toRigid(noisy)).not.toThrow();
  });

  it('rejects non-finite elements, naming the element', () => {
    for (const [i, v] of [[5, NaN], [12, Infinity], [0, -Infinity], [14, NaN]] as const) {
      const e = rejection(withElement(i, v), 'poseB');
      expect(e.message).toMatch(new RegExp(`^poseB: element ${i} is ${String(v)}, expected a finite number`));
    }
    expect(rejection([...I16.slice(0, 15), '1']).message).toMatch(/element 15 is 1, expected a finite number/);
    expect(rejection({ elements: withElement(1, NaN) }).message).toMatch(/element 1 is NaN/);
  });

  it('rejects the wrong number of elements and non-matrices, saying what it got', () => {
    expect(rejection(I16.slice(0, 15)).message).toMatch(/^pose: expected a 4×4 matrix .*got an array of 15/);
    expect(rejection([...I16, 0]).message).toMatch(/got an array of 17/);
    expect(rejection(new Float64Array(12)).message).toMatch(/got a Float64Array of 12/);
    expect(rejection(42).message).toMatch(/got number/);
    expect(rejection('not a matrix').message).toMatch(/expected a 4×4 matrix/);
    expect(rejection({ elements: [1, 2, 3] }).message).toMatch(/expected a 4×4 matrix/);
  });

  it('rejects scale, shear, mirroring and projective rows', () => {
    const scaled = new Matrix4().makeScale(1, 2, 1).elements;
    expect(rejection(scaled, 'part A').message).toMatch(/^part A: not a rigid motion \(column 1 has length 2\.0+, scale is not 1\); scale, shear and mirroring are not allowed/);
    expect(rejection(new Matrix4().makeScale(1.00001, 1.00001, 1.00001).elements).message).toMatch(/scale is not 1/);
    const shear = new Matrix4().makeShear(0, 0, 0.3, 0, 0, 0).elements;
    const sheared = rejection(shear).message;
    expect(sheared).toMatch(/not a rigid motion/);
    expect(sheared).toMatch(/scale is not 1|not orthogonal/);
    // a shear that keeps unit columns: only orthogonality is broken
    const c = Math.SQRT1_2;
    expect(rejection([1, 0, 0, 0, c, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]).message).toMatch(/columns 0 and 1 are not orthogonal/);
    const mirror = new Matrix4().makeScale(1, 1, -1).elements;
    expect(rejection(mirror).message).toMatch(/determinant -1\.?0* is a reflection/);
    expect(rejection(new Matrix4().makeRotationY(1).premultiply(new Matrix4().makeScale(-1, 1, 1)).elements).message).toMatch(/reflection/);
    expect(rejection(withElement(3, 0.5)).message).toMatch(/bottom row must be \[0 0 0 1\]/);
    expect(rejection(withElement(15, 2)).message).toMatch(/bottom row must be \[0 0 0 1\].*got \[0 0 0 2\]/);
  });
});

describe('rigid algebra', () => {
  it('multiplyRigid composes like three.js (apply b first) and like applying twice', () => {
    fc.assert(
      fc.property(matrix4, matrix4, point, (ma, mb, p) => {
        const ab = multiplyRigid(toRigid(ma), toRigid(mb));
        expectClose(ab, toRigid(new Matrix4().multiplyMatrices(ma, mb)), 1e-9 * 1e4);
        expectClose(apply(ab, p), apply(toRigid(ma), apply(toRigid(mb), p)), 1e-9 * 1e4);
      }),
      { numRuns: 100 },
    );
  });

  it('invertRigid is the inverse: m·m⁻¹ = m⁻¹·m = I and (m⁻¹)⁻¹ = m', () => {
    fc.assert(
      fc.property(rigid, point, (m, p) => {
        const inv = invertRigid(m);
        const I = identityRigid();
        expectClose(multiplyRigid(m, inv), I, 1e-9 * 1e4);
        expectClose(multiplyRigid(inv, m), I, 1e-9 * 1e4);
        expectClose(invertRigid(inv), m, 1e-9 * 1e4);
        expectClose(apply(inv, apply(m, p)), p, 1e-9 * 1e4);
        // writing into a given output
        const out = new Float64Array(12);
        expect(invertRigid(m, out)).toBe(out);
        expectClose(out, inv, 0);
      }),
      { numRuns: 100 },
    );
  });

  it('relativeRigid(PA, PB) takes B-local coordinates to A-local ones', () => {
    fc.assert(
      fc.property(rigid, rigid, point, (pa, pb, p) => {
        const rel = relativeRigid(pa, pb);
        // world position of the B-local point, seen from A: PA⁻¹(PB p)
        expectClose(apply(rel, p), apply(invertRigid(pa), apply(pb, p)), 1e-8 * 1e4);
        // and back: PA(rel p) = PB p
        expectClose(apply(pa, apply(rel, p)), apply(pb, p), 1e-8 * 1e4);
        expectClose(relativeRigid(pa, pa), identityRigid(), 1e-9 * 1e4);
      }),
      { numRuns: 100 },
    );
  });

  it('multiplication is associative', () => {
    fc.assert(
      fc.property(rigid, rigid, rigid, (a, b, c) => {
        expectClose(multiplyRigid(multiplyRigid(a, b), c), multiplyRigid(a, multiplyRigid(b, c)), 1e-8 * 1e4);
      }),
      { numRuns: 100 },
    );
  });

  it('transformPointInto reads and writes at the given offsets', () => {
    const m = toRigid([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1]);
    const src = [9, 9, 9, 1, 2, 3];
    const dst = new Float64Array(7).fill(-7);
    transformPointInto(m, src, 3, dst, 4);
    expect([...dst]).toEqual([-7, -7, -7, -7, 8, 21, 33]);
  });

  it('isIdentityRigid recognises only the exact identity', () => {
    expect(isIdentityRigid(identityRigid())).toBe(true);
    for (let i = 0; i < 12; i++) {
      const m = identityRigid();
      m[i] = m[i] === 0 ? 1e-300 : m[i]! * (1 + Number.EPSILON);
      expect(isIdentityRigid(m)).toBe(false);
    }
  });
});
