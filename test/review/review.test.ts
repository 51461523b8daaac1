/**
 * Reviewing classified interferences: --ignore, accept files, --fail-on, and the previous
 * run's ids; bad input in each (one line naming the file, entry or word).
 */
import { describe, expect, it } from 'vitest';
import type { InterferenceEntry } from '../../src/review/classify.js';
import { interferenceId } from '../../src/review/classes.js';
import { applyAccepted, applyIgnore, countByClass, failingEntries, parseAccepted, parseIgnore, previousInterferenceIds } from '../../src/review/review.js';

const entry = (partA: string, partB: string, kind: InterferenceEntry['kind'], depth: number): InterferenceEntry => ({
  id: interferenceId(partA, partB), partA, partB, kind, expected: ['thread', 'press-fit', 'gear-mesh'].includes(kind), depth, direction: null, surfacePairs: 1, sentence: `${partA} and ${partB}`,
});
const entries = [entry('a', 'b', 'clash', 2), entry('a', 'c', 'contained', 1), entry('bolt', 'nut', 'thread', 0.5), entry('gear:1', 'gear+2', 'gear-mesh', 1)];

describe('review: ignore, accept, fail-on', () => {
  it('ids are the two paths, with ":" and "+" escaped so they split unambiguously', () => {
    expect(entries.map((e) => e.id)).toEqual(['a+b', 'a+c', 'bolt+nut', 'gear%3A1+gear%2B2']);
  });

  it('--ignore takes comma lists and repeats, drops those classes and counts them', () => {
    const ignore = parseIgnore(['thread,gear-mesh', ' press-fit ']);
    expect([...ignore]).toEqual(['thread', 'gear-mesh', 'press-fit']);
    const { kept, ignored, ignoredByClass } = applyIgnore(entries, ignore);
    expect(kept.map((e) => e.kind)).toEqual(['clash', 'contained']);
    expect(ignored).toBe(2);
    expect(ignoredByClass).toEqual({ thread: 1, 'gear-mesh': 1 });
    expect(countByClass(kept)).toEqual({ clash: 1, thread: 0, 'press-fit': 0, 'gear-mesh': 0, contained: 1, duplicate: 0 });
  });

  it('--ignore with an unknown class names it and the classes there are', () => {
    expect(() => parseIgnore(['thread,threads'])).toThrow('--ignore: unknown class "threads"; classes are clash, thread, press-fit, gear-mesh, contained, duplicate');
  });

  it('an accept file marks its ids accepted with the reason, and returns the ids that name nothing (none dropped)', () => {
    const accepted = parseAccepted([{ id: 'a+b', reason: 'weld bead, drawn on purpose' }, { id: 'gone+part' }], 'ok.json');
    const { entries: marked, unknown } = applyAccepted(entries, accepted);
    expect(marked.length).toBe(entries.length);
    expect(marked[0]).toEqual(expect.objectContaining({ id: 'a+b', accepted: true, acceptReason: 'weld bead, drawn on purpose' }));
    expect(marked.slice(1).every((e) => e.accepted === undefined)).toBe(true);
    expect(unknown).toEqual(['gone+part']);
    // an id of an ignored class is not unknown
    expect(applyAccepted(entries.slice(0, 2), parseAccepted([{ id: 'bolt+nut' }], 'x'), new Set(['bolt+nut'])).unknown).toEqual([]);
  });

  it('a malformed accept file names the file and the entry', () => {
    expect(() => parseAccepted({ id: 'a+b' }, 'acc.json')).toThrow('acc.json: not an accept file (expected a JSON array); expected [{"id": "...", "reason": "..."}]');
    expect(() => parseAccepted([{ id: 'a+b' }, { reason: 'x' }], 'acc.json')).toThrow(/acc\.json: not an accept file \(entry 1 has no "id" string\)/);
    expect(() => parseAccepted([{ id: 'a+b', reason: 3 }], 'acc.json')).toThrow(/entry 0 \("a\+b"\): "reason" is not a string/);
    expect(() => parseAccepted([null], 'acc.json')).toThrow(/entry 0 is not an object/);
  });

  it('--fail-on clash fails on real interferences that are neither expected nor accepted', () => {
    expect(failingEntries(entries, 'clash', null).map((e) => e.id)).toEqual(['a+b', 'a+c']);
    const { entries: marked } = applyAccepted(entries, [{ id: 'a+b', reason: '' }, { id: 'a+c', reason: '' }]);
    expect(failingEntries(marked, 'clash', null)).toEqual([]);
  });

  it('--fail-on new fails only on real interferences the previous run did not have, and needs one', () => {
    expect(failingEntries(entries, 'new', new Set(['a+b'])).map((e) => e.id)).toEqual(['a+c']);
    expect(() => failingEntries(entries, 'new', null)).toThrow('--fail-on new: give the earlier run with --previous <file>');
  });

  it('previous ids come from a contacts JSON or a report JSON, by part paths', () => {
    expect([...previousInterferenceIds({ schema: 'surfcd/contacts@2', interferences: [{ partA: 'a', partB: 'b' }] }, 'old.json')]).toEqual(['a+b']);
    expect([...previousInterferenceIds({ schema: 'surfcd/contacts@1', interferences: [{ partA: 'x:1', partB: 'y' }] }, 'old.json')]).toEqual(['x%3A1+y']);
    const report = { schema: 'surfcd/report@1', items: [{ kind: 'interference', partA: 'a', partB: 'c' }, { kind: 'contact', partA: 'a', partB: 'd' }, { kind: 'interference', partA: 'e', partB: 'f', status: 'resolved' }] };
    expect([...previousInterferenceIds(report, 'r.json')]).toEqual(['a+c']);
    expect(() => previousInterferenceIds({ schema: 'surfcd/inspect@1' }, 'i.json')).toThrow('i.json: not a surfcd contacts or report JSON (no "interferences" or "items"); write one with --format json');
    expect(() => previousInterferenceIds({ schema: 'surfcd/contacts@2', interferences: [{ partA: 1 }] }, 'c.json')).toThrow('c.json: entry 0 has no partA/partB paths');
  });
});
