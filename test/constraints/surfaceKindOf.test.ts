import { describe, expect, it } from 'vitest';
import { defaultFitTolerance, surfaceAngleTolerance, surfaceKindOf } from '../../src/index.js';
import { fitSurface } from '../../src/model/fit/fitSurface.js';
import { band, part } from './meshes.js';

describe('surfaceKindOf', () => {
  it('fits once and caches on surface.kind; another tolerance refits', () => {
    const p = part('pin', [band(4, 0, 10)]);
    const s = p.surfaces[0]!;
    expect(s.kind).toBeUndefined();
    const k = surfaceKindOf(s);
    expect(k).toMatchObject({ type: 'cylinder', radius: expect.closeTo(4, 9) });
    expect(s.kind).toBe(k);
    expect(surfaceKindOf(s)).toBe(k);
    const other = surfaceKindOf(s, 1e-3);
    expect(other).not.toBe(k);
    expect(other.type).toBe('cylinder');
  });

  it('the default tolerance is 5 % of the part deflection (occt vertices lie on the exact surface)', () => {
    const p = part('pin', [band(4, 0, 10)]);
    const diagonal = Math.hypot(8, 8, 10);
    expect(defaultFitTolerance(p)).toBeCloseTo(0.05 * 1e-3 * diagonal, 12); // no deflection known: 0.1 % of the diagonal
  });

  it('boundary normals off by half a facet angle (as occt gives them) still fit, where the fit default of 3° would not', () => {
    // a half-cylinder in 4 facets of 45°; the two boundary generatrices carry facet-averaged normals, 22.5° off
    const half = band(4, 0, 10, { a0: 0, a1: Math.PI, n: 4 });
    const tilt = Math.PI / 8;
    for (const [i, a] of [[0, tilt], [1, tilt], [8, Math.PI - tilt], [9, Math.PI - tilt]] as const) {
      half.normals[3 * i] = Math.cos(a);
      half.normals[3 * i + 1] = Math.sin(a);
    }
    const p = part('half', [half]);
    const s = p.surfaces[0]!;
    const plain = fitSurface({ positions: p.positions, normals: p.normals, indices: p.indices, firstTriangle: 0, triangleCount: s.triangleCount, tolerance: defaultFitTolerance(p) });
    expect(plain.type).not.toBe('cylinder');
    expect(surfaceAngleTolerance(s)).toBeGreaterThan(tilt);
    expect(surfaceKindOf(s).type).toBe('cylinder');
  });
});
