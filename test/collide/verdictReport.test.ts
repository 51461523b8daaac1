import { describe, expect, it } from 'vitest';
import { findContacts, partFromMesh, type Assembly, type MeshInput } from '../../src/index.js';
import { contactsCsv, contactsJson, contactsTable, interferenceOnly } from '../../src/report/contactsReport.js';
import { box, place, slot } from './solidFixtures.js';

function assembly(...meshes: MeshInput[]): Assembly {
  const parts = meshes.map((m) => partFromMesh(m));
  return { name: 'fixture', units: 'mm', root: { name: '', path: '', children: [], parts: parts.map((_, i) => i) }, parts };
}

describe('contacts output: kinds, depth, direction, sentences', () => {
  // A buried block (no surface pairs at all), a plate pushed 2 mm into the big block, a tab touching a slot along edges.
  const asm = assembly(
    box('big', [0, 0, 0], [100, 100, 100]),
    box('small', [45, 45, 87], [55, 55, 92]),
    box('plate', [-30, 10, 20], [2, 40, 21]),
    place(slot('slot'), { offset: [200, 0, 0] }),
    place(box('tab', [10, 5, 0], [20, 25, 10]), { offset: [200, 0, 0] }),
  );
  const report = findContacts(asm);

  it('JSON lists each interfering part pair once, with kind, depth, direction and a sentence', () => {
    const json = JSON.parse(contactsJson(asm, report, { mode: 'all-surfaces' }));
    expect(json.schema).toBe('surfcd/contacts@1');
    expect(json.summary.interferingPartPairs).toBe(2);
    expect(json.interferences).toEqual([
      expect.objectContaining({ partA: 'big', partB: 'plate', kind: 'interference', depth: 2, direction: [1, 0, 0], sentence: 'big overlaps plate by 2.00 mm where a plane of big meets a plane of plate' }),
      expect.objectContaining({ partA: 'big', partB: 'small', kind: 'contained', depth: 13, inside: 'small', surfacePairs: 0 }),
    ]);
    expect(json.contacts.every((c: { kind: string }) => typeof c.kind === 'string')).toBe(true);
  });

  it('the table shows CONTAINED and INTERFERENCE rows and the sentences under it', () => {
    const table = contactsTable(asm, report);
    expect(table).toMatch(/big\s+small\s+0\s+0\s+0\s+CONTAINED 13\.000 mm/);
    expect(table).toMatch(/big\s+plate\s+\d+\s+\d+\s+\d+\s+INTERFERENCE 2\.000 mm/);
    expect(table).toMatch(/slot\s+tab\s+\d+\s+\d+\s+\d+\s+contact/);
    expect(table).toContain('- small lies entirely inside big, its deepest point 13.00 mm below the surface');
  });

  it('--interference-only keeps the contained pair; CSV carries the kind', () => {
    const only = interferenceOnly(report);
    expect(only.pairs.map((p) => `${p.partA}|${p.partB}|${p.kind}`)).toEqual(['big|plate|interference', 'big|small|contained']);
    expect(contactsCsv(report).split('\n')[0]).toBe('partA,surfaceA,partB,surfaceB,relation,verdict,depth,kind');
  });
});
