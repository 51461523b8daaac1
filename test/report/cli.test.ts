import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { sample } from '../helpers/shared.js';
import { ensureViewerBundle } from '../helpers/viewerBundle.js';

const output = captureOutput();
const temp = mkdtempSync(join(tmpdir(), 'surfcd-report-cli-'));
const out = (name: string): string => join(temp, name);

describe('surfcd report', () => {
  beforeAll(() => ensureViewerBundle());

  it('--format json: the report model, byte-identical on a second run; --previous against it marks every item persistent', async () => {
    expect(await main(['report', sample('cone-seat.step'), '--format', 'json', '--out', out('a.json')])).toBe(0);
    expect(await main(['report', sample('cone-seat.step'), '--format', 'json', '--out', out('b.json')])).toBe(0);
    const text = readFileSync(out('a.json'), 'utf8');
    expect(readFileSync(out('b.json'), 'utf8')).toBe(text);
    const json = JSON.parse(text);
    expect(json.schema).toBe('surfcd/report@1');
    expect(json.items.length).toBeGreaterThan(0);
    expect(json.items.some((i: { constraint: { kind: string } | null }) => i.constraint?.kind === 'conical')).toBe(true);
    expect(output.stderr).toMatch(/^cone-seat: 2 parts, \d+ items \(0 interference, \d+ contact, 0 clearance\)/m);

    expect(await main(['report', sample('cone-seat.step'), '--previous', out('a.json'), '--format', 'md'])).toBe(0);
    expect(output.stdout).toMatch(new RegExp(`since the previous report: 0 new, ${json.items.length} persistent, 0 resolved`));
  });

  it('--format html: one self-contained page, byte-identical on a second run, nothing fetched', async () => {
    expect(await main(['report', sample('cone-seat.step'), '--out', out('a.html')])).toBe(0);
    expect(await main(['report', sample('cone-seat.step'), '--out', out('b.html')])).toBe(0);
    const html = readFileSync(out('a.html'), 'utf8');
    expect(readFileSync(out('b.html'), 'utf8')).toBe(html);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`content="default-src 'none';`);
    expect(html).not.toMatch(/<(script|link|img|iframe)\s[^>]*(src|href)=/i);
    expect(html.match(/<script/g)).toHaveLength(2); // the data and the page code, both inline
  });

  it('--move pushes a part; bad input is one line on stderr with the right exit code', async () => {
    expect(await main(['report', sample('rig.step'), '--move', 'bolt=2,0,0', '--format', 'md'])).toBe(0);
    // part pairs first: one row per interfering pair, with its class; the surface pairs below, by part pair
    expect(output.stdout).toMatch(/## Interferences\n\n\d+ interfering part pairs: \d+ clash/);
    expect(output.stdout).toMatch(/\| ❌ clash \| [\d.]+ mm \| bolt \| plate \| bolt overlaps plate by/);
    expect(output.stdout).toMatch(/bolt Ø10 cylinder \(surface 8\) interferes with/);
    expect(output.stdout).toContain('Moved from their file positions: `bolt`.');

    expect(await main(['report', sample('rig.step'), '--move', 'bolt=2,0'])).toBe(2);
    expect(output.stderr).toMatch(/--move: expected <part path>=<dx>,<dy>,<dz> in mm, got "bolt=2,0"/);
    expect(await main(['report', sample('rig.step'), '--move', 'bolts=1,0,0', '--format', 'json'])).toBe(1);
    expect(output.stderr).toMatch(/--move: no part or product node matches "bolts" in rig; did you mean "bolt"\?/);
    expect(await main(['report', sample('rig.step'), '--script', 'x.json', '--move', 'bolt=1,0,0'])).toBe(2);
    expect(output.stderr).toMatch(/--script and --move: a script starts from where the file puts the parts/);
    expect(await main(['report', sample('rig.step'), '--script', out('none.json')])).toBe(1);
    expect(output.stderr).toMatch(/none\.json: cannot read the motion script \(ENOENT\) \[FILE_NOT_FOUND\]/);
    expect(await main(['report', sample('rig.step'), '--previous', out('missing.json')])).toBe(1);
    expect(output.stderr).toMatch(/missing\.json: cannot read the previous report \(ENOENT\) \[FILE_NOT_FOUND\]/);
    writeFileSync(out('contacts.json'), JSON.stringify({ schema: 'surfcd/contacts@1', contacts: [] }));
    expect(await main(['report', sample('rig.step'), '--previous', out('contacts.json')])).toBe(1);
    expect(output.stderr).toMatch(/contacts\.json: not a surfcd report \("schema" is "surfcd\/contacts@1"/);
    expect(await main(['report', sample('rig.step'), '--format', 'pdf'])).toBe(2);
    expect(await main(['view', sample('rig.step'), '--port', '70000'])).toBe(2);
    expect(output.stderr).toMatch(/--port: expected an integer 0\.\.65535, got "70000"/);
  });

  it('--script: the simulation goes on the timeline and into the Markdown', async () => {
    const script = { schema: 'surfcd/motion@1', assembly: 'rig.step', steps: [{ id: 'bolt-down', move: ['bolt'], translate: { direction: [0, 0, -1], distance: 10 }, expect: 'blocked' }] };
    writeFileSync(out('down.motion.json'), JSON.stringify(script));
    expect(await main(['report', sample('rig.step'), '--script', out('down.motion.json'), '--format', 'json'])).toBe(0);
    const steps = JSON.parse(output.stdout).timeline.steps;
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ id: 'bolt-down', status: 'blocked', met: true, moved: ['bolt'], distance: 0, blocking: expect.arrayContaining([expect.objectContaining({ moving: 'bolt', other: 'plate' })]) });
    expect(steps[0].sentence).toMatch(/^bolt-down: bolt was blocked after 0 mm \(0 %\) by plate surface \d+ against its surface \d+$/);
  });
});
