/**
 * The cylinder's analytic Jacobian (issue 14) is the derivative Levenberg–Marquardt used to
 * take by central differences: on random states and points (scales 1e-3 to 1e4 folded into
 * the local frame, i.e. O(1) coordinates; axes in every direction, points near the axis)
 * both agree to the differences' own error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCylinder, cylinderJacobian, cylinderResiduals, type CylinderFit } from '../../src/model/fit/cylinder.js';
import { rng } from './fitFixtures.js';

describe('cylinder Jacobian', () => {
  it('matches central differences', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1 << 30 }), fc.double({ min: 0.05, max: 50, noNaN: true }), (seed, radius) => {
        const rand = rng(seed);
        const a = [2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1];
        const l = Math.hypot(a[0]!, a[1]!, a[2]!) || 1;
        const axis: [number, number, number] = [a[0]! / l, a[1]! / l, a[2]! / l];
        const q0: [number, number, number] = [rand() - 0.5, rand() - 0.5, rand() - 0.5];
        const h = q0[0] * axis[0] + q0[1] * axis[1] + q0[2] * axis[2];
        const state: CylinderFit = { q: [q0[0] - h * axis[0], q0[1] - h * axis[1], q0[2] - h * axis[2]], a: axis, r: radius };
        const count = 20;
        const p = new Float64Array(count * 3).map(() => 2 * rand() - 1);
        const points = { count, p };
        const cols = Array.from({ length: 5 }, () => new Float64Array(count));
        cylinderJacobian(points, state, cols);
        const rp = new Float64Array(count), rm = new Float64Array(count), r0 = new Float64Array(count);
        cylinderResiduals(points, state, r0);
        const step = 1e-6;
        for (let j = 0; j < 5; j++) {
          const d = new Float64Array(5);
          d[j] = step;
          cylinderResiduals(points, applyCylinder(state, d), rp);
          d[j] = -step;
          cylinderResiduals(points, applyCylinder(state, d), rm);
          for (let i = 0; i < count; i++) {
            const numeric = (rp[i]! - rm[i]!) / (2 * step);
            // skip points within 1e-3 of the axis, where the radial direction turns fast
            if (r0[i]! + radius < 1e-3) continue;
            expect(Math.abs(cols[j]![i]! - numeric)).toBeLessThan(1e-5 * (1 + Math.abs(numeric)));
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
