/**
 * The contact/interference verdict and the penetration depth on solids built with known
 * answers (see solidFixtures.ts): noise and edges are contact with depth 0, fitted
 * bolts at any scale and tessellation are contact, and every real overlap is reported
 * with the depth the construction says.
 */
import { describe, expect, it } from 'vitest';
import { coordinateNoise, findContacts, judgeSurfacePair, recognizeConstraints, partFromMesh, surfaceKindOf, surfacePairAllowance, surfaceSag, type Assembly, type MeshInput, type Part } from '../../src/index.js';
import { box, bumpyBlock, place, shaft, slot, washer } from './solidFixtures.js';

function assembly(...meshes: MeshInput[]): Assembly {
  const parts: Part[] = meshes.map((m) => partFromMesh(m));
  return { name: 'fixture', units: 'mm', root: { name: '', path: '', children: [], parts: parts.map((_, i) => i) }, parts };
}
const interferences = (asm: Assembly) => findContacts(asm).pairs.filter((p) => p.verdict === 'interference');
const FAR: [number, number, number] = [1000.1, -2000.3, 500.7];

describe('noise and edges are contact with depth 0', () => {
  // Turned and float32-rounded far from the origin: coplanar faces cross each other by rounding.
  const noisy = (m: MeshInput): MeshInput => place(m, { turn: [0.7, 0.3], offset: FAR, float32: true });

  it('coplanar faces of boxes side by side, turned and float32-rounded far from the origin', () => {
    const asm = assembly(noisy(box('left', [0, 0, 0], [10, 10, 10])), noisy(box('right', [10, 0, 0], [20, 10, 10])), noisy(box('lid', [5, 0, 10], [15, 10, 12])));
    const report = findContacts(asm);
    expect(report.pairs.length).toBe(3);
    expect(report.contacts.filter((c) => c.relation === 'intersecting').length).toBeGreaterThan(0); // the noise is there
    expect(report.contacts.every((c) => c.verdict === 'contact' && c.depth === 0)).toBe(true);
  });

  it('a tab in a slot, touching the walls and floor and meeting the slot faces only along edges', () => {
    const asm = assembly(noisy(slot('slot')), noisy(box('tab', [10, 5, 0], [20, 25, 10])));
    const report = findContacts(asm);
    expect(report.pairs).toHaveLength(1);
    expect(report.contacts.some((c) => c.kind === 'edge')).toBe(true); // crossing beyond the allowance, yet no volume
    expect(report.pairs[0]!.verdict).toBe('contact');
    expect(report.contacts.every((c) => c.depth === 0)).toBe(true);
    expect(report.pairs[0]!.sentence).toBe('slot touches tab only along edges (no volume overlap)');
  });
});

describe('a bolt in its fitted hole is contact at any scale and tessellation', () => {
  const cases: [string, number, number][] = [
    ['coarse', 12, 12],
    ['fine', 64, 64],
    ['mixed', 12, 64],
  ];
  for (const scale of [1, 25.4, 0.01]) {
    for (const [label, nBolt, nHole] of cases) {
      it(`${label} (${nBolt}/${nHole} segments) at ${scale}×`, () => {
        const asm = assembly(
          place(shaft('bolt', 5, -5, 15, nBolt, Math.PI / nBolt), { scale, offset: FAR.map((v) => v * scale) as never, float32: true }),
          place(washer('plate', 5, 20, 0, 10, nHole), { scale, offset: FAR.map((v) => v * scale) as never, float32: true }),
        );
        const report = findContacts(asm);
        expect(report.pairs).toHaveLength(1);
        // out of phase, equal counts: the polygons cross by their chordal error
        if (nBolt === nHole) expect(report.contacts.some((c) => c.relation === 'intersecting')).toBe(true);
        expect(report.pairs[0]!.verdict).toBe('contact');
        // The allowance is the SUM of both sags (out-of-phase polygons), at least.
        const [bolt, plate] = asm.parts as [Part, Part];
        const sagSum = surfaceSag(bolt.surfaces[0]!) + surfaceSag(plate.surfaces[1]!);
        expect(surfacePairAllowance(bolt.surfaces[0]!, undefined, plate.surfaces[1]!, undefined)).toBeGreaterThanOrEqual(sagSum);
        // measured, not assumed: the analytic sags, plus float32 rounding at this magnitude
        const analytic = scale * 5 * (1 - Math.cos(Math.PI / nBolt) + (1 - Math.cos(Math.PI / nHole)));
        expect(sagSum).toBeGreaterThan(analytic * (1 - 1e-6));
        expect(sagSum).toBeLessThan(analytic + coordinateNoise(2000.3 * 1.8 * scale));
      });
    }
  }
});

