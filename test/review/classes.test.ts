/**
 * Interference classes against ground truth by construction: samples/review-classes.step
 * (one group per class, samples/review-classes.truth.json), the unclocked gear pair (its
 * mates say the teeth interpenetrate), every other sample at rest (nothing interferes), and
 * the buried block again with one face of its housing's mesh removed (open mesh).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { findContacts, loadAssembly, partFromMesh, type Assembly, type Part } from '../../src/index.js';
import { recognizeConstraints } from '../../src/constraints/recognize.js';
import { annotateConstraints } from '../../src/review/agreement.js';
import { classifyInterferences, type InterferenceEntry } from '../../src/review/classify.js';
import { interferenceFitRange } from '../../src/review/iso286.js';
import { sample } from '../helpers/shared.js';

interface Truth { a: string; b: string; class: string; expected: boolean; depth: number; depthMin?: number }
const truth = (JSON.parse(readFileSync(sample('review-classes.truth.json'), 'utf8')) as { overlaps: Truth[] }).overlaps;

const review = (asm: Assembly): InterferenceEntry[] => classifyInterferences(asm, findContacts(asm, { tolerance: 0.01 }), { tolerance: 0.01 });
const byPair = (entries: InterferenceEntry[]): Map<string, InterferenceEntry> => new Map(entries.map((e) => [`${e.partA}|${e.partB}`, e]));

describe('interference classes: review-classes sample against its truth file', () => {
  let asm: Assembly;
  let entries: InterferenceEntry[];
  beforeAll(async () => {
    asm = await loadAssembly(sample('review-classes.step'));
    entries = review(asm);
  });

  it('finds exactly the overlapping pairs the truth names, each with its class and expected flag', () => {
    expect(entries.map((e) => `${e.partA}|${e.partB}`).sort()).toEqual(truth.map((t) => `${t.a}|${t.b}`).sort());
    const found = byPair(entries);
    for (const t of truth) {
      const e = found.get(`${t.a}|${t.b}`)!;
      expect({ pair: `${t.a}|${t.b}`, kind: e.kind, expected: e.expected }).toEqual({ pair: `${t.a}|${t.b}`, kind: t.class, expected: t.expected });
      expect(e.id).toBe(`${t.a}+${t.b}`);
    }
  });

  it('depths match the construction: within the tessellation error, or between the deepest vertex and the deepest point', () => {
    const found = byPair(entries);
    for (const t of truth) {
      const e = found.get(`${t.a}|${t.b}`)!;
      if (t.depthMin !== undefined) {
        expect(e.depth).toBeGreaterThanOrEqual(t.depthMin - 1e-6);
        expect(e.depth).toBeLessThanOrEqual(t.depth + 1e-6);
      } else expect(Math.abs(e.depth - t.depth)).toBeLessThan(Math.max(0.05, 0.05 * t.depth));
    }
  });

  it('orders real errors first, deepest first, and says why in the sentence', () => {
    const expectedFlags = entries.map((e) => e.expected);
    expect(expectedFlags).toEqual([...expectedFlags].sort((x, y) => Number(x) - Number(y)));
    const errors = entries.filter((e) => !e.expected).map((e) => e.depth);
    expect(errors).toEqual([...errors].sort((x, y) => y - x));
    const found = byPair(entries);
    expect(found.get('dowel|hub')!.sentence).toMatch(/^dowel is pressed into hub: Ø12\.04 in Ø12\.00, 0\.040 mm diametral interference, within the ISO 286 interference fits/);
    expect(found.get('back-wall|long-bolt')!.sentence).toMatch(/overlaps long-bolt by 6\.00 mm/);
    expect(found.get('screw-m10|tapped-block')!.sentence).toBe('screw-m10 is threaded into tapped-block: its M10 thread is drawn at nominal diameter and overlaps the bore drawn at the minor diameter by 0.76 mm');
  });

  it('the press-fit dowel, made 1 mm larger, is a clash: beyond every ISO 286 interference fit', () => {
    const dowel = asm.parts.find((p) => p.path === 'dowel')!;
    const big = scaledRadially(dowel, 13 / 12.04, [100, 0]);
    const swapped: Assembly = { ...asm, parts: asm.parts.map((p) => (p === dowel ? big : p)) };
    const e = byPair(review(swapped)).get('dowel|hub')!;
    expect(e.kind).toBe('clash');
    expect(e.sentence).toMatch(/more than any ISO 286 interference fit allows/);
  });

  it('a housing whose mesh lost one face still holds the buried block (generalized winding number)', () => {
    const housing = asm.parts.find((p) => p.path === 'housing')!;
    const open = withoutSurface(housing, 0);
    const opened: Assembly = { ...asm, parts: asm.parts.map((p) => (p === housing ? open : p)) };
    const e = byPair(review(opened)).get('buried-block|housing')!;
    const t = truth.find((x) => x.class === 'contained')!;
    expect(e.kind).toBe('contained');
    expect(e.openMesh).toBe(true);
    expect(e.depth).toBeGreaterThanOrEqual(t.depthMin! - 1e-6);
    expect(e.depth).toBeLessThanOrEqual(t.depth + 1e-6);
    expect(e.sentence).toMatch(/generalized winding number/);
  });
});

describe('interference classes: gear mesh, and the samples at rest', () => {
  it('the unclocked gear pair is a gear-mesh, and constraints word it the same way', async () => {
    const asm = await loadAssembly(sample('gear-pair-unclocked.step'));
    const entries = review(asm);
    expect(entries.map((e) => [e.partA, e.partB, e.kind, e.expected])).toEqual([['gear-a', 'gear-b', 'gear-mesh', true]]);
    expect(entries[0]!.sentence).toMatch(/^gear-a and gear-b: gear 12:20, teeth overlap by \d\.\d\d mm \(not clocked\)$/);
    const gear = annotateConstraints(recognizeConstraints(asm, { tolerance: 0.01 }), entries).constraints.find((c) => c.kind === 'gear')!;
    expect(gear.params['overlap']).toBe(entries[0]!.depth);
  });

  it.each(['gear-pair', 'clearance-holes', 'prismatic-bores'])('%s at rest has no interference of any class', async (name) => {
    const asm = await loadAssembly(sample(`${name}.step`));
    expect(review(asm)).toEqual([]);
  });

  it('ISO 286: the heaviest interference fit grows with the diameter and stays far below a thread\'s overlap', () => {
    const sizes = [1, 3, 6, 10, 18, 30, 50, 80, 120, 180, 250, 315, 400, 500];
    const max = sizes.map((d) => interferenceFitRange(d).max);
    expect(max).toEqual([...max].sort((x, y) => x - y));
    // H7/u6 at Ø10 reaches 0.037 mm (ISO 286-2): inside the range; M10 in its Ø8.5 tap drill: 1.5 mm, far outside
    expect(interferenceFitRange(10).max).toBeGreaterThan(0.037);
    expect(interferenceFitRange(10).max).toBeLessThan(0.3);
    expect(interferenceFitRange(3).max).toBeLessThan(0.5 / 4);
  });
});

/** The part with its round faces scaled about a z axis through (cx, cy) (ends unchanged). */
function scaledRadially(part: Part, factor: number, [cx, cy]: [number, number]): Part {
  const p = Float64Array.from(part.positions);
  for (let v = 0; v < p.length; v += 3) {
    p[v] = cx + (p[v]! - cx) * factor;
    p[v + 1] = cy + (p[v + 1]! - cy) * factor;
  }
  return partFromMesh({ name: part.name, positions: p, indices: part.indices, surfaces: part.surfaces.map((s) => ({ first: s.firstTriangle, last: s.firstTriangle + s.triangleCount - 1 })) });
}

