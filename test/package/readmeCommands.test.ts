/**
 * Every `npx surfcd …` command in README.md's shell blocks works as written: run with the
 * installed bin from a scratch folder (sample paths resolved against the project, files the
 * command writes land in the scratch folder), it exits 0 and prints something. `surfcd view`
 * serves until stopped and commands naming a queue need a Redis server: those are left to
 * their own tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/shared.js';

const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> };
const bin = join(projectRoot, pkg.bin['surfcd']!);

/** The README's `npx surfcd` command lines, from its ```sh blocks, without trailing comments. */
export function readmeCommands(markdown: string): string[][] {
  const commands: string[][] = [];
  for (const block of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of block[1]!.split('\n')) {
      const code = line.replace(/\s+#.*$/, '').trim();
      if (!code.startsWith('npx surfcd ')) continue;
      commands.push(code.split(/\s+/).slice(2));
    }
  }
  return commands;
}

const commands = readmeCommands(readFileSync(join(projectRoot, 'README.md'), 'utf8'));
const runnable = commands.filter((args) => args[0] !== 'view' && args[0] !== 'worker' && !args.includes('--queue'));

describe.runIf(existsSync(bin))('README commands work as written', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'surfcd-readme-'));
  // The examples name samples/ relative to the project, as a user in a clone types them.
  symlinkSync(join(projectRoot, 'samples'), join(scratch, 'samples'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('the README shows a command for every CLI command but the server ones', () => {
    const shown = new Set(commands.map((args) => args[0]));
    for (const name of ['contacts', 'inspect', 'constraints', 'simulate', 'removal', 'disassemble', 'report', 'view']) expect(shown, name).toContain(name);
  });

  it.each(runnable.map((args) => [args.join(' '), args] as const))('surfcd %s', (_label, args) => {
    const r = spawnSync(process.execPath, [bin, ...args], { cwd: scratch, encoding: 'utf8', maxBuffer: 1 << 26 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.length + r.stderr.length).toBeGreaterThan(0);
  });
});

if (!existsSync(bin)) describe.skip('README commands [skipped: dist/ not built; run npm run build]', () => it('', () => {}));
