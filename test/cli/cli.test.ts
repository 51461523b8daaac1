import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../helpers/captureOutput.js';
import { main } from '../../src/cli/main.js';
import { sample } from '../helpers/shared.js';

const output = captureOutput();

const temp = mkdtempSync(join(tmpdir(), 'surfcd-cli-'));

describe('surfcd CLI', () => {
  it('inspect prints the product tree and the parts', async () => {
    expect(await main(['inspect', sample('rig.step')])).toBe(0);
    expect(output.stdout).toMatch(/Product tree/);
    expect(output.stdout).toMatch(/plate/);
    expect(output.stdout).toMatch(/surfaces/);
  });

  it('inspect --format json carries its schema and totals', async () => {
    expect(await main(['inspect', sample('rig.step'), '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.schema).toBe('surfcd/inspect@1');
    expect(json.parts.length).toBeGreaterThanOrEqual(6);
    expect(json.totals.triangles).toBe(json.parts.reduce((s: number, p: { triangles: number }) => s + p.triangles, 0));
  });

  it('contacts --format json lists surface pairs by part path, sorted', async () => {
    expect(await main(['contacts', sample('rig.step'), '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.schema).toBe('surfcd/contacts@2');
    expect(json.parts[0]).toEqual(expect.objectContaining({ path: expect.any(String), name: expect.any(String), surfaces: expect.any(Number), triangles: expect.any(Number) }));
    expect(json.contacts.length).toBeGreaterThan(0);
    const keys = json.contacts.map((c: { partA: string; partB: string; surfaceA: number; surfaceB: number }) => [c.partA, c.partB, c.surfaceA, c.surfaceB]);
    const sorted = [...keys].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] - y[2] || x[3] - y[3]));
    expect(keys).toEqual(sorted);
    for (const c of json.contacts) expect(['touching', 'intersecting']).toContain(c.relation);
    const pairs = new Set(json.contacts.map((c: { partA: string; partB: string }) => `${c.partA}|${c.partB}`));
    expect(pairs).toContain('bolt|plate');
    expect(pairs).toContain('nut|plate');
  });

  it('contacts --format csv and --out write a file atomically', async () => {
    const out = join(temp, 'contacts.csv');
    expect(await main(['contacts', sample('rig.step'), '--format', 'csv', '--out', out])).toBe(0);
    expect(output.stdout).toBe('');
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n')[0]).toBe('partA,surfaceA,partB,surfaceB,relation,verdict,depth,kind');
    expect(output.stderr).toContain(`wrote ${out}`);
  });

  it('the table names part pairs and counts', async () => {
    expect(await main(['contacts', sample('rig.step'), '--tolerance', '0.01'])).toBe(0);
    expect(output.stdout).toMatch(/part A\s+part B\s+pairs/);
    expect(output.stdout).toMatch(/tolerance 0\.01 mm/);
  });

  it('a missing file is one line on output.stderr and exit code 1, no stack trace', async () => {
    expect(await main(['contacts', join(temp, 'missing.step')])).toBe(1);
    expect(output.stderr).toMatch(/^surfcd: .*missing\.step: no such file \[FILE_NOT_FOUND\]\n$/);
    expect(output.stderr).not.toMatch(/\n\s+at /);
  });

  it('a bad tolerance is a usage error (exit 2) and nothing is written', async () => {
    const out = join(temp, 'never.json');
    expect(await main(['contacts', sample('rig.step'), '--tolerance', 'abc', '--out', out])).toBe(2);
    expect(output.stderr).toContain('--tolerance: expected a number ≥ 0, got "abc"');
    expect(existsSync(out)).toBe(false);
  });

  it('a failed run leaves an existing output file untouched', async () => {
    const out = join(temp, 'keep.json');
    writeFileSync(out, 'previous report');
    expect(await main(['contacts', join(temp, 'missing.step'), '--out', out])).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe('previous report');
  });

  it('unknown options and commands exit 2', async () => {
    expect(await main(['contacts', sample('rig.step'), '--bogus'])).toBe(2);
    expect(await main(['frobnicate'])).toBe(2);
  });

  it('--help exits 0', async () => {
    expect(await main(['contacts', '--help'])).toBe(0);
    expect(output.stdout).toMatch(/--tolerance/);
  });
});

describe('surfcd contacts --interference-only', () => {
  it('prints no pairs for the rig at rest', async () => {
    expect(await main(['contacts', sample('rig.step'), '--interference-only', '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.interferenceOnly).toBe(true);
    expect(json.contacts).toEqual([]);
    expect(json.summary.interference).toBe(0);
  });
});
