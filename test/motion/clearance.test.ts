import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Part } from '../../src/index.js';
import { loadTransformedTriangle } from '../../src/collide/triangles.js';
import { toRigid } from '../../src/math/rigid.js';
import { triangleDistance } from '../../src/math/triangleDistance.js';
import { kindGap } from '../../src/model/kindGap.js';
import { findClearances } from '../../src/motion/clearances.js';
import { selectParts, selectsPair } from '../../src/model/partSets.js';
import { distance } from '../../src/motion/index.js';
import { loadAssembly } from '../../src/spatial/load.js';
import { assemblyOf } from '../constraints/meshes.js';
import { describeShared, sample, sharedStep } from '../helpers/shared.js';
import { mulberry32, randomPose } from '../helpers/soup.js';
import { IDENTITY, blockWithHole, box, cylinder, pose, sphere } from './shapes.js';

/** Every triangle pair (box gaps only skip pairs that cannot beat the best so far): the oracle. */
function bruteDistance(a: Part, pa: ArrayLike<number>, b: Part, pb: ArrayLike<number>): number {
  const ra = toRigid(Array.from(pa)), rb = toRigid(Array.from(pb));
  const na = a.indices.length / 3, nb = b.indices.length / 3;
  const ta = new Float64Array(9 * na), tb = new Float64Array(9 * nb);
  const boxes = (t: Float64Array, n: number): Float64Array => {
    const out = new Float64Array(6 * n);
    for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) {
      const v = [t[9 * i + k]!, t[9 * i + 3 + k]!, t[9 * i + 6 + k]!];
      out[6 * i + k] = Math.min(...v); out[6 * i + 3 + k] = Math.max(...v);
    }
    return out;
  };
  const p = new Float64Array(9), q = new Float64Array(9);
  for (let i = 0; i < na; i++) { loadTransformedTriangle(a, i, ra, p); ta.set(p, 9 * i); }
  for (let j = 0; j < nb; j++) { loadTransformedTriangle(b, j, rb, q); tb.set(q, 9 * j); }
  const ba = boxes(ta, na), bb = boxes(tb, nb);
  let best = Infinity;
  for (let i = 0; i < na; i++) {
    for (let j = 0; j < nb; j++) {
      let g = 0;
      for (let k = 0; k < 3; k++) g += Math.max(ba[6 * i + k]! - bb[6 * j + 3 + k]!, bb[6 * j + k]! - ba[6 * i + 3 + k]!, 0) ** 2;
      if (Math.sqrt(g) > best * (1 + 1e-9)) continue;
      best = Math.min(best, triangleDistance(ta.subarray(9 * i, 9 * i + 9), tb.subarray(9 * j, 9 * j + 9)));
    }
  }
  return best;
}

/** The descent against the oracle on part pairs of a file, each under a few random poses of B. */
function checkAgainstOracle(parts: Part[], pairs: [number, number][], seed: number, runs: number): void {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: pairs.length - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (k, s) => {
      const [i, j] = pairs[k]!;
      const a = parts[i]!, b = parts[j]!;
      const size = Math.hypot(a.bounds[3]! - a.bounds[0]!, a.bounds[4]! - a.bounds[1]!, a.bounds[5]! - a.bounds[2]!);
      const pb = randomPose(mulberry32(s), 0.3 * size).elements;
      const expected = bruteDistance(a, IDENTITY, b, pb);
      const got = distance(a, IDENTITY, b, Array.from(pb)).closest!;
      expect(got.distance).toBeCloseTo(expected, 9);
      expect(Math.hypot(got.pointA[0] - got.pointB[0], got.pointA[1] - got.pointB[1], got.pointA[2] - got.pointB[2])).toBeCloseTo(expected, 6);
      // Bounded by a reach just above the answer it finds the same; just below, nothing.
      expect(distance(a, IDENTITY, b, Array.from(pb), { maxDistance: expected * 1.001 + 1e-9 }).closest!.distance).toBeCloseTo(expected, 9);
      if (expected > 1e-6) expect(distance(a, IDENTITY, b, Array.from(pb), { maxDistance: expected * 0.999 }).closest).toBeNull();
    }),
    { seed, numRuns: runs },
  );
}

/** Part pairs of a file whose brute force stays cheap (triangle products up to `limit`). */
function smallPairs(parts: Part[], limit: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
    const n = (parts[i]!.indices.length / 3) * (parts[j]!.indices.length / 3);
    if (n > 0 && n <= limit) out.push([i, j]);
  }
  return out;
}