/** The part with one surface's triangles removed: an open mesh, as when a face fails to tessellate. */
function withoutSurface(part: Part, drop: number): Part {
  const indices: number[] = [];
  const surfaces: { first: number; last: number }[] = [];
  for (const s of part.surfaces) {
    if (s.index === drop) continue;
    const first = indices.length / 3;
    for (let t = s.firstTriangle; t < s.firstTriangle + s.triangleCount; t++) indices.push(part.indices[3 * t]!, part.indices[3 * t + 1]!, part.indices[3 * t + 2]!);
    surfaces.push({ first, last: indices.length / 3 - 1 });
  }
  return partFromMesh({ name: part.name, positions: part.positions, indices, surfaces });
}

describe('one verdict: the touching floor', () => {
  it('two faces 1e-13 mm apart touch at tolerance 0; 1e-6 mm apart they do not, and the report keeps the tolerance asked for', async () => {
    const { box } = await import('../verdict/solidFixtures.js');
    for (const [gap, touching] of [[1e-13, true], [0, true], [1e-6, false]] as const) {
      const parts = [partFromMesh(box('lower', [0, 0, 0], [100, 50, 10])), partFromMesh(box('upper', [20, 10, 10 + gap], [80, 40, 30]))];
      const asm: Assembly = { name: 'gap', units: 'mm', root: { name: '', path: '', children: [], parts: [0, 1] }, parts };
      const report = findContacts(asm, { tolerance: 0 });
      expect({ gap, touching: report.pairs.length === 1 }).toEqual({ gap, touching });
      expect(report.tolerance).toBe(0);
    }
  });
});
