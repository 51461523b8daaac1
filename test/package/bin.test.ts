/**
 * The `surfcd` command as installed: package.json's bin is the esbuild bundle
 * (scripts/build-cli.mjs, dist/cli/). It must answer exactly as the unbundled CLI
 * (dist/entries/cli.js) and still reach what lives beside the modules: the piscina sweep
 * worker, the report page bundle and package.json (the cache key's version).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/shared.js';

const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> };
const bin = join(projectRoot, pkg.bin['surfcd']!);
const unbundled = join(projectRoot, 'dist/entries/cli.js');
const built = existsSync(bin) && existsSync(unbundled);

const run = (script: string, args: string[]): { code: number | null; stdout: string; stderr: string } => {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: projectRoot, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe.runIf(built)('the surfcd bin (bundled CLI)', () => {
  const temp = mkdtempSync(join(tmpdir(), 'surfcd-bin-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('is a node script that lists every command, and a typo is a usage error', () => {
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
    const help = run(bin, ['--help']);
    expect(help.code).toBe(0);
    for (const name of ['inspect', 'contacts', 'constraints', 'removal', 'disassemble', 'simulate', 'report', 'view']) expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(help.stdout).toBe(run(unbundled, ['--help']).stdout);
    const typo = run(bin, ['contact', 'samples/rig.step']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown command 'contact'.*\n.*contacts/s);
  });

  it('contacts answers byte for byte as the unbundled CLI, through the cache too', () => {
    const args = ['contacts', 'samples/rig.step', '--format', 'json', '--cache', join(temp, 'cache')];
    const first = run(bin, args);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/"schema"/);
    expect(run(unbundled, args).stdout).toBe(first.stdout); // it reads the entry the bundle wrote
  });

  it('removal with a worker pool and the HTML report run from the bundle', () => {
    const args = ['removal', 'samples/stack.step', '--part', 'box', '--directions', '0', '--format', 'json', '--no-cache'];
    const pooled = run(bin, [...args, '--jobs', '2']);
    expect(pooled.code, pooled.stderr).toBe(0);
    expect(JSON.parse(pooled.stdout)).toEqual(JSON.parse(run(unbundled, [...args, '--jobs', '1']).stdout));
    const page = join(temp, 'rig.html');
    expect(run(bin, ['report', 'samples/stack.step', '--format', 'html', '--out', page, '--no-cache']).code).toBe(0);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!doctype html>/);
  });
});

if (!built) describe.skip('the surfcd bin [skipped: dist/ not built; run npm run build]', () => it('', () => {}));
