import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { sample, projectRoot } from '../helpers/shared.js';

const output = captureOutput();
const temp = mkdtempSync(join(tmpdir(), 'surfcd-removal-'));

describe('surfcd removal / disassemble', () => {
  it('disassemble writes the numbered sequence and a replayable motion script', async () => {
    const script = join(temp, 'stack.motion.json');
    expect(await main(['disassemble', sample('stack.step'), '--base', 'base', '--directions', '0', '--jobs', '1', '--script-out', script, '--no-cache'])).toBe(0);
    expect(output.stdout).toMatch(/^stack: 2 removal steps; base base/m);
    expect(output.stdout).toMatch(/1\s+lid\s+\+z/);
    const doc = JSON.parse(readFileSync(script, 'utf8'));
    expect(doc.schema).toBe('surfcd/motion@1');
    expect(doc.steps.map((s: { move: string[] }) => s.move[0])).toEqual(['lid', 'box']);
  });

  it('disassemble --format json is byte-identical across runs and exits 3 on an interlock', async () => {
    const args = ['disassemble', sample('interlock.step'), '--directions', '0', '--jobs', '1', '--format', 'json', '--no-cache'];
    expect(await main(args)).toBe(3);
    const first = output.stdout;
    output.stdout = '';
    expect(await main(args)).toBe(3);
    expect(output.stdout).toBe(first);
    expect(JSON.parse(first).schema).toBe('surfcd/disassembly@1');
  });

  it('removal --part lists free directions and the part in the way', async () => {
    expect(await main(['removal', sample('stack.step'), '--part', 'box', '--directions', '0', '--jobs', '1', '--format', 'md', '--no-cache'])).toBe(0);
    expect(output.stdout).toMatch(/^# Removal directions: stack/m);
    expect(output.stdout).toMatch(/\| own contact \| \+z \| \| held by its contact with lid \|/);
  });

  it('bad options are usage errors naming the flag, before the file is read', async () => {
    expect(await main(['removal', 'missing.step', '--directions', '-1'])).toBe(2);
    expect(output.stderr).toMatch(/--directions/);
    expect(await main(['disassemble', 'missing.step', '--jobs', '0'])).toBe(2);
    expect(output.stderr).toMatch(/--jobs/);
    expect(await main(['disassemble', sample('stack.step'), '--base', 'nope', '--directions', '0', '--jobs', '1', '--no-cache'])).toBe(1);
    expect(output.stderr).toMatch(/--base: no part or product node matches "nope".*\[UNKNOWN_PART\]/);
  });

  it('the worker pool (built dist) finds the same sequence as one thread', async () => {
    const dist = join(projectRoot, 'dist/src/cli/main.js');
    if (!existsSync(dist)) return; // built by npm ci / npm run build
    await import(join(projectRoot, 'dist/entries/installFirstParty.js')); // the built modules' own registry
    const { main: built } = (await import(dist)) as { main: (argv: string[]) => Promise<number> };
    expect(await built(['disassemble', sample('peg-stack.step'), '--base', 'base', '--directions', '0', '--jobs', '2', '--format', 'json', '--no-cache'])).toBe(0);
    const pooled = JSON.parse(output.stdout);
    output.stdout = '';
    expect(await built(['disassemble', sample('peg-stack.step'), '--base', 'base', '--directions', '0', '--jobs', '1', '--format', 'json', '--no-cache'])).toBe(0);
    expect(JSON.parse(output.stdout).steps).toEqual(pooled.steps);
    expect(pooled.steps.map((s: { mover: { name: string } }) => s.mover.name)).toEqual(['ring-3', 'ring-2', 'ring-1']);
  });
});
