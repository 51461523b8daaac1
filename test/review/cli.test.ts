/**
 * The review on the command line: classes in every format, --fail-on (exit 4), --accept,
 * --ignore, --parts / --against, and constraints and contacts giving one verdict per pair.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { sample } from '../helpers/shared.js';

const output = captureOutput();
const temp = mkdtempSync(join(tmpdir(), 'surfcd-review-'));
const file = (name: string, text: string): string => {
  const path = join(temp, name);
  writeFileSync(path, text);
  return path;
};
const classes = sample('review-classes.step');
const REAL = ['buried-block+housing', 'spacer+spacer copy', 'back-wall+long-bolt'];

describe('surfcd contacts: the review', () => {
  it('the table lists part pairs first, real errors before expected overlaps, with class counts', async () => {
    expect(await main(['contacts', classes, '--interference-only'])).toBe(0);
    expect(output.stdout).toContain('5 interfering part pairs (1 clash, 1 thread, 1 press-fit, 1 contained, 1 duplicate)');
    const rows = output.stdout.split('\n').filter((l) => /^(clash|thread|press-fit|contained|duplicate)/.test(l)).map((l) => l.split(/\s{2,}/)[0]);
    expect(rows).toEqual(['contained', 'duplicate', 'clash', 'thread (expected)', 'press-fit (expected)']);
  });

  it('--fail-on clash exits 4 while a real interference is neither expected nor accepted, naming it', async () => {
    expect(await main(['contacts', classes, '--fail-on', 'clash', '--format', 'json'])).toBe(4);
    expect(output.stderr).toMatch(/--fail-on clash: 3 clashes not expected or accepted; first: buried-block lies entirely inside housing/);
    expect(JSON.parse(output.stdout).summary.classes).toEqual({ clash: 1, thread: 1, 'press-fit': 1, 'gear-mesh': 0, contained: 1, duplicate: 1 });
  });

  it('--accept marks the accepted ones; with all three accepted the check passes, and an id naming nothing is a warning', async () => {
    const accept = file('accepted.json', JSON.stringify([...REAL.map((id) => ({ id, reason: 'known, tracked in ECO 12' })), { id: 'old+part', reason: 'gone' }]));
    expect(await main(['contacts', classes, '--fail-on', 'clash', '--accept', accept, '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.summary.accepted).toBe(3);
    expect(json.interferences.filter((e: { accepted?: boolean }) => e.accepted).map((e: { id: string }) => e.id)).toEqual(REAL);
    expect(json.interferences[0].acceptReason).toBe('known, tracked in ECO 12');
    expect(output.stderr).toContain(`surfcd: warning: ${accept}: accepted id "old+part" names no interference in this run (resolved, or parts renamed)`);
  });

  it('a bad accept file is an error naming it, before the import', async () => {
    expect(await main(['contacts', classes, '--accept', file('broken.json', '[{"id": ')])).toBe(1);
    expect(output.stderr).toMatch(/broken\.json: the accept file is not JSON .* \[PARSE_FAILED\]\n$/);
    expect(await main(['contacts', classes, '--accept', join(temp, 'missing.json')])).toBe(1);
    expect(output.stderr).toMatch(/missing\.json: cannot read the accept file \(ENOENT\) \[FILE_NOT_FOUND\]/);
  });

  it('--ignore drops classes and counts them; an unknown class is bad usage', async () => {
    expect(await main(['contacts', classes, '--ignore', 'thread,press-fit', '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.summary.ignored).toBe(2);
    expect(json.summary.ignoredByClass).toEqual({ thread: 1, 'press-fit': 1 });
    expect(json.interferences.map((e: { kind: string }) => e.kind)).toEqual(['contained', 'duplicate', 'clash']);
    expect(json.contacts.some((c: { partA: string }) => c.partA === 'screw-m10')).toBe(false);
    expect(await main(['contacts', classes, '--ignore', 'threads'])).toBe(2);
    expect(output.stderr).toContain('--ignore: unknown class "threads"');
  });

  it('--parts / --against check only the pairs asked for; a pattern matching nothing is an error', async () => {
    expect(await main(['contacts', classes, '--parts', '*bolt*', '--against', 'back-wall', '--format', 'csv'])).toBe(0);
    const rows = output.stdout.trim().split('\n');
    expect(rows.slice(1).map((r) => r.split(',').slice(1, 4).join(' '))).toEqual(['back-wall long-bolt clash']);
    expect(await main(['contacts', classes, '--parts', 'gearbox'])).toBe(1);
    expect(output.stderr).toMatch(/^surfcd: --parts: no part or product node matches "gearbox" in review-classes; parts are "wall", /);
  });

  it('--fail-on new compares with --previous: the same run again passes, a run without the clash before fails', async () => {
    expect(await main(['contacts', classes, '--format', 'json'])).toBe(0);
    const previous = file('previous.json', output.stdout);
    expect(await main(['contacts', classes, '--fail-on', 'new', '--previous', previous])).toBe(0);
    const before = file('before.json', JSON.stringify({ schema: 'surfcd/contacts@2', interferences: [{ partA: 'spacer', partB: 'spacer copy' }, { partA: 'buried-block', partB: 'housing' }] }));
    expect(await main(['contacts', classes, '--fail-on', 'new', '--previous', before])).toBe(4);
    expect(output.stderr).toMatch(/--fail-on new: 1 new clash not expected or accepted; first: back-wall overlaps long-bolt by 6\.00 mm/);
    expect(await main(['contacts', classes, '--fail-on', 'new'])).toBe(2);
  });
});

describe('one verdict across commands', () => {
  it('a gear pair whose teeth overlap reads the same in contacts and in constraints', async () => {
    const gears = sample('gear-pair-unclocked.step');
    expect(await main(['contacts', gears])).toBe(0);
    const phrase = /gear 12:20, teeth overlap by (\d\.\d\d) mm \(not clocked\)/;
    const inContacts = phrase.exec(output.stdout)?.[1];
    expect(inContacts).toBeDefined();
    const start = output.stdout.length;
    expect(await main(['constraints', gears])).toBe(0);
    const lines = output.stdout.slice(start).split('\n');
    expect(lines.find((l) => /^gear-a\s+gear-b\s+gear\s/.test(l))).toMatch(phrase);
    expect(phrase.exec(lines.find((l) => /^gear-a\s+gear-b\s+gear\s/.test(l))!)![1]).toBe(inContacts);
    expect(output.stdout).toContain(`- gear-mesh: gear-a and gear-b: gear 12:20, teeth overlap by ${inContacts} mm (not clocked)`);
  });

  it('constraints --format json carries the same interferences as contacts --format json', async () => {
    expect(await main(['contacts', classes, '--format', 'json'])).toBe(0);
    const contacts = JSON.parse(output.stdout).interferences;
    const start = output.stdout.length;
    expect(await main(['constraints', classes, '--format', 'json', '--fail-on', 'clash'])).toBe(4);
    expect(JSON.parse(output.stdout.slice(start)).interferences).toEqual(contacts);
  });
});