describe('kindGap: closed-form gaps of fitted primitives', () => {
  const z = [0, 0, 1] as [number, number, number];
  it('parallel planes facing each other, and nothing for planes that do not face', () => {
    const g = kindGap({ type: 'plane', normal: z, offset: 2, residual: 0 }, { type: 'plane', normal: [0, 0, -1], offset: -3.5, residual: 0 }, [1, 1, 2], [1, 1, 3.5])!;
    expect(g.distance).toBe(1.5);
    expect(g.pointA).toEqual([1, 1, 2]);
    expect(kindGap({ type: 'plane', normal: z, offset: 2, residual: 0 }, { type: 'plane', normal: z, offset: 3.5, residual: 0 }, [0, 0, 2], [0, 0, 3.5])).toBeNull();
    const tilted = [0, Math.sin(1e-3), -Math.cos(1e-3)] as [number, number, number];
    expect(kindGap({ type: 'plane', normal: z, offset: 0, residual: 0 }, { type: 'plane', normal: tilted, offset: -1, residual: 0 }, [0, 0, 0], [0, 0, 1])).toBeNull();
  });
  it('a shaft in a bore: R − r − e on the side the shaft is pushed to, and side-by-side cylinders', () => {
    const bore = { type: 'cylinder' as const, point: [0, 0, 0] as [number, number, number], axis: z, radius: 5.2, residual: 0 };
    const shaft = { type: 'cylinder' as const, point: [0.05, 0, 7] as [number, number, number], axis: z, radius: 5, residual: 0 };
    const g = kindGap(bore, shaft, [5.2, 0, 3], [5.05, 0, 3])!;
    expect(g.distance).toBeCloseTo(0.15, 14);
    expect(g.pointA).toEqual([5.2, 0, 3]);
    expect(g.pointB[0]).toBeCloseTo(5.05, 14);
    expect(kindGap(shaft, bore, [5.05, 0, 3], [5.2, 0, 3])!.distance).toBeCloseTo(0.15, 14);
    const beside = { ...shaft, point: [13, 0, 0] as [number, number, number], radius: 3 };
    expect(kindGap({ ...bore, radius: 5 }, beside, [5, 0, 0], [10, 0, 0])!.distance).toBeCloseTo(5, 14);
    expect(kindGap({ ...bore, radius: 5 }, { ...beside, point: [7, 0, 0] }, [5, 0, 0], [4, 0, 0])).toBeNull(); // they cross
  });
  it('sphere over a plane, a cylinder lying on one, two balls', () => {
    const floor = { type: 'plane' as const, normal: z, offset: 0, residual: 0 };
    expect(kindGap(floor, { type: 'sphere', center: [1, 2, 7], radius: 2, residual: 0 }, [1, 2, 0], [1, 2, 5])!.distance).toBe(5);
    expect(kindGap({ type: 'sphere', center: [1, 2, 7], radius: 2, residual: 0 }, floor, [1, 2, 5], [1, 2, 0])!.pointB).toEqual([1, 2, 0]);
    expect(kindGap(floor, { type: 'cylinder', point: [0, 0, 4], axis: [1, 0, 0], radius: 1, residual: 0 }, [0, 0, 0], [0, 0, 3])!.distance).toBe(3);
    expect(kindGap(floor, { type: 'cylinder', point: [0, 0, 4], axis: z, radius: 1, residual: 0 }, [0, 0, 0], [0, 0, 3])).toBeNull();
    expect(kindGap({ type: 'sphere', center: [0, 0, 0], radius: 1, residual: 0 }, { type: 'sphere', center: [3, 4, 0], radius: 2, residual: 0 }, [0, 0, 0], [0, 0, 0])!.distance).toBeCloseTo(2, 14);
  });
});

