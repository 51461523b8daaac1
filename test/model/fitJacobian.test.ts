/**
 * The analytic Jacobians of the cylinder, cone, sphere and torus are the
 * derivatives Levenberg–Marquardt used to take by central differences: on random states and
 * points (O(1) local coordinates, axes in every direction, points near the axis) both agree
 * to the differences' own error. The fused normal equations (JᵀJ and −Jᵀr in one pass) are
 * the sums Levenberg–Marquardt forms from the columns, bit for bit, and LM ends in the same state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCone, coneJacobian, coneResiduals, type ConeState } from '../../src/model/fit/cone.js';
import { applyCylinder, cylinderJacobian, cylinderNormalEquations, cylinderResiduals, type CylinderFit } from '../../src/model/fit/cylinder.js';
import { levenbergMarquardt } from '../../src/model/fit/lm.js';
import type { PointSet } from '../../src/model/fit/refine.js';
import { applySphere, sphereJacobian, sphereResiduals, type SphereFit } from '../../src/model/fit/sphere.js';
import { applyTorus, torusJacobian, torusNormalEquations, torusResiduals, type TorusFit } from '../../src/model/fit/torus.js';
import { rng } from './fitFixtures.js';
import { FitScratch } from '../../src/model/fit/fitScratch.js';

type V3 = [number, number, number];

interface Model<S> {
  nParams: number;
  apply(s: S, d: Float64Array): S;
  residuals(points: PointSet, s: S, out: Float64Array): void;
  jacobian(points: PointSet, s: S, cols: Float64Array[]): void;
  /** Points where the residual has a kink (on the axis, at the centre) are skipped. */
  nearKink(points: PointSet, s: S, i: number): boolean;
}

function randomAxis(rand: () => number): V3 {
  const a = [2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1];
  const l = Math.hypot(a[0]!, a[1]!, a[2]!) || 1;
  return [a[0]! / l, a[1]! / l, a[2]! / l];
}

/** Component of q perpendicular to the unit axis a. */
function perpendicular(q: V3, a: V3): V3 {
  const h = q[0] * a[0] + q[1] * a[1] + q[2] * a[2];
  return [q[0] - h * a[0], q[1] - h * a[1], q[2] - h * a[2]];
}

function distanceToAxis(points: PointSet, i: number, q: V3, a: V3): number {
  const x: V3 = [points.p[i * 3]! - q[0], points.p[i * 3 + 1]! - q[1], points.p[i * 3 + 2]! - q[2]];
  const r = perpendicular(x, a);
  return Math.hypot(...r);
}

function checkAgainstDifferences<S>(model: Model<S>, make: (rand: () => number, size: number) => S): void {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1 << 30 }), fc.double({ min: 0.05, max: 50, noNaN: true }), (seed, size) => {
      const rand = rng(seed);
      const state = make(rand, size);
      const count = 20;
      const points = { count, p: new Float64Array(count * 3).map(() => 2 * rand() - 1) };
      const k = model.nParams;
      const cols = Array.from({ length: k }, () => new Float64Array(count));
      model.jacobian(points, state, cols);
      const rp = new Float64Array(count), rm = new Float64Array(count);
      const step = 1e-6;
      for (let j = 0; j < k; j++) {
        const d = new Float64Array(k);
        d[j] = step;
        model.residuals(points, model.apply(state, d), rp);
        d[j] = -step;
        model.residuals(points, model.apply(state, d), rm);
        for (let i = 0; i < count; i++) {
          if (model.nearKink(points, state, i)) continue;
          const numeric = (rp[i]! - rm[i]!) / (2 * step);
          expect(Math.abs(cols[j]![i]! - numeric)).toBeLessThan(1e-5 * (1 + Math.abs(numeric)));
        }
      }
    }),
    { numRuns: 150 },
  );
}

