// The algebraic sphere behind surface shells: its normal equations, summed in locals, must be
// the row-by-row outer products bit for bit (brute force below), and its centre the sphere's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPart } from '../../src/model/part.js';
import { algebraicSphere } from '../../src/model/shellFrames.js';
import { solveSymmetric } from '../../src/model/fit/linalg.js';
import type { Surface } from '../../src/model/types.js';

/** A patch of a sphere (centre c, radius r) as triangles with repeated vertices, one surface. */
function spherePatch(c: [number, number, number], r: number, rings: number, seg: number): Surface {
  const positions: number[] = [];
  const at = (i: number, j: number): number[] => {
    const th = 0.2 + (1.2 * i) / rings, ph = (2 * Math.PI * j) / seg;
    return [c[0] + r * Math.sin(th) * Math.cos(ph), c[1] + r * Math.sin(th) * Math.sin(ph), c[2] + r * Math.cos(th)];
  };
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < seg; j++) positions.push(...at(i, j), ...at(i + 1, j), ...at(i + 1, j + 1), ...at(i, j), ...at(i + 1, j + 1), ...at(i, j + 1));
  }
  return createPart({ name: 'patch', positions }).surfaces[0]!;
}

/** Brute force: Σ rowᵀ·row and Σ rowᵀ·w with row = (x, y, z, 1), w = −|p|², in a 4×4 array. */
function bruteCentre(surface: Surface): number[] {
  const { positions, indices } = surface.part;
  const b = surface.bounds;
  const o = [(b[0]! + b[3]!) / 2, (b[1]! + b[4]!) / 2, (b[2]! + b[5]!) / 2];
  const a = new Float64Array(16), rhs = new Float64Array(4);
  for (let i = 3 * surface.firstTriangle; i < 3 * (surface.firstTriangle + surface.triangleCount); i++) {
    const v = 3 * indices[i]!;
    const row = [positions[v]! - o[0]!, positions[v + 1]! - o[1]!, positions[v + 2]! - o[2]!, 1];
    const w = -(row[0]! ** 2 + row[1]! ** 2 + row[2]! ** 2);
    for (let r = 0; r < 4; r++) {
      rhs[r] += row[r]! * w;
      for (let k = 0; k < 4; k++) a[4 * r + k] += row[r]! * row[k]!;
    }
  }
  const s = solveSymmetric(a, rhs, 4, 1e-14);
  return [o[0]! - s[0]! / 2, o[1]! - s[1]! / 2, o[2]! - s[2]! / 2];
}

describe('algebraicSphere', () => {
  it('is the outer-product normal equations bit for bit, and the centre of the sphere (property)', () => {
    const coord = fc.double({ min: -500, max: 500, noNaN: true });
    fc.assert(
      fc.property(fc.tuple(coord, coord, coord), fc.double({ min: 0.5, max: 200, noNaN: true }), fc.integer({ min: 2, max: 8 }), fc.integer({ min: 3, max: 12 }), (c, r, rings, seg) => {
        const surface = spherePatch(c, r, rings, seg);
        const frame = algebraicSphere(surface);
        expect(frame?.type).toBe('sphere');
        const centre = frame!.type === 'sphere' ? frame!.center : [NaN, NaN, NaN];
        expect(centre).toEqual(bruteCentre(surface));
        for (let k = 0; k < 3; k++) expect(Math.abs(centre[k]! - c[k]!)).toBeLessThan(1e-6 * (r + Math.abs(c[k]!)));
      }),
      { numRuns: 200 },
    );
  });
});
