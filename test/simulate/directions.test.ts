import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidateDirections, explicitDirections, sphereDirections } from '../../src/simulate/directions.js';
import { boxOverlapInterval } from '../../src/simulate/clearance.js';
import type { Constraint } from '../../src/constraints/types.js';

const norm = (v: readonly number[]): number => Math.hypot(v[0]!, v[1]!, v[2]!);

describe('candidate directions', () => {
  it('26 is the cube lattice: 6 faces, then 12 edges (the 45° diagonals), then 8 corners', () => {
    const d = sphereDirections(26);
    expect(d).toHaveLength(26);
    for (const v of d) expect(norm(v)).toBeCloseTo(1, 14);
    expect(d.slice(0, 6).every((v) => v.filter((x) => x !== 0).length === 1)).toBe(true);
    expect(d.slice(6, 18).every((v) => v.filter((x) => x !== 0).length === 2)).toBe(true);
    expect(d.some((v) => Math.abs(v[0] - Math.SQRT1_2) < 1e-15 && v[1] === 0 && Math.abs(v[2] - Math.SQRT1_2) < 1e-15)).toBe(true);
    expect(new Set(d.map((v) => v.join())).size).toBe(26);
  });

  it('other counts are an even (Fibonacci) sample: unit, distinct, and every direction within a cap of one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 400 }), (n) => {
        const d = sphereDirections(n);
        expect(d).toHaveLength(n);
        for (const v of d) expect(norm(v)).toBeCloseTo(1, 12);
        // covering radius of an even sample of n points ~ 2/sqrt(n) radians
        const probe: [number, number, number] = [0.3, -0.5, 0.81];
        const l = norm(probe);
        const best = Math.max(...d.map((v) => (v[0] * probe[0] + v[1] * probe[1] + v[2] * probe[2]) / l));
        expect(Math.acos(Math.min(1, best))).toBeLessThan(4 / Math.sqrt(n));
      }),
      { numRuns: 30 },
    );
  });

  it('constraint directions come first (coaxial both ways, against away from the face), then ±x ±y ±z, then the sphere, without duplicates', () => {
    const c = (kind: string, partA: string, partB: string, params: Record<string, unknown>): Constraint => ({ id: 0, kind, partA, partB, surfacesA: [1], surfacesB: [2], params, residual: 0, rule: kind, plugin: 'test' });
    const list = candidateDirections(
      [c('coaxial', 'plate', 'bolt', { axis: [0, 0, 2], fit: false }), c('against', 'plate', 'bolt', { normal: [0, 0, 1] }), c('against', 'bolt', 'nut', { normal: [1, 0, 0] })],
      new Set(['bolt']),
      26,
    );
    expect(list[0]).toEqual({ direction: [0, 0, 1], source: 'coaxial with plate' });
    expect(list[1]).toEqual({ direction: [0, 0, -1], source: 'coaxial with plate' });
    // the bolt is partA of bolt/nut: it leaves against that normal
    expect(list[2]).toEqual({ direction: [-1, 0, 0], source: 'away from nut' });
    expect(list.filter((d) => d.source.startsWith('sphere'))).toHaveLength(20); // the 6 face directions are already in
    expect(list).toHaveLength(3 + 3 + 20); // +x, +y, -y left of the axes; 20 edge/corner samples
  });

  it('rejects a zero, infinite or malformed direction with INVALID_OPTION naming it', () => {
    expect(() => explicitDirections([[0, 0, 0]])).toThrow(/directions\[0\].*non-zero finite/);
    expect(() => explicitDirections([[1, 2]])).toThrow(/directions\[0\]: expected \[x, y, z\]/);
    expect(() => sphereDirections(-1)).toThrow(/directions: -1/);
    expect(() => sphereDirections(2.5)).toThrow(/integer/);
  });
});

describe('box clearance along a direction', () => {
  it('matches dense sampling of the moved box (property)', () => {
    // quarter-millimetre grid: touching and flat boxes come up often, and sampling at 0.05 is exact enough
    const c = fc.integer({ min: -20, max: 20 }).map((i) => i / 4);
    const e = fc.integer({ min: 0, max: 12 }).map((i) => i / 4);
    const box = fc.tuple(c, c, c, e, e, e).map(([x, y, z, w, h, d]) => new Float64Array([x, y, z, x + w, y + h, z + d]));
    const dir = fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 })).filter((v) => v.some((x) => x !== 0)).map((v) => {
      const l = Math.hypot(...v);
      return [v[0] / l, v[1] / l, v[2] / l] as [number, number, number];
    });
    fc.assert(
      fc.property(box, box, dir, (a, b, d) => {
        const span = boxOverlapInterval(a, b, d);
        const overlapsAt = (t: number): boolean => [0, 1, 2].every((k) => a[k]! + t * d[k]! <= b[k + 3]! + 1e-9 && a[k + 3]! + t * d[k]! >= b[k]! - 1e-9);
        for (let t = 0; t <= 30; t += 0.05) {
          const inside = span !== null && t >= span[0] - 1e-9 && t <= span[1] + 1e-9;
          if (overlapsAt(t) && !inside) return false;
          if (span && t >= span[0] + 1e-6 && t <= span[1] - 1e-6 && !overlapsAt(t)) return false;
        }
        return true;
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });
});
