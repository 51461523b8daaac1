/**
 * The ground-truth suite for one generated sample: every mate found with the right kind
 * and parameters and nothing else (precision and recall 100 %), at the default
 * tessellation and at two coarse ones. Each tessellation is loaded once (beforeAll).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAssembly, recognizeConstraints, type Assembly, type ConstraintReport, type LoadOptions } from '../../src/index.js';
import { sample } from '../helpers/shared.js';
import { compare, pathOf, readMates } from './groundTruth.js';

/**
 * On these small parts occt's default linear deflection (0.1 % of the part) is what limits
 * the triangle count, so `angularDeflection: 1.0` alone changes almost nothing (rig: 432 →
 * 424 plate triangles); the coarse case also sets a 1 mm linear deflection (rig: 2692 → 716
 * triangles in all).
 */
export const TESSELLATIONS: { label: string; options: LoadOptions }[] = [
  { label: 'default tessellation', options: {} },
  { label: 'coarse: angular 1.0, linear 1 mm', options: { angularDeflection: 1.0, linearDeflection: 1 } },
];

export interface Loaded {
  assembly: Assembly;
  report: ConstraintReport;
  /** Ground-truth part name → path. */
  path(name: string): string;
}

export function sampleSuite(name: string, more?: (get: () => Loaded, tessellation: string) => void): void {
  const mates = readMates(sample(`${name}.mates.json`));
  for (const { label, options } of TESSELLATIONS) {
    describe(`${name} (${label})`, () => {
      let loaded: Loaded;
      beforeAll(async () => {
        const assembly = await loadAssembly(sample(`${name}.step`), options);
        loaded = { assembly, report: recognizeConstraints(assembly), path: (n) => pathOf(assembly, n) };
      });

      it(`finds all ${mates.mates.length} ground-truth mates and nothing else (precision = recall = 100 %)`, () => {
        const result = compare(loaded.assembly, mates.mates, loaded.report);
        expect(result.missed, 'ground-truth mates not recognised').toEqual([]);
        expect(result.extra, 'constraints that are not in the ground truth').toEqual([]);
        expect(result.recall).toBe(1);
        expect(result.precision).toBe(1);
      });

      it('merges per part pair: no two constraints of one kind share a surface pair', () => {
        const seen = new Set<string>();
        for (const c of loaded.report.constraints.filter((k) => !k.derivedFrom)) {
          for (const a of c.surfacesA) {
            for (const b of c.surfacesB) {
              const key = `${c.kind}|${c.partA}|${a}|${c.partB}|${b}`;
              expect(seen.has(key), key).toBe(false);
              seen.add(key);
            }
          }
        }
      });

      more?.(() => loaded, label);
    });
  }
}

type V = [number, number, number];
const near = (a: V, b: V, eps = 1e-6): boolean => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) <= eps;
const parallel = (a: V, b: V): boolean => Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) >= 1 - 1e-9;

/** The freedom of part `name`: DOF, free translation directions, rotation axes (up to sign) and a point each axis passes near. */
export function expectPartFreedom(loaded: Loaded, name: string, dof: number, translations: V[], rotations: { axis: V; through?: V }[]): void {
  const f = loaded.report.freedom.parts.find((p) => p.part === loaded.path(name))!;
  expect(f, `freedom of ${name}`).toBeDefined();
  expect(f.dof, `${name}: ${JSON.stringify(f)}`).toBe(dof);
  expect(f.translations.length).toBe(translations.length);
  for (const t of translations) expect(f.translations.some((u) => parallel(u, t)), `${name} translates along ${t}: ${JSON.stringify(f.translations)}`).toBe(true);
  expect(f.rotations.length).toBe(rotations.length);
  for (const r of rotations) {
    const hit = f.rotations.find((q) => parallel(q.axis, r.axis));
    expect(hit, `${name} rotates about ${r.axis}: ${JSON.stringify(f.rotations)}`).toBeDefined();
    expect(hit!.pitch).toBe(0);
    if (r.through) {
      // the axis passes through the given point, up to free translations: adding a translation t
      // to a rotation ω moves its axis along ω × t, so the axis is only fixed across those directions
      let w: V = [r.through[0] - hit!.point[0], r.through[1] - hit!.point[1], r.through[2] - hit!.point[2]];
      for (const t of f.translations) {
        const a = hit!.axis;
        const d: V = [a[1] * t[2] - a[2] * t[1], a[2] * t[0] - a[0] * t[2], a[0] * t[1] - a[1] * t[0]];
        const l = Math.hypot(...d);
        if (l < 1e-9) continue;
        const s = (w[0] * d[0] + w[1] * d[1] + w[2] * d[2]) / (l * l);
        w = [w[0] - s * d[0], w[1] - s * d[1], w[2] - s * d[2]];
      }
      const t = w[0] * hit!.axis[0] + w[1] * hit!.axis[1] + w[2] * hit!.axis[2];
      expect(near(w, [t * hit!.axis[0], t * hit!.axis[1], t * hit!.axis[2]], 1e-4), `${name} axis through ${r.through}: ${JSON.stringify(hit)}`).toBe(true);
    }
  }
}
