/** The gear rule on hand-made toothed parts: radial fins periodic about an axis stand in for teeth. */
import { describe, expect, it } from 'vitest';
import { recognizeConstraints } from '../../src/index.js';
import { assemblyOf, band, part, type Patch } from './meshes.js';

/** `teeth` radial fins from the root to the tip radius of module m (tip = m(z+2)/2), fin 0 at angle `phase`, centre (cx, 0), z 0..8. */
function finned(name: string, teeth: number, m: number, cx: number, phase: number): ReturnType<typeof part> {
  const ra = (m * (teeth + 2)) / 2, rf = (m * teeth) / 2 - 1.25 * m;
  const patches: Patch[] = [];
  for (let k = 0; k < teeth; k++) {
    const a = phase + (2 * Math.PI * k) / teeth;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    const p = (r: number, z: number): number[] => [cx + r * c, r * s, z];
    const normal = [-s, c, 0];
    patches.push({ positions: [...p(rf, 0), ...p(ra, 0), ...p(ra, 8), ...p(rf, 8)], normals: [...normal, ...normal, ...normal, ...normal], indices: [0, 1, 2, 0, 2, 3] });
  }
  patches.push(band(3, 0, 8, { cx }));
  return part(name, patches);
}

describe('gear rule', () => {
  const a = finned('gear-a', 12, 3, 0, 0);

  it('pitch circles tangent (centres m(zA + zB)/2 apart): a gear pair 12:20 with its coupling', () => {
    const report = recognizeConstraints(assemblyOf([a, finned('gear-b', 20, 3, 48, Math.PI + Math.PI / 20)]));
    const gears = report.constraints.filter((c) => c.kind === 'gear');
    expect(gears).toHaveLength(1);
    expect(gears[0]!.params).toMatchObject({ teethA: 12, teethB: 20, module: 3, centerDistance: 48, contact: false, axis: [0, 0, 1] });
    expect(gears[0]!.params['ratio']).toBeCloseTo(20 / 12, 9);
    expect(gears[0]!.params['pitchPoint']).toEqual([18, 0, 4]);
    const pair = report.freedom.pairs.find((p) => p.constraints.includes(gears[0]!.id))!;
    expect(pair.dof).toBe(5);
  });

  it('no gear when the centres are off the pitch circles, the modules differ, or the parts are hexes', () => {
    const kinds = (parts: ReturnType<typeof part>[]): string[] => recognizeConstraints(assemblyOf(parts)).constraints.map((c) => c.kind);
    expect(kinds([a, finned('gear-b', 20, 3, 50, Math.PI + Math.PI / 20)])).not.toContain('gear');
    expect(kinds([a, finned('gear-b', 16, 3.75, 48, Math.PI + Math.PI / 16)])).not.toContain('gear');
    expect(kinds([finned('hex-a', 6, 3, 0, 0), finned('hex-b', 6, 3, 18, Math.PI + Math.PI / 6)])).not.toContain('gear');
  });
});
