import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../helpers/captureOutput.js';
import { main } from '../../src/cli/main.js';
import { fixture, sample } from '../helpers/shared.js';

const output = captureOutput();

const temp = mkdtempSync(join(tmpdir(), 'surfcd-constraints-'));
const row = (text: string, a: string, b: string, kind: string): string[] =>
  text.split('\n').filter((l) => new RegExp(`^${a.replace(/[#/]/g, '\\$&')}\\s+${b.replace(/[#/]/g, '\\$&')}\\s+${kind}\\s`).test(l));

describe('surfcd constraints', () => {
  it('prints a table a person can read: parts, kind, key parameters, DOF left, then the freedom', async () => {
    expect(await main(['constraints', sample('rig.step')])).toBe(0);
    expect(output.stdout).toMatch(/^rig: 6 parts, 14 constraints \(5 against, 3 coaxial, 3 insert, 1 threaded, 2 tangent\) between 6 part pairs/);
    expect(row(output.stdout, 'bolt', 'nut', 'threaded')[0]).toMatch(/M10 pitch 1\.5  bore drawn at nominal  engagement 8\.00  axis \(0, 0, -1\) through \(-38, 0, -4\)\s+1 \(1R\)$/);
    expect(output.stdout).toMatch(/tolerance 0\.01 mm, clearance by size \(ISO 273\), else 0\.5 mm\n/);
    expect(row(output.stdout, 'bolt', 'plate', 'coaxial')[0]).toMatch(/Ø10\.00\/Ø10\.50  clearance 0\.25 \(M10 fine\) .*1 \(1R\)$/);
    expect(row(output.stdout, 'nut', 'plate', 'against')[0]).toMatch(/normal \(0, 0, 1\)  offset 0\.00\s+3 \(2T 1R\)$/);
    expect(row(output.stdout, 'pin', 'plate', 'tangent')).toHaveLength(2);
    expect(output.stdout).toMatch(/Freedom per part \(its neighbours held fixed\)/);
    expect(output.stdout).toMatch(/\npin\s+1\s+2\s+T \(0, 1, 0\); R \(0, 0, 1\) through \(38, 0, [\d.]+\)\n/);
    expect(output.stderr).toMatch(/load [\d.]+ ms, constraints [\d.]+ ms/);
  });

  it('--format json: schema, parts as in contacts, constraints by part path, freedom', async () => {
    expect(await main(['constraints', sample('cone-seat.step'), '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.schema).toBe('surfcd/constraints@1');
    expect([json.clearance, json.clearanceBySize]).toEqual([0.5, true]);
    expect(json.parts.map((p: { path: string }) => p.path).sort()).toEqual(['seat', 'valve']);
    expect(Object.keys(json.parts[0]).sort()).toEqual(['name', 'path', 'surfaces', 'triangles']);
    expect(json.constraints).toEqual([
      expect.objectContaining({ id: 0, kind: 'conical', partA: 'seat', partB: 'valve', rule: 'conical', plugin: 'constraints-basic', surfacesA: [expect.any(Number)] }),
    ]);
    expect(json.summary).toEqual({ constraints: 1, byKind: { conical: 1 }, partPairs: 1, surfacePairs: expect.any(Object) });
    expect(json.freedom.pairs[0]).toEqual(expect.objectContaining({ partA: 'seat', partB: 'valve', dof: 1, translations: [] }));
    expect(json.timingsMs).toBeUndefined(); // timings go to stderr with --timings: reports are byte-identical
  });

  it('--format csv --out writes the file atomically; --format md writes markdown', async () => {
    const out = join(temp, 'c.csv');
    expect(await main(['constraints', sample('cone-seat.step'), '--format', 'csv', '--out', out])).toBe(0);
    expect(output.stdout).toBe('');
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('id,partA,partB,kind,surfacesA,surfacesB,parameters,residual,derivedFrom,pairDof,params');
    expect(lines[1]).toMatch(/^0,seat,valve,conical,/);
    expect(await main(['constraints', sample('cone-seat.step'), '--format', 'md', '--clearance', '0.3'])).toBe(0);
    expect(output.stdout).toMatch(/^# Constraints: cone-seat/);
    expect(output.stdout).toMatch(/tolerance 0\.01 mm, clearance 0\.3 mm\./);
    expect(output.stdout).toMatch(/\| seat \| valve \| conical \| half-angle 30° {2}apex \(-7, 12, 3\)/);
  });

  it('--plugin adds a user rule and its reporter', async () => {
    expect(await main(['constraints', sample('rig.step'), '--plugin', fixture('plugins/flush-rule.mjs'), '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.constraints.some((c: { kind: string }) => c.kind === 'flush')).toBe(true);
    expect(json.plugins.map((p: { name: string }) => p.name)).toEqual(['constraints-basic', 'constraints-gear', 'constraints-thread', 'flush-example']);
    output.stdout = '';
    expect(await main(['constraints', sample('cone-seat.step'), '--plugin', fixture('plugins/flush-rule.mjs'), '--format', 'count'])).toBe(0);
    expect(output.stdout).toBe('1 constraints\n');
  });

  it('bad plugins and bad options fail on one line before the file is read', async () => {
    expect(await main(['constraints', sample('rig.step'), '--plugin', fixture('plugins/no-default.mjs')])).toBe(1);
    expect(output.stderr).toMatch(/^surfcd: plugin .*no-default\.mjs: has no default export.* \[PLUGIN_FAILED\]\n$/);
    expect(output.stderr).not.toMatch(/\n\s+at /);
    output.stderr = '';
    expect(await main(['constraints', sample('rig.step'), '--format', 'xml'])).toBe(2);
    expect(output.stderr).toMatch(/--format: expected one of table, json, csv, md, got "xml" \[INVALID_OPTION\]/);
    output.stderr = '';
    expect(await main(['constraints', sample('rig.step'), '--clearance', '-1'])).toBe(2);
    expect(output.stderr).toMatch(/--clearance: expected a number ≥ 0, got "-1"/);
    expect(await main(['constraints', join(temp, 'nope.step')])).toBe(1);
    expect(existsSync(join(temp, 'nope.step'))).toBe(false);
  });
});
