import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findContacts, recognizeConstraints, SurfcdError, type Assembly, type Pose } from '../../src/index.js';
import { applyPrevious, previousItems } from '../../src/report/reportDiff.js';
import { buildReport, itemId, type ReportModel } from '../../src/report/reportModel.js';
import { reportJson, reportMarkdown } from '../../src/report/reportText.js';
import { PUSHED, reportFixture as fixture, translate } from './fixture.js';

function report(assembly: Assembly, poses: Record<string, Pose> = {}): ReportModel {
  const contacts = findContacts(assembly, { tolerance: 0.01, poses });
  const constraints = recognizeConstraints(assembly, { tolerance: 0.01, clearance: 0.5, poses });
  return buildReport(assembly, contacts, constraints, { poses });
}

describe('report model', () => {
  it('a clearance fit becomes a clearance item with the radial gap and a plain sentence', () => {
    const model = report(fixture());
    const fit = model.items.find((i) => i.kind === 'clearance')!;
    expect(fit).toMatchObject({ id: 'pin:0+plate:0', partA: 'pin', partB: 'plate', relation: 'near', constraint: { kind: 'coaxial' } });
    expect(fit.gap).toBeCloseTo(0.25, 2);
    expect(fit.surfacesA).toEqual([{ index: 0, kind: 'cylinder', noun: 'Ø10 cylinder' }]);
    expect(fit.surfacesB).toEqual([{ index: 0, kind: 'cylinder', noun: 'Ø10.5 hole' }]);
    expect(fit.sentence).toBe('pin Ø10 cylinder (surface 0) sits in plate Ø10.5 hole (surface 0) with 0.25 mm radial clearance');
  });

  it('a face resting on a face is a contact item with its against constraint', () => {
    const model = report(fixture());
    // the bottom face lies on the plate; the four side faces meet it along their bottom edges
    expect(model.items.filter((i) => i.kind !== 'clearance').map((i) => i.id)).toEqual([0, 2, 3, 4, 5].map((s) => `block:${s}+plate:1`));
    expect(model.items.find((i) => i.id === 'block:2+plate:1')!.sentence).toBe('block flat face (surface 2) touches plate flat face (surface 1)');
    const rest = model.items.find((i) => i.id === 'block:0+plate:1')!;
    expect(rest).toMatchObject({ kind: 'contact', relation: 'touching', depth: 0, constraint: { kind: 'against' } });
    expect(rest.sentence).toBe('block flat face (surface 0) lies flat against plate flat face (surface 1)');
    expect(model.summary).toEqual({ items: 6, interference: 0, contact: 5, clearance: 1 });
    expect(model.groups).toEqual([
      { partA: 'block', partB: 'plate', worst: 'contact', items: 5 },
      { partA: 'pin', partB: 'plate', worst: 'clearance', items: 1 },
    ]);
  });

  // 2 mm into a 0.25 mm gap: 1.75 mm of overlap, an interference under any sound verdict
  it('pushing the pin into the hole wall turns the same id into an interference; --previous marks new / persistent / resolved', () => {
    const before = report(fixture());
    const after = report(fixture(), PUSHED);
    const hit = after.items.find((i) => i.id === 'pin:0+plate:0')!;
    expect(hit.kind).toBe('interference');
    expect(hit.depth).toBeGreaterThan(0.05);
    expect(hit.sentence).toMatch(/^pin Ø10 cylinder \(surface 0\) interferes with plate Ø10\.5 hole \(surface 0\) by [\d.]+ mm(; moving pin [\d.]+ mm along \([-\d., ]+\) separates them)?$/);
    expect(after.poses).toEqual(PUSHED);

    const diff = applyPrevious(after, previousItems(JSON.parse(reportJson(before)), 'before.json'), 'before.json');
    const status = Object.fromEntries(diff.items.map((i) => [i.id, [i.status, i.previousKind ?? null, i.kind]]));
    expect(status['pin:0+plate:0']).toEqual(['persistent', 'clearance', 'interference']);
    expect(status['block:0+plate:1']).toEqual(['resolved', null, 'contact']); // the block was lifted off
    expect(status['plate:1+spacer:0']).toEqual(['new', null, 'contact']); // the spacer was put down
    const ids = (s: string): string[] => diff.items.filter((i) => i.status === s).map((i) => i.id);
    expect(ids('new')).toEqual([0, 2, 3, 4, 5].map((s) => `plate:1+spacer:${s}`));
    expect(ids('resolved')).toEqual([0, 2, 3, 4, 5].map((s) => `block:${s}+plate:1`));
    expect(ids('persistent')).toEqual(['pin:0+plate:0']);
    expect(diff.summary).toMatchObject({ items: after.items.length, new: 5, persistent: 1, resolved: 5 });
    expect(diff.previous).toEqual({ source: 'before.json', items: before.items.length });
    // a resolved item does not count towards the pair's worst kind or the live summary
    expect(diff.groups.find((g) => g.partA === 'block')).toEqual({ partA: 'block', partB: 'plate', worst: 'clearance', items: 5 });
    expect(diff.groups.map((g) => `${g.partA} ${g.partB}`)).toEqual(['block plate', 'pin plate', 'plate spacer']);
  });

  it('ids and order do not depend on the order of parts in the file, and output is byte-identical', () => {
    const a = reportJson(report(fixture('plate-first')));
    const b = report(fixture('pin-first'));
    expect(JSON.stringify([b.items, b.groups, b.summary])).toBe(JSON.stringify(((m: ReportModel) => [m.items, m.groups, m.summary])(JSON.parse(a))));
    expect(reportJson(report(fixture('plate-first')))).toBe(a);
    expect(reportMarkdown(report(fixture()))).toBe(reportMarkdown(report(fixture())));
  });

  it('ids from any part paths are unambiguous (":" and "+" in paths escaped)', () => {
    const path = fc.string({ unit: fc.constantFrom('a', ':', '+', '%', '3', 'A'), maxLength: 6 });
    fc.assert(
      fc.property(path, fc.nat(20), path, fc.nat(20), path, fc.nat(20), path, fc.nat(20), (a, sa, b, sb, c, sc, d, sd) => {
        const same = a === c && sa === sc && b === d && sb === sd;
        expect(itemId(a, sa, b, sb) === itemId(c, sc, d, sd)).toBe(same);
      }),
    );
  });

  it('Markdown lists interferences first with their sentences, then one table per part pair', () => {
    const md = reportMarkdown(report(fixture(), { pin: translate(2, 0, 0) }));
    expect(md).toMatch(/^# Surface contact report: test\n\ntest: 4 parts, \d+ items \(\d+ interference/);
    expect(md).toMatch(/## Interferences\n\n- \*\*[\d.]+ mm\*\* — pin Ø10 cylinder \(surface 0\) interferes with plate Ø10\.5 hole/);
    expect(md).toMatch(/### block ↔ plate\n\n\| kind \| amount \|/);
    expect(md).toContain('Moved from their file positions: `pin`.');
  });

  it('a previous file that is not a report is rejected naming the file and field', () => {
    const bad = (doc: unknown): SurfcdError => {
      try {
        previousItems(doc, 'old.json');
      } catch (e) {
        return e as SurfcdError;
      }
      throw new Error('accepted');
    };
    expect(bad([]).message).toMatch(/^old\.json: not a surfcd report \("schema" is null/);
    expect(bad({ schema: 'surfcd/contacts@1', items: [] }).message).toMatch(/"schema" is "surfcd\/contacts@1", expected "surfcd\/report@1"/);
    expect(bad({ schema: 'surfcd/report@1' }).message).toMatch(/"items" is not an array/);
    expect(bad({ schema: 'surfcd/report@1', items: [{ id: 'x' }] }).message).toMatch(/items\[0\] lacks/);
    expect(bad(null).code).toBe('PARSE_FAILED');
  });
});
