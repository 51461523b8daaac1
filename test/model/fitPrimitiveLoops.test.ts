/**
 * The acceptance test's one-loop fast paths (`maxDistance`, `minNormalCos` of the local
 * primitives) give exactly the numbers of the per-vertex loops over `distance` and
 * `normal` that evaluatePrimitive runs without them: random primitives, points near and far
 * (on the axis, at the centre, on a torus's core circle, and 1e-2…1e-13 from them), random
 * unit normals.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cylinderPrimitive } from '../../src/model/fit/cylinder.js';
import type { LocalPrimitive } from '../../src/model/fit/evaluate.js';
import { planePrimitive } from '../../src/model/fit/plane.js';
import { spherePrimitive } from '../../src/model/fit/sphere.js';
import { torusPrimitive } from '../../src/model/fit/torus.js';
import { rng } from './fitFixtures.js';

type V3 = [number, number, number];

function unitVector(rand: () => number): V3 {
  const v: V3 = [2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1];
  const l = Math.hypot(...v) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** evaluatePrimitive's loops without the fast paths. */
function slowMaxDistance(prim: LocalPrimitive, p: Float64Array, count: number): number {
  let residual = 0;
  for (let i = 0; i < count; i++) {
    const d = prim.distance(p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!);
    if (!(d <= residual)) residual = Number.isFinite(d) ? Math.max(residual, d) : Infinity;
  }
  return residual;
}

function slowMinNormalCos(prim: LocalPrimitive, p: Float64Array, n: Float64Array, count: number): number {
  const out = new Float64Array(3);
  let worst = 1;
  for (let i = 0; i < count; i++) {
    if (!prim.normal(p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!, out)) continue;
    const c = Math.abs(n[i * 3]! * out[0]! + n[i * 3 + 1]! * out[1]! + n[i * 3 + 2]! * out[2]!);
    if (c < worst) worst = c;
  }
  return worst;
}

function primitiveOf(kind: number, rand: () => number): { prim: LocalPrimitive; specials: V3[] } {
  const c: V3 = [rand() - 0.5, rand() - 0.5, rand() - 0.5];
  const a = unitVector(rand);
  switch (kind) {
    case 0:
      return { prim: planePrimitive({ n: a, d: rand() - 0.5 }), specials: [c] };
    case 1:
      return { prim: cylinderPrimitive({ q: c, a, r: 0.05 + rand() }), specials: [c] };
    case 2:
      return { prim: spherePrimitive({ c, r: 0.05 + rand() }), specials: [c] };
    default: {
      const R = 0.2 + rand(), r = 0.05 + 0.5 * rand();
      // a point of the core circle, where the torus normal is undefined
      const u = unitVector(rand), h = u[0] * a[0] + u[1] * a[1] + u[2] * a[2];
      const e: V3 = [u[0] - h * a[0], u[1] - h * a[1], u[2] - h * a[2]], el = Math.hypot(...e) || 1;
      return { prim: torusPrimitive({ c, a, R, r }), specials: [c, [c[0] + (R * e[0]) / el, c[1] + (R * e[1]) / el, c[2] + (R * e[2]) / el]] };
    }
  }
}

describe('primitive fast paths equal the per-vertex loops', () => {
  it('maxDistance and minNormalCos, bit for bit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 1 << 30 }), fc.integer({ min: 0, max: 40 }), (kind, seed, count) => {
        const rand = rng(seed);
        const { prim, specials } = primitiveOf(kind, rand);
        const p = new Float64Array(count * 3).map(() => 2 * rand() - 1);
        const n = new Float64Array(count * 3);
        for (let i = 0; i < count; i++) {
          n.set(unitVector(rand), i * 3);
          // now and then the centre / axis point / core-circle point itself, or 1e-2…1e-13 from it
          const pick = rand();
          const special = specials[Math.floor(rand() * specials.length)]!;
          if (pick < 0.1) p.set(special, i * 3);
          else if (pick < 0.3) {
            const d = unitVector(rand), s = 10 ** (-2 - 11 * rand());
            p.set([special[0] + s * d[0], special[1] + s * d[1], special[2] + s * d[2]], i * 3);
          }
        }
        expect(Object.is(prim.maxDistance!(p, count), slowMaxDistance(prim, p, count))).toBe(true);
        expect(Object.is(prim.minNormalCos!(p, n, count), slowMinNormalCos(prim, p, n, count))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