describe('real overlaps: kind, depth and sentence', () => {
  it('a screw at nominal Ø10 in a Ø8.4 tap-drill hole: depth = radius difference ± the sags', () => {
    const asm = assembly(shaft('screw', 5, -5, 15, 64, Math.PI / 64), washer('plate', 4.2, 20, 0, 10, 64));
    const [pair] = interferences(asm);
    expect(pair?.kind).toBe('interference');
    const slack = surfaceSag(asm.parts[0]!.surfaces[0]!) + surfaceSag(asm.parts[1]!.surfaces[1]!);
    expect(Math.abs(pair!.depth - 0.8)).toBeLessThanOrEqual(slack + 1e-9);
    expect(pair!.sentence).toMatch(/^screw overlaps plate by 0\.\d\d mm over a cylindrical surface \(Ø10\.00 in Ø8\.40\): typical of a thread drawn at nominal diameter/);
  });

  it('a 1 mm plate pushed 2 mm into a block: depth 2 mm ± 5 %, direction out of the block', () => {
    const asm = assembly(box('block', [0, 0, 0], [50, 50, 50]), box('plate', [-30, 10, 20], [2, 40, 21]));
    const [pair] = interferences(asm);
    expect(pair?.kind).toBe('interference');
    expect(Math.abs(pair!.depth - 2)).toBeLessThanOrEqual(0.1);
    // partA is "block": it must move +x (or the plate −x) to separate.
    expect(pair!.direction![0]).toBeGreaterThan(0.99);
  });

  it('a 2 mm belt through a 3.8 mm plate: depth = half the plate (its deepest point), not the belt length', () => {
    const asm = assembly(box('plate', [-20, -20, 0], [20, 20, 3.8]), box('belt', [-5, -1, -30], [5, 1, 30]));
    const [pair] = interferences(asm);
    expect(Math.abs(pair!.depth - 1.9)).toBeLessThanOrEqual(0.05 * 1.9);
  });

  it('a small block buried in a big one is contained, depth = its deepest point below the nearest face', () => {
    const asm = assembly(box('big', [0, 0, 0], [100, 100, 100]), box('small', [45, 45, 87], [55, 55, 92]));
    const report = findContacts(asm);
    expect(report.contacts).toEqual([]); // S-CD alone sees nothing
    const [pair] = interferences(asm);
    expect(pair?.kind).toBe('contained');
    expect(pair?.inside).toBe('B');
    expect(pair!.depth).toBeCloseTo(13, 6); // bottom corners at z = 87, 13 below the top face
    expect(pair!.sentence).toBe('small lies entirely inside big, its deepest point 13.00 mm below the surface');
  });

  it('two coincident copies are a duplicate that must move its thinnest width to clear', () => {
    const asm = assembly(box('panel', [0, 0, 0], [10, 20, 30]), { ...box('panel', [0, 0, 0], [10, 20, 30]), name: 'panel copy' });
    const [pair] = interferences(asm);
    expect(pair?.kind).toBe('duplicate');
    expect(pair!.depth).toBeCloseTo(10, 9);
    expect(pair!.sentence).toMatch(/same part drawn twice at the same place: they overlap by 10\.00 mm/);
  });

  it('two copies of a screw 0.79 mm apart are a duplicate overlapping almost completely', () => {
    const asm = assembly(shaft('screw', 3, 0, 20, 32), place(shaft('screw', 3, 0, 20, 32), { offset: [0.79, 0, 0], name: 'screw copy' }));
    const [pair] = interferences(asm);
    expect(pair?.kind).toBe('duplicate');
    expect(pair!.offset).toBeCloseTo(0.79, 6);
    expect(pair!.depth).toBeGreaterThan(6 - 0.79 - 0.1);
  });

  it('a freeform face pushed 1 mm into a plane: interference 1 ± 0.1 mm (the fit residual does not hide it)', () => {
    const asm = assembly(bumpyBlock('bumpy'), box('cover', [-5, -5, 11], [45, 45, 20]));
    const bumpy = asm.parts[0]!;
    expect(surfaceKindOf(bumpy.surfaces[0]!).type).toBe('freeform');
    const [pair] = interferences(asm);
    expect(pair?.kind).toBe('interference');
    expect(Math.abs(pair!.depth - 1)).toBeLessThanOrEqual(0.1);
    // The same pair through the one-surface-pair API the simulation uses.
    const judged = judgeSurfacePair(bumpy.surfaces[0]!, undefined, asm.parts[1]!.surfaces[0]!, undefined);
    expect(judged.verdict).toBe('interference');
    expect(judged.allowance).toBeLessThan(0.1);
  });
});

describe('the verdict and the constraint recognizer use the same evidence', () => {
  const build = (holeRadius: number, scale: number): Assembly =>
    assembly(
      place(shaft('bolt', 5, -5, 15, 24, Math.PI / 24), { scale, offset: FAR.map((v) => v * scale) as never, float32: true }),
      place(washer('plate', holeRadius, 20, 0, 10, 24), { scale, offset: FAR.map((v) => v * scale) as never, float32: true }),
    );
  for (const scale of [1, 25.4]) {
    it(`a fitted bolt at ${scale}×: coaxial fit there, contact here`, () => {
      const asm = build(5, scale);
      const coaxial = recognizeConstraints(asm, { tolerance: 0 }).constraints.filter((c) => c.kind === 'coaxial');
      expect(coaxial).toHaveLength(1);
      expect(coaxial[0]!.params['fit']).toBe(true);
      const judged = judgeSurfacePair(asm.parts[0]!.surfaces[coaxial[0]!.surfacesA[0]!]!, undefined, asm.parts[1]!.surfaces[coaxial[0]!.surfacesB[0]!]!, undefined);
      expect([judged.verdict, judged.kind]).toEqual(['contact', 'coincident']);
    });
  }
  it('a nominal screw in a tap-drill hole: no fit there, interference here', () => {
    const asm = build(4.2, 1);
    expect(recognizeConstraints(asm, { tolerance: 0 }).constraints.some((c) => c.kind === 'coaxial' && c.params['fit'] === true)).toBe(false);
    expect(interferences(asm)).toHaveLength(1);
  });
});
