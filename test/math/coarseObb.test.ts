// coarseObb, the pre-checks' box: valid, contains every point at any scale, never bigger than
// the AABB, exact on rotated cuboids, and close to fitObb on real parts; precheckObb keeps it
// with the part and through the binary entry.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coarseObb, fitObb, obbVolume } from '../../src/math/obb.js';
import { SurfcdError } from '../../src/errors.js';
import { collide, loadAssembly, partFromMesh } from '../../src/index.js';
import { precheckObb } from '../../src/model/precheckObb.js';
import { derivedOf } from '../../src/model/derived.js';
import { deserializeAssembly, serializeAssembly } from '../../src/spatial/serialize.js';
import { configureProperties, containsAll, expectValidObb, flat, mulMV, rotation, runs, vec, type V3 } from './oracle/obbOracle.js';
import { describeShared, sample, sharedStep } from '../helpers/shared.js';

configureProperties();

const scaleAndOffset = fc.tuple(fc.constantFrom(1, 1e-6, 1e3), fc.constantFrom(0, 1e6, -1e6, 12.5));
const place = (pts: V3[], [k, off]: [number, number]): V3[] => pts.map(([x, y, z]) => [x * k + off, y * k - off, z * k + off / 3]);

function expectBounds(pts: Float64Array, label?: string): void {
  const o = coarseObb(pts);
  expectValidObb(o);
  expect(containsAll(o, pts), label).toBe(true);
  // Never worse than the AABB beyond its growth: the AABB is one of the two candidates.
  let aabb = 1;
  const scale = pts.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  for (let c = 0; c < 3; c++) {
    let lo = Infinity, hi = -Infinity;
    for (let k = c; k < pts.length; k += 3) { lo = Math.min(lo, pts[k]!); hi = Math.max(hi, pts[k]!); }
    aabb *= hi - lo + 1e-10 * scale + 1e-100; // the boxes grow by 1e-12 of the coordinates' magnitude
  }
  expect(8 * o.halfExtents[0]! * o.halfExtents[1]! * o.halfExtents[2]!, label).toBeLessThanOrEqual(aabb * (1 + 1e-9));
}

describe('coarseObb', () => {
  const point = vec(10);

  it('contains every point of random, flat, collinear and coincident clouds, at any scale and offset', () => {
    const t = fc.double({ min: -5, max: 5, noNaN: true });
    const planar = fc.tuple(rotation, point, fc.array(fc.tuple(t, t), { minLength: 1, maxLength: 30 })).map(([R, o, uv]) =>
      uv.map(([s, w]) => [o[0] + s * R[0]! + w * R[3]!, o[1] + s * R[1]! + w * R[4]!, o[2] + s * R[2]! + w * R[5]!] as V3));
    const collinear = fc.tuple(point, point, fc.array(t, { minLength: 1, maxLength: 30 })).map(([o, d, ts]) => ts.map((s) => [o[0] + s * d[0], o[1] + s * d[1], o[2] + s * d[2]] as V3));
    const coincident = fc.tuple(point, fc.integer({ min: 1, max: 12 })).map(([p, k]) => Array.from({ length: k }, () => p));
    fc.assert(
      fc.property(fc.oneof(fc.array(point, { minLength: 1, maxLength: 40 }), planar, collinear, coincident), scaleAndOffset, (cloud, so) => {
        expectBounds(Float64Array.from(flat(place(cloud, so))));
      }),
      { numRuns: runs(300) },
    );
  });

  it('single points, subnormal clouds and the extremes of scale', () => {
    for (const p of [[0, 0, 0], [1e6, -1e6, 3], [1e-300, 0, -1e-300], [1e300, 1e300, -1e300], [5e-324, 0, -1e-322]] as V3[]) expectBounds(Float64Array.from(p));
    expectBounds(Float64Array.from([1e300, -1e300, 1e300, -1e300, 1e300, -1e300, 3e299, 0, -7e299]));
    expectBounds(Float64Array.from([-4.94e-322, 1e-322, 0, 2e-322, -6.4e-322, 0, 4.45e-322, -5e-323, 0]));
  });

  it('finds the frame of a rotated cuboid: its volume to rounding', () => {
    fc.assert(
      fc.property(rotation, fc.tuple(fc.double({ min: 0.5, max: 1, noNaN: true }), fc.double({ min: 1.5, max: 2, noNaN: true }), fc.double({ min: 3, max: 4, noNaN: true })), point, (R, [a, b, c], centre) => {
        const pts: V3[] = [];
        for (let k = 0; k < 8; k++) {
          const local: V3 = [k & 1 ? a : -a, k & 2 ? b : -b, k & 4 ? c : -c];
          const w = mulMV(R, local);
          pts.push([w[0] + centre[0], w[1] + centre[1], w[2] + centre[2]]);
        }
        const o = coarseObb(Float64Array.from(flat(pts)));
        expect(obbVolume(o) / (8 * a * b * c)).toBeCloseTo(1, 9);
      }),
      { numRuns: runs(100) },
    );
  });

  it('refuses what fitObb refuses, naming the point', () => {
    expect(() => coarseObb(new Float64Array(0))).toThrow(SurfcdError);
    expect(() => coarseObb(new Float64Array(6), 3)).toThrow(/count 3 does not fit 6/);
    expect(() => coarseObb(Float64Array.from([0, 0, 0, 1, NaN, 0]))).toThrow(/coarseObb: point 1 is \(1, NaN, 0\)/);
  });
});

describe('precheckObb', () => {
  it('is built once per part and travels through the binary entry', async () => {
    const assembly = await loadAssembly(sample('ball-joint.step'));
    const [a, b] = assembly.parts;
    const box = precheckObb(a!);
    expect(precheckObb(a!)).toBe(box);
    expect(derivedOf(a!).names()).toContain('precheck-obb');
    const back = deserializeAssembly(serializeAssembly(assembly));
    expect(precheckObb(back.parts[0]!)).toEqual(box);
    const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(collide(back.parts[0]!, identity, back.parts[1]!, identity).surfacePairs).toEqual(collide(a!, identity, b!, identity).surfacePairs);
  });

  it('a part without vertices has a point box', () => {
    const empty = partFromMesh({ name: 'empty', positions: [], indices: [] });
    expect(Array.from(precheckObb(empty).halfExtents)).toEqual([0, 0, 0]);
  });
});

describeShared('coarseObb on real parts', () => {
  it('is within 1.25× of fitObb on every part of as1 and the gripper (the AABB is 27× on its diagonal links)', async () => {
    let worstAabb = 1;
    for (const file of ['as1-oc-214.stp', 'gripper-fusion360.step']) {
      const assembly = await loadAssembly(sharedStep(file));
      for (const part of assembly.parts) {
        const fitted = obbVolume(fitObb(part.positions));
        expect(obbVolume(coarseObb(part.positions)) / fitted, `${file} ${part.path}`).toBeLessThan(1.25);
        const b = part.bounds;
        worstAabb = Math.max(worstAabb, ((b[3]! - b[0]!) * (b[4]! - b[1]!) * (b[5]! - b[2]!)) / fitted);
      }
    }
    expect(worstAabb).toBeGreaterThan(10); // the case the covariance frame is for is in the data
  }, 60_000);
});