describe('distance and clearance on analytic parts', () => {
  it('two blocks 1.5 mm apart: 1.5 to 1e-9, facing faces, under a rotation of both', () => {
    const a = box('a', [0, 0, 0], [10, 10, 10]);
    const b = box('b', [11.5, 2, 2], [20, 8, 8]);
    const turn = pose([1 / Math.sqrt(14), 2 / Math.sqrt(14), 3 / Math.sqrt(14)], 0.7, [5, -3, 2]);
    for (const fitted of [false, true]) {
      const c = distance(a, turn, b, turn, { fitted }).closest!;
      expect(Math.abs(c.distance - 1.5)).toBeLessThan(1e-9);
      expect([c.surfaceA, c.surfaceB]).toEqual([1, 0]);
    }
  });

  it('a shaft in a hole with 0.2 mm radial gap: the facets say less, the fitted cylinders say 0.2', () => {
    const hole = blockWithHole('hole', 20, 5.2, 0, 10, 48);
    const shaft = cylinder('shaft', 5, -5, 15, 48);
    const chordal = distance(hole, IDENTITY, shaft, IDENTITY).closest!;
    // The facets of both stand inside their arcs by r(1 − cos(π/48)): 0.2 + the shaft's sag − the bore's.
    expect(chordal.distance).toBeCloseTo(0.2 * Math.cos(Math.PI / 48), 9);
    const fitted = distance(hole, IDENTITY, shaft, IDENTITY, { fitted: true }).closest!;
    expect(fitted.measuredOn).toBe('fitted');
    expect(Math.abs(fitted.distance - 0.2)).toBeLessThan(1e-9);
    expect([fitted.kindA, fitted.kindB]).toEqual(['cylinder', 'cylinder']);
  });

  it('a sphere over a plane: h − r on the fitted ball', () => {
    const plate = box('plate', [-10, -10, -1], [10, 10, 0]);
    const ball = sphere('ball', 2, [0, 0, 0], 16, 24);
    const c = distance(plate, IDENTITY, ball, pose([0, 0, 1], 0.3, [0.5, 0.25, 3.5]), { fitted: true }).closest!;
    expect(c.measuredOn).toBe('fitted');
    expect(Math.abs(c.distance - 1.5)).toBeLessThan(1e-9);
  });

  it('findClearances lists the pairs between the touching tolerance and --min, closest first', () => {
    const base = box('base', [0, 0, 0], [10, 10, 1]);
    const touching = box('touching', [0, 0, 1], [2, 2, 2]);
    const near = box('near', [4, 4, 1.5], [6, 6, 3]); // 0.5 above the base
    const far = box('far', [4, 4, 4], [6, 6, 5]); // 3 above the base, 1 above near
    const parts = [base, touching, near, far];
    parts.forEach((p, i) => Object.assign(p, { path: p.name, index: i }));
    const r = findClearances(assemblyOf(parts), { min: 2 });
    expect(r.clearances.map((c) => [c.partA, c.partB, +c.distance.toFixed(9)])).toEqual([['base', 'near', 0.5], ['far', 'near', 1]]);
    expect(findClearances(assemblyOf(parts), { min: 0.4 }).clearances).toEqual([]);
    expect(findClearances(assemblyOf(parts), { min: 5, pairFilter: (a, b) => a.name === 'base' || b.name === 'base' }).clearances.map((c) => c.partB)).toEqual(['near', 'far']);
  });

  it('--parts / --against sets: only the selected pairs are measured (and counted), the same answers as the full run restricted', () => {
    const parts = [
      box('base', [0, 0, 0], [10, 10, 1]),
      box('near', [4, 4, 1.5], [6, 6, 3]),
      box('far', [4, 4, 4], [6, 6, 5]),
      box('side', [10.7, 0, 0], [12, 3, 1]),
      box('post', [7, 7, 1.25], [8, 8, 4]),
    ];
    parts.forEach((p, i) => Object.assign(p, { path: p.name, index: i }));
    const asm = assemblyOf(parts);
    const full = findClearances(asm, { min: 3 });
    const names = parts.map((p) => p.name);
    fc.assert(
      fc.property(fc.subarray(names), fc.subarray(names), (chosen, against) => {
        fc.pre(chosen.length > 0 || against.length > 0);
        const select = selectParts(asm, chosen, against)!;
        const r = findClearances(asm, { min: 3, select });
        expect(r.clearances).toEqual(full.clearances.filter((c) => selectsPair(select, c.partA, c.partB)));
        expect(r.candidatePairs).toBeLessThanOrEqual(full.candidatePairs);
      }),
      { seed: 25, numRuns: 60 },
    );
    const one = findClearances(asm, { min: 3, select: selectParts(asm, ['base'], ['near', 'side'])! });
    expect(one.candidatePairs).toBe(2);
    expect(one.clearances.map((c) => [c.partA, c.partB, +c.distance.toFixed(9)])).toEqual([['base', 'near', 0.5], ['base', 'side', 0.7]]);
    // within one set: every pair of its parts, none with the others
    // (far and near are both √2 from post, corner to corner: a tie, in path order)
    expect(findClearances(asm, { min: 3, select: selectParts(asm, ['near', 'far', 'post'], [])! }).clearances.map((c) => [`${c.partA}-${c.partB}`, +c.distance.toFixed(9)])).toEqual([
      ['far-near', 1], ['far-post', +Math.SQRT2.toFixed(9)], ['near-post', +Math.SQRT2.toFixed(9)],
    ]);
  });

  it('bad input: min ≤ 0, NaN, infinite; tolerance at or above min', () => {
    const asm = assemblyOf([box('a', [0, 0, 0], [1, 1, 1])]);
    for (const min of [0, -1, NaN, Infinity]) expect(() => findClearances(asm, { min })).toThrow(/min must be a finite number > 0/);
    expect(() => findClearances(asm, { min: 1, tolerance: 1 })).toThrow(/tolerance must be a number ≥ 0 and below min/);
  });
});

describe('distance equals the brute-force triangle-pair minimum on sample part pairs under random poses', () => {
  it('rig', async () => {
    const asm = await loadAssembly(sample('rig.step'));
    checkAgainstOracle(asm.parts, smallPairs(asm.parts, 1e5), 11, 8);
  });
});

describeShared('distance equals brute force on shared part pairs under random poses', () => {
  it('as1 and dm1', async () => {
    for (const [file, seed] of [['as1-oc-214.stp', 21], ['dm1-id-214.stp', 22]] as const) {
      const asm = await loadAssembly(sharedStep(file));
      const pairs = smallPairs(asm.parts, 1e5);
      expect(pairs.length).toBeGreaterThan(0);
      checkAgainstOracle(asm.parts, pairs, seed, 5);
    }
  });
});
