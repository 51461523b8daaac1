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
    expect(json.schema).toBe('surfcd/contacts@2');
    expect(json.summary.interferingPartPairs).toBe(2);
    expect(json.summary.classes).toEqual({ clash: 1, thread: 0, 'press-fit': 0, 'gear-mesh': 0, contained: 1, duplicate: 0 });
    // clashes and other errors first, deepest first
    expect(json.interferences).toEqual([
      expect.objectContaining({ id: 'big+small', partA: 'big', partB: 'small', kind: 'contained', expected: false, depth: 13, inside: 'small', surfacePairs: 0 }),
      expect.objectContaining({ id: 'big+plate', partA: 'big', partB: 'plate', kind: 'clash', expected: false, depth: 2, direction: [1, 0, 0], sentence: 'big overlaps plate by 2.00 mm where a plane of big meets a plane of plate' }),
    ]);
    expect(json.contacts.every((c: { kind: string }) => typeof c.kind === 'string')).toBe(true);
  });

  it('the table lists part pairs first, interferences by class (deepest first), then contacts, with the sentences under it', () => {
    const table = contactsTable(asm, report);
    const rows = table.split('\n').filter((l) => /^(contained|clash|contact)\s/.test(l));
    expect(rows[0]).toMatch(/^contained\s+13\.000 mm\s+big\s+small\s+0\s+0\s+0/);
    expect(rows[1]).toMatch(/^clash\s+2\.000 mm\s+big\s+plate\s+\d+/);
    expect(rows[2]).toMatch(/^contact\s+slot\s+tab\s+\d+/);
    expect(table).toContain('2 interfering part pairs (1 clash, 1 contained)');
    expect(table).toContain('- contained: small lies entirely inside big, its deepest point 13.00 mm below the surface');
  });

  it('--interference-only keeps the contained pair; CSV carries the kind', () => {
    const only = interferenceOnly(report);
    expect(only.pairs.map((p) => `${p.partA}|${p.partB}|${p.kind}`)).toEqual(['big|plate|interference', 'big|small|contained']);
    const rows = contactsCsv(asm, report).trim().split('\n');
    expect(rows[0]).toBe('id,partA,partB,class,expected,accepted,depth,surfacePairs,interferingSurfacePairs,surfacesA,surfacesB,sentence,acceptReason');
    expect(rows.slice(1).map((r) => r.split(',').slice(1, 4).join(' '))).toEqual(['big small contained', 'big plate clash', 'slot tab contact']);
  });
});