describe('analytic Jacobians match central differences', () => {
  it('cylinder', () => {
    checkAgainstDifferences<CylinderFit>(
      { nParams: 5, apply: applyCylinder, residuals: cylinderResiduals, jacobian: cylinderJacobian, nearKink: (pts, s, i) => distanceToAxis(pts, i, s.q, s.a) < 1e-3 },
      (rand, radius) => {
        const a = randomAxis(rand);
        return { q: perpendicular([rand() - 0.5, rand() - 0.5, rand() - 0.5], a), a, r: radius };
      },
    );
  });

  it('cone (half-angles from near 0 to near 90°, both signs)', () => {
    checkAgainstDifferences<ConeState>(
      { nParams: 6, apply: applyCone, residuals: coneResiduals, jacobian: coneJacobian, nearKink: (pts, s, i) => distanceToAxis(pts, i, s.q, s.a) < 1e-3 },
      (rand, rho0) => {
        const a = randomAxis(rand);
        return { q: perpendicular([rand() - 0.5, rand() - 0.5, rand() - 0.5], a), a, rho0: rho0 * (rand() < 0.5 ? 1 : -1) * 0.1, alpha: (rand() - 0.5) * 3.1 };
      },
    );
  });

  it('sphere', () => {
    checkAgainstDifferences<SphereFit>(
      {
        nParams: 4, apply: applySphere, residuals: sphereResiduals, jacobian: sphereJacobian,
        nearKink: (pts, s, i) => Math.hypot(pts.p[i * 3]! - s.c[0], pts.p[i * 3 + 1]! - s.c[1], pts.p[i * 3 + 2]! - s.c[2]) < 1e-3,
      },
      (rand, radius) => ({ c: [rand() - 0.5, rand() - 0.5, rand() - 0.5], r: radius }),
    );
  });

  it('torus (points near the axis and near the core circle skipped)', () => {
    checkAgainstDifferences<TorusFit>(
      {
        nParams: 7, apply: applyTorus, residuals: torusResiduals, jacobian: torusJacobian,
        nearKink: (pts, s, i) => {
          const rho = distanceToAxis(pts, i, s.c, s.a);
          const x: V3 = [pts.p[i * 3]! - s.c[0], pts.p[i * 3 + 1]! - s.c[1], pts.p[i * 3 + 2]! - s.c[2]];
          const h = x[0] * s.a[0] + x[1] * s.a[1] + x[2] * s.a[2];
          return rho < 1e-3 || Math.hypot(rho - s.R, h) < 1e-3;
        },
      },
      (rand, major) => ({ c: [rand() - 0.5, rand() - 0.5, rand() - 0.5], a: randomAxis(rand), R: 0.02 * major, r: 0.1 + rand() }),
    );
  });
});

interface Fused<S> {
  nParams: number;
  apply(s: S, d: Float64Array): S;
  residuals(points: PointSet, s: S, out: Float64Array): void;
  jacobian(points: PointSet, s: S, cols: Float64Array[]): void;
  normalEquations(points: PointSet, s: S, r: Float64Array, a: Float64Array, g: Float64Array): void;
}

