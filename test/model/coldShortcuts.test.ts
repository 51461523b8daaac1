// Shortcuts that let a cold query measure less without changing any answer:
// - slabs: a surface whose normals turn (turns) is measured null without records, and one in a
//   coordinate plane (inCoordinatePlane) gets no slab from surfaceSlab without a measurement;
// - shells: when the sphere shell's floor (sphereFloor) rules a thin sphere out and the
//   cylinder shell is thinner, the sphere shell is not measured.
// Each is checked against brute force: every normal against the measured plane, the full
// measurement, and both shells measured with the selection rule written out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPart } from '../../src/model/part.js';
import { algebraicSphere, normalScatterCylinder } from '../../src/model/shellFrames.js';
import { MIN_SHELL_TRIANGLES, shellAround, sphereFloor, surfaceShell, type SurfaceShell } from '../../src/model/surfaceShell.js';
import { derivedOf } from '../../src/model/derived.js';
import { flatSurface, inCoordinatePlane, knownSurfaceSlab, measureFlat, slabsOf, surfaceSlab, turns } from '../../src/model/surfaceSlab.js';
import type { Surface } from '../../src/model/types.js';
import { rotate, unitQuaternion } from '../math/oracle/arbitraries.js';

/** One surface from triangles (9 numbers each). */
function surfaceOf(triangles: number[][]): Surface {
  return createPart({ name: 'patch', positions: triangles.flat() }).surfaces[0]!;
}

/** A grid patch z = bend·(x² + y²) + tilt·x of n × n cells, moved by quat / scale / offset. */
function patch(n: number, bend: number, tilt: number, quat: number[], scale: number, offset: number[], lift = 0): number[][] {
  const z = (i: number, j: number): number => bend * (i * i + j * j) + tilt * i + ((i * 7 + j * 3) % 5 === 0 ? lift : 0);
  const tris: number[][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const p = (a: number, b: number): number[] => [a, b, z(a, b)];
      tris.push([...p(i, j), ...p(i + 1, j), ...p(i + 1, j + 1)], [...p(i, j), ...p(i + 1, j + 1), ...p(i, j + 1)]);
    }
  }
  return tris.map((t) => Array.from(rotate(Float64Array.from(t), quat, scale, offset)));
}

