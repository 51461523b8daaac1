// Cross-free surface pairs (crossFree.ts): in classify mode a touching pair of a flat A surface
// and a B surface lying on its plane is settled at its first hit. The proof must hold for every
// triangle pair: flat and near-flat (lifted by ulps … 1e-9) patches in any frame, 2^-20 … 1e4,
// B triangles on, lifted off or crossing the plane, moved in the plane; collide must still
// classify exactly as the oracle does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collide } from '../../src/index.js';
import { crossFree } from '../../src/collide/crossFree.js';
import { measureFlat, measureFlatMoved, MovedSurfaceScratch } from '../../src/collide/surfaceSlab.js';
import { loadTransformedTriangle, loadTriangle } from '../../src/traverse/triangles.js';
import { trianglesCross } from '../../src/math/triangleCross.js';
import { expectSameAsOracle } from '../helpers/oracle.js';
import { rotate } from '../math/oracle/arbitraries.js';
import { flatPatch, frame, LIFTS, nearTriangle as nearTriangleOf, partOf, place, type Frame } from './fixtures/flatPatches.js';

const HEIGHTS = [0, 0, 0, 2 ** -52, -(2 ** -52), 1e-13, -1e-12, 1e-9, -1e-6, 0.05, -0.05, 1];
const nearTriangle = nearTriangleOf(HEIGHTS);
/** Mostly triangles on the plane (what a mating face is), sometimes one off it. */
const bSurface = fc.array(fc.oneof({ weight: 3, arbitrary: nearTriangle.map((t) => [t[0]!, t[1]!, 0, t[3]!, t[4]!, 0, t[6]!, t[7]!, 0]) }, { weight: 1, arbitrary: nearTriangle }), { minLength: 1, maxLength: 8 });

/** Row-major 3×4 translation by the frame's in-plane direction (1, ½, 0)·shift. */
function inPlaneShift(f: Frame, shift: number): Float64Array {
  const d = rotate(Float64Array.from([shift, shift / 2, 0]), f.quat, f.scale, [0, 0, 0]);
  return Float64Array.from([1, 0, 0, d[0]!, 0, 1, 0, d[1]!, 0, 0, 1, d[2]!]);
}

/**
 * crossFree(…) with `margin`, and whether some triangle pair nevertheless crosses. The flat
 * patch is A's (B's surface moved onto it), or with `flatB` B's, measured moved, against A's.
 */
function verdict(f: Frame, lifts: readonly number[], qs: number[][], shift: number, margin: number, flatB = false): { free: boolean; crosses: boolean } {
  const patch = flatPatch(f, lifts), other = qs.map((t) => place(t, f));
  const a = partOf('a', [flatB ? other : patch]);
  const b = partOf('b', [flatB ? patch : other]);
  const m = inPlaneShift(f, shift);
  const flat = flatB ? measureFlatMoved(b.surfaces[0]!, m, new MovedSurfaceScratch()) : measureFlat(a.surfaces[0]!);
  if (flat === null) return { free: false, crosses: false };
  const free = flatB ? crossFree(flat, a, a.surfaces[0]!, null, margin) : crossFree(flat, b, b.surfaces[0]!, m, margin);
  let crosses = false;
  const p = new Float64Array(9), q = new Float64Array(9);
  for (let i = 0; i < a.indices.length / 3 && !crosses; i++) {
    loadTriangle(a, i, p);
    for (let j = 0; j < b.indices.length / 3 && !crosses; j++) {
      loadTransformedTriangle(b, j, m, q);
      crosses = trianglesCross(p, q);
    }
  }
  return { free, crosses };
}

const lifts = fc.oneof(fc.constant([0]), fc.array(fc.constantFrom(...LIFTS), { minLength: 1, maxLength: 5 }));
const shift = fc.constantFrom(0, 0.5, 1.25);

describe('cross-free surface pairs (crossFree.ts)', () => {
  it('never settles a surface pair with a crossing triangle pair: on, beside, lifted, crossing; A or B flat; any frame, 2^-20 … 1e4', () => {
    let fired = 0;
    fc.assert(
      fc.property(frame, lifts, bSurface, shift, fc.boolean(), (f, l, qs, s, flatB) => {
        const { free, crosses } = verdict(f, l, qs, s, 1, flatB);
        if (free) fired++;
        return !(free && crosses);
      }),
      { numRuns: 300 },
    );
    expect(fired, 'the proof does fire').toBeGreaterThan(40);
  });

  it('fails with its budget raised 1e7-fold (the property has teeth)', () => {
    const run = fc.check(
      fc.property(frame, lifts, bSurface, shift, fc.boolean(), (f, l, qs, s, flatB) => {
        const { free, crosses } = verdict(f, l, qs, s, 1e7, flatB);
        return !(free && crosses);
      }),
      { numRuns: 300, seed: 20261123 },
    );
    expect(run.failed).toBe(true);
  });

  it('coplanar and one-sided surfaces are settled, a crossing one is not', () => {
    const f = { quat: [Math.cos(0.3), Math.sin(0.3), 0, 0], scale: 1, offset: [0, 0, 0] };
    for (const flatB of [false, true]) {
      expect(verdict(f, [0], [[0, 0, 0, 2, 0, 0, 0, 2, 0]], 0.5, 1, flatB).free).toBe(true);
      expect(verdict(f, [0], [[0, 0, 0, 2, 0, 1, 0, 2, 0], [0, 0, 0, 2, 0, 0, 0, 0, 1]], 0.5, 1, flatB).free, 'standing on it').toBe(true);
      expect(verdict(f, [0], [[0, 0, 0, 2, 0, 1e-6, 0, 2, -1e-6]], 0.5, 1, flatB).free, 'on both sides').toBe(false);
      expect(verdict(f, [0], [[0, 0, -0.05, 2, 0, 0.05, 0, 2, 0]], 0.5, 1, flatB)).toEqual({ free: false, crosses: true });
    }
  });

  it('collide classifies as the oracle does with coplanar faces (and settles them)', () => {
    let settledPairs = 0;
    fc.assert(
      fc.property(frame, lifts, bSurface, fc.constantFrom(0, 0.5), (f, l, qs, s) => {
        const a = partOf('a', [flatPatch(f, l), flatPatch(f, [0], 3)]);
        const b = partOf('b', [flatPatch(f, [0], 1), qs.map((t) => place(t, f))]);
        const d = rotate(Float64Array.from([s, 0, 0]), f.quat, f.scale, [0, 0, 0]);
        const poseB = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, d[0]!, d[1]!, d[2]!, 1];
        const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
        const poseA = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -d[0]!, -d[1]!, -d[2]!, 1];
        expectSameAsOracle(a, identity, b, poseB, 0);
        // Roles swapped: B's flat faces against A's near-plane triangles.
        expectSameAsOracle(b, identity, a, poseA, 0);
        settledPairs += collide(a, identity, b, poseB, { classify: true }).stats.crossFreePairs ?? 0;
        settledPairs += collide(b, identity, a, poseA, { classify: true }).stats.crossFreePairs ?? 0;
      }),
      { numRuns: 25 },
    );
    expect(settledPairs, 'collide settles coplanar pairs').toBeGreaterThan(10);
  });
});