function checkFused<S>(model: Fused<S>, make: (rand: () => number, size: number) => S, near: (state: S, rand: () => number, p: Float64Array) => void): void {
  const scratch = new FitScratch();
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1 << 30 }), fc.double({ min: 0.05, max: 50, noNaN: true }), fc.integer({ min: 1, max: 60 }), (seed, size, count) => {
      const rand = rng(seed);
      const state = make(rand, size);
      const p = new Float64Array(count * 3).map(() => 2 * rand() - 1);
      // half the sets lie near the primitive (LM converges), the others anywhere
      if (seed % 2 === 0) near(state, rand, p);
      const points = { count, p };
      const k = model.nParams;
      const r = new Float64Array(count);
      model.residuals(points, state, r);
      const cols = Array.from({ length: k }, () => new Float64Array(count));
      model.jacobian(points, state, cols);
      const a = new Float64Array(k * k), g = new Float64Array(k);
      model.normalEquations(points, state, r, a, g);
      for (let x = 0; x < k; x++) {
        let gx = 0;
        for (let i = 0; i < count; i++) gx += cols[x]![i]! * r[i]!;
        expect(Object.is(g[x], -gx), `g[${x}]`).toBe(true);
        for (let y = 0; y < k; y++) {
          let s = 0;
          for (let i = 0; i < count; i++) s += cols[x]![i]! * cols[y]![i]!;
          expect(Object.is(a[x * k + y], s), `a[${x}][${y}]`).toBe(true);
        }
      }
      const problem = (fused: boolean) => ({
        nParams: k, nResiduals: count,
        apply: model.apply,
        residuals: (s: S, out: Float64Array) => model.residuals(points, s, out),
        jacobian: (s: S, c: Float64Array[]) => (model.jacobian(points, s, c), true),
        ...(fused ? { normalEquations: (s: S, rr: Float64Array, aa: Float64Array, gg: Float64Array) => (model.normalEquations(points, s, rr, aa, gg), true) } : {}),
      });
      // one scratch for both runs and every draw: a run finds nothing of an earlier one in it
      expect(levenbergMarquardt(problem(true), state, scratch, { maxIterations: 8 })).toEqual(levenbergMarquardt(problem(false), state, scratch, { maxIterations: 8 }));
    }),
    { numRuns: 100 },
  );
}

describe('fused normal equations are the column sums bit for bit', () => {
  it('cylinder', () => {
    checkFused<CylinderFit>(
      { nParams: 5, apply: applyCylinder, residuals: cylinderResiduals, jacobian: cylinderJacobian, normalEquations: cylinderNormalEquations },
      (rand, radius) => {
        const a = randomAxis(rand);
        return { q: perpendicular([rand() - 0.5, rand() - 0.5, rand() - 0.5], a), a, r: 0.02 * radius };
      },
      (s, rand, p) => {
        // points on the cylinder, moved by up to 1 % of its radius
        const u = perpendicular(randomAxis(rand), s.a), ul = Math.hypot(...u);
        const e1: V3 = [u[0] / ul, u[1] / ul, u[2] / ul];
        const e2: V3 = [s.a[1] * e1[2] - s.a[2] * e1[1], s.a[2] * e1[0] - s.a[0] * e1[2], s.a[0] * e1[1] - s.a[1] * e1[0]];
        for (let i = 0; i < p.length; i += 3) {
          const t = 2 * Math.PI * rand(), h = 2 * rand() - 1, rr = s.r * (1 + 0.01 * (rand() - 0.5));
          for (let j = 0; j < 3; j++) p[i + j] = s.q[j]! + h * s.a[j]! + rr * (Math.cos(t) * e1[j]! + Math.sin(t) * e2[j]!);
        }
      },
    );
  });

  it('torus', () => {
    checkFused<TorusFit>(
      { nParams: 7, apply: applyTorus, residuals: torusResiduals, jacobian: torusJacobian, normalEquations: torusNormalEquations },
      (rand, major) => ({ c: [rand() - 0.5, rand() - 0.5, rand() - 0.5], a: randomAxis(rand), R: 0.02 * major + 0.5, r: 0.1 + 0.3 * rand() }),
      (s, rand, p) => {
        const u = perpendicular(randomAxis(rand), s.a), ul = Math.hypot(...u);
        const e1: V3 = [u[0] / ul, u[1] / ul, u[2] / ul];
        const e2: V3 = [s.a[1] * e1[2] - s.a[2] * e1[1], s.a[2] * e1[0] - s.a[0] * e1[2], s.a[0] * e1[1] - s.a[1] * e1[0]];
        for (let i = 0; i < p.length; i += 3) {
          const t = 2 * Math.PI * rand(), w = 2 * Math.PI * rand(), rr = s.r * (1 + 0.01 * (rand() - 0.5));
          const rho = s.R + rr * Math.cos(w), h = rr * Math.sin(w);
          for (let j = 0; j < 3; j++) p[i + j] = s.c[j]! + h * s.a[j]! + rho * (Math.cos(t) * e1[j]! + Math.sin(t) * e2[j]!);
        }
      },
    );
  });
});
