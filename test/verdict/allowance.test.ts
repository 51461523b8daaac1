import { describe, expect, it } from 'vitest';
import { coordinateNoise, judgeSurfacePair, partFromMesh, surfacePairAllowance, surfacePairInterferes, surfaceSag, SurfcdError } from '../../src/index.js';
import { effectiveSag } from '../../src/model/tessellationError.js';
import { box, bumpyBlock, shaft, washer } from './solidFixtures.js';

describe('tessellation error, measured on the mesh', () => {
  it('a freeform face with exact normals (as occt gives them): the sag read off them bounds the true chordal error and stays near it', () => {
    const bumpy = partFromMesh(bumpyBlock('bumpy', 12, true));
    const top = bumpy.surfaces[0]!;
    // brute force: the exact surface against the facets, at every edge midpoint
    const h = (x: number, y: number): number => 10 + 2 * Math.sin((Math.PI * x) / 20) * Math.sin((Math.PI * y) / 20);
    const { positions: p, indices } = bumpy;
    let truth = 0;
    for (let t = top.firstTriangle; t < top.firstTriangle + top.triangleCount; t++) {
      for (let k = 0; k < 3; k++) {
        const i = 3 * indices[3 * t + k]!, j = 3 * indices[3 * t + ((k + 1) % 3)]!;
        const mx = (p[i]! + p[j]!) / 2, my = (p[i + 1]! + p[j + 1]!) / 2, mz = (p[i + 2]! + p[j + 2]!) / 2;
        truth = Math.max(truth, Math.abs(h(mx, my) - mz));
      }
    }
    const sag = surfaceSag(top);
    expect(sag).toBeGreaterThanOrEqual(truth * 0.9);
    expect(sag).toBeLessThan(truth * 3);
  });

  it('a plane carries the sag of the curved faces around it; a plane among planes carries none', () => {
    const plate = partFromMesh(washer('plate', 5, 20, 0, 10, 12));
    const outer = 20 * (1 - Math.cos(Math.PI / 12));
    // top face: the outer rim is the larger sag (read off facet normals here, so within 2 %)
    expect(Math.abs(effectiveSag(plate.surfaces[3]!) - outer)).toBeLessThan(0.02 * outer);
    const cube = partFromMesh(box('cube', [0, 0, 0], [1, 1, 1]));
    expect(effectiveSag(cube.surfaces[0]!)).toBe(0);
    expect(surfacePairAllowance(cube.surfaces[0]!, undefined, cube.surfaces[1]!, undefined)).toBe(coordinateNoise(1));
  });
});

describe('the surface-pair API validates its input', () => {
  const bolt = partFromMesh(shaft('bolt', 5, 0, 10, 12));
  it('bad surfaces, tolerances and poses are SurfcdErrors naming what was wrong', () => {
    expect(() => surfacePairAllowance({} as never, undefined, bolt.surfaces[0]!, undefined)).toThrowError(/surfaceA is not a Surface/);
    expect(() => judgeSurfacePair(bolt.surfaces[0]!, undefined, bolt.surfaces[1]!, undefined, { tolerance: -1 })).toThrowError(SurfcdError);
    expect(() => surfacePairInterferes(bolt.surfaces[0]!, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1], bolt.surfaces[1]!, undefined)).toThrowError(/pose of part "bolt": not a rigid motion/);
  });
  it('apart surfaces are apart, and do not interfere', () => {
    const far = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 100, 0, 0, 1];
    const judged = judgeSurfacePair(bolt.surfaces[0]!, undefined, bolt.surfaces[0]!, far);
    expect([judged.relation, judged.verdict]).toEqual(['apart', 'contact']);
  });
});
