/**
 * Every generated sample with a truth file: the overlaps drawn on purpose come out as the
 * classes the truth names (fasteners' samples, the gear pair, review-classes), and no other
 * part pair interferes. Tolerance 0.001 mm, so a 0.01 mm press fit (H7/p6 at Ø10) is more
 * than touching.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findContacts, loadAssembly } from '../../src/index.js';
import { isInterferenceClass } from '../../src/review/classes.js';
import { classifyInterferences } from '../../src/review/classify.js';
import { projectRoot, sample } from '../helpers/shared.js';

interface Overlap { a: string; b: string; class: string; depth: number | null }
// Truth files that name overlaps and their classes (the clearance samples' truth files give gaps and volumes instead).
const files = readdirSync(`${projectRoot}/samples`)
  .filter((f) => f.endsWith('.truth.json'))
  .filter((f) => Array.isArray((JSON.parse(readFileSync(sample(f), 'utf8')) as { overlaps?: unknown }).overlaps))
  .sort();
const TOLERANCE = 0.001;

describe('interference classes on every sample with a truth file', () => {
  it('there are truth files for thread, press-fit, gear-mesh, clash, contained and duplicate', () => {
    const classes = new Set(files.flatMap((f) => (JSON.parse(readFileSync(sample(f), 'utf8')).overlaps as Overlap[]).map((o) => o.class)));
    for (const c of ['thread', 'press-fit', 'gear-mesh', 'clash', 'contained', 'duplicate']) expect(classes).toContain(c);
  });

  it.each(files)('%s', async (file) => {
    const overlaps = (JSON.parse(readFileSync(sample(file), 'utf8')).overlaps as Overlap[]) ?? [];
    const asm = await loadAssembly(sample(file.replace('.truth.json', '.step')));
    const entries = classifyInterferences(asm, findContacts(asm, { tolerance: TOLERANCE }), { tolerance: TOLERANCE });
    const found = new Map(entries.map((e) => [[e.partA, e.partB].sort().join('|'), e.kind as string]));
    // a thread drawn line on line (depth 0) is no overlap at all; a class the review has no name for (a spring drawn compressed) is not checked here
    const wanted = overlaps.filter((o) => o.depth !== 0 && isInterferenceClass(o.class));
    expect(Object.fromEntries(wanted.map((o) => [[o.a, o.b].sort().join('|'), found.get([o.a, o.b].sort().join('|')) ?? 'none']))).toEqual(Object.fromEntries(wanted.map((o) => [[o.a, o.b].sort().join('|'), o.class])));
    const named = new Set(overlaps.map((o) => [o.a, o.b].sort().join('|')));
    expect(entries.filter((e) => !named.has([e.partA, e.partB].sort().join('|'))).map((e) => e.sentence)).toEqual([]);
  });
});