/** Brute force of what `turns` promises: with u the measured reference normal, some normal is off by more than the slab's limit, or behind u. */
function someNormalTooFar(s: Surface): boolean {
  const { positions: P, indices: I } = s.part;
  let sx = 0, sy = 0, sz = 0;
  const normals: number[][] = [];
  for (let t = 0; t < s.triangleCount; t++) {
    const [i, j, k] = [3 * I[3 * t]!, 3 * I[3 * t + 1]!, 3 * I[3 * t + 2]!];
    const a = [P[j]! - P[i]!, P[j + 1]! - P[i + 1]!, P[j + 2]! - P[i + 2]!], b = [P[k]! - P[i]!, P[k + 1]! - P[i + 1]!, P[k + 2]! - P[i + 2]!];
    const n = [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
    normals.push(n);
    sx += n[0]!; sy += n[1]!; sz += n[2]!;
  }
  const len = Math.hypot(sx, sy, sz);
  if (!(len > 0)) return true;
  const u = [sx / len, sy / len, sz / len];
  return normals.some((n) => {
    const l = Math.hypot(n[0]!, n[1]!, n[2]!);
    if (!(l > 0)) return false;
    const dot = (n[0]! * u[0]! + n[1]! * u[1]! + n[2]! * u[2]!) / l;
    return dot <= 0 || Math.sqrt(Math.max(0, 1 - dot * dot)) > 1e-4;
  });
}

const frame = fc.record({ quat: unitQuaternion, scale: fc.constantFrom(1, 1e-3, 1e3), offset: fc.constantFrom<number[]>([0, 0, 0], [5, -3, 1e3], [1e-3, 0, 2]) });
const bend = fc.constantFrom(0, 0, 1e-12, 1e-9, 1e-7, 1e-6, 1e-5, 3e-5, 1e-4, 1e-3, 0.05);

describe('slab shortcuts', () => {
  it('turns: only when some normal is too far from the measured plane, and then the measurement is null (property)', () => {
    fc.assert(
      fc.property(frame, bend, fc.constantFrom(0, 0.3), fc.constantFrom(0, 1e-9, 1e-5), fc.integer({ min: 1, max: 4 }), ({ quat, scale, offset }, b, tilt, lift, n) => {
        const s = surfaceOf(patch(n, b, tilt, quat, scale, offset, lift));
        const first = s.firstTriangle;
        if (turns(s.part.positions, s.part.indices, first, first + s.triangleCount)) {
          expect(someNormalTooFar(s)).toBe(true);
          expect(measureFlat(s)).toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('turns: a folded surface (two planes) and a reversed triangle turn; a plane does not', () => {
    const flat = [[0, 0, 0, 1, 0, 0, 1, 1, 0], [0, 0, 0, 1, 1, 0, 0, 1, 0]];
    const folded = [...flat, [1, 0, 0, 2, 0, 0.01, 2, 1, 0.01]];
    const reversed = [...flat, [0, 0, 0, 0, 1, 0, 1, 1, 0]];
    const run = (tris: number[][]): boolean => {
      const s = surfaceOf(tris);
      return turns(s.part.positions, s.part.indices, 0, s.triangleCount);
    };
    expect(run(flat)).toBe(false);
    expect(run(folded)).toBe(true);
    expect(run(reversed)).toBe(true);
  });

  it('inCoordinatePlane: the measurement is null or axis-parallel, and surfaceSlab null without measuring (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })), { minLength: 12, maxLength: 30 }), fc.nat(2), fc.constantFrom(0, -2.5, 1e6), (uv, axis, level) => {
        const point = ([u, v]: [number, number]): number[] => (axis === 0 ? [level, u, v] : axis === 1 ? [u, level, v] : [u, v, level]);
        const tris: number[][] = [];
        for (let k = 0; k + 2 < uv.length; k += 3) tris.push([...point(uv[k]!), ...point(uv[k + 1]!), ...point(uv[k + 2]!)]);
        const s = surfaceOf(tris);
        expect(inCoordinatePlane(s)).toBe(true);
        const measured = measureFlat(s);
        expect(measured === null || measured.axisParallel).toBe(true);
        const slabs = slabsOf(s.part);
        expect(surfaceSlab(slabs, s)).toBeNull();
        // Not measured: unknown to the cache and to knownSurfaceSlab; a later flatSurface measures it.
        expect(knownSurfaceSlab(s)).toBeUndefined();
        expect(Array.from(derivedOf(s.part).encoded(s.part)['surface-slabs'] as Float64Array).every((v) => v === 0)).toBe(true);
        expect(derivedOf(s.part).changed).toBe(false);
        expect(surfaceSlab(slabs, s)).toBeNull();
        expect(flatSurface(slabs, s)).toEqual(measured);
        expect(knownSurfaceSlab(s)).toEqual(measured);
        expect(surfaceSlab(slabs, s)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('inCoordinatePlane is false for a tilted plane, whose slab surfaceSlab measures', () => {
    const s = surfaceOf(patch(3, 0, 0.3, [1, 0, 0, 0], 1, [0, 0, 0]));
    expect(inCoordinatePlane(s)).toBe(false);
    const slabs = slabsOf(s.part);
    expect(surfaceSlab(slabs, s)).not.toBeNull();
    expect(knownSurfaceSlab(s)).toEqual(measureFlat(s));
  });
});

/** A band of a cylinder (axis, radius), or a sphere zone, with n × m quads, moved by the frame; `wobble` moves vertices off the surface. */
function curved(kind: 'cylinder' | 'sphere' | 'cone', n: number, m: number, r: number, wobble: number, quat: number[], scale: number, offset: number[]): number[][] {
  const at = (i: number, j: number): number[] => {
    const phi = (2 * Math.PI * j) / m, w = 1 + wobble * Math.sin(7 * i + 3 * j);
    if (kind === 'sphere') {
      const th = 0.3 + (1.5 * i) / n;
      return [r * w * Math.sin(th) * Math.cos(phi), r * w * Math.sin(th) * Math.sin(phi), r * w * Math.cos(th)];
    }
    const rr = kind === 'cone' ? r * (1 + i / n) : r;
    return [rr * w * Math.cos(phi), rr * w * Math.sin(phi), (2 * r * i) / n];
  };
  const tris: number[][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) tris.push([...at(i, j), ...at(i + 1, j), ...at(i + 1, j + 1)], [...at(i, j), ...at(i + 1, j + 1), ...at(i, j + 1)]);
  }
  return tris.map((t) => Array.from(rotate(Float64Array.from(t), quat, scale, offset)));
}

/** The selection rule written out: sphere shell; alone when thin; else the thinner of both (sphere on ties). */
function bothShells(s: Surface): SurfaceShell | null {
  const sf = algebraicSphere(s);
  const sphere = sf && shellAround(s, sf);
  if (sphere !== null && sphere.rMax - sphere.rMin < 0.01 * sphere.rMax) return sphere;
  const cf = normalScatterCylinder(s);
  const cylinder = cf && shellAround(s, cf);
  return cylinder !== null && (sphere === null || cylinder.rMax - cylinder.rMin < sphere.rMax - sphere.rMin) ? cylinder : sphere;
}

describe('shell shortcut', () => {
  it('surfaceShell is the rule with both shells measured, and the floor is under the sphere shell (property)', () => {
    let floorWon = 0;
    fc.assert(
      fc.property(
        fc.constantFrom<'cylinder' | 'sphere' | 'cone'>('cylinder', 'sphere', 'cone'),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 8, max: 24 }),
        fc.constantFrom(0, 1e-9, 1e-3, 0.05),
        frame,
        (kind, n, m, wobble, { quat, scale, offset }) => {
          const s = surfaceOf(curved(kind, n, m, 2, wobble, quat, scale, offset));
          fc.pre(s.triangleCount >= MIN_SHELL_TRIANGLES);
          const expected = bothShells(s);
          expect(surfaceShell(s)).toEqual(expected);
          const sf = algebraicSphere(s);
          const floor = sf && sphereFloor(s, sf);
          const sphere = sf && shellAround(s, sf);
          if (floor !== null && sphere !== null) {
            expect(floor.rMax).toBe(sphere.rMax);
            expect(floor.thickness).toBeLessThanOrEqual(sphere.rMax - sphere.rMin);
            if (expected?.cylinder && expected.rMax - expected.rMin < floor.thickness) floorWon++;
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(floorWon).toBeGreaterThan(0); // the shortcut is taken on some cylinders
  });
});
