/**
 * Plugins that try to escape, run through the real CLI in a child process (what a timer or
 * process.exit does to a process cannot be observed in the test runner's own process).
 * The CLI and the first-party plugin are bundled with esbuild into a temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/shared.js';
import { bad } from './badFiles.js';

// Inside the project, so the bundle's `import('occt-import-js')` resolves from node_modules (ESM ignores NODE_PATH).
const dir = mkdtempSync(join(projectRoot, 'test/.cli-bundle-'));
const cli = join(dir, 'cli.mjs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  await build({
    entryPoints: { cli: resolve(projectRoot, 'entries/cli.ts'), 'plugins/constraints-basic/index': resolve(projectRoot, 'plugins/constraints-basic/index.ts') },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['occt-import-js'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'silent',
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the bundled CLI; kills it after `limitMs` (a hang shows as code null). */
function run(args: string[], limitMs = 90_000): Promise<Run> {
  return new Promise((done) => {
    const start = Date.now();
    const child = spawn(process.execPath, [cli, ...args]);
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: Date.now() - start });
    });
  });
}

const plugin = (name: string): string => bad(`plugins/${name}.mjs`);

describe('5. plugins cannot take the CLI down (real process)', () => {
  it('all escapes at once: each ends the way a CI pipeline expects', async () => {
    const out = mkdtempSync(join(tmpdir(), 'surfcd-escape-out-'));
    writeFileSync(join(out, 'keep.json'), 'previous');
    const [timer, rejection, thrown] = await Promise.all([
      run(['constraints', bad('two-boxes.step'), '--plugin', plugin('timer'), '--format', 'json']),
      run(['constraints', bad('two-boxes.step'), '--plugin', plugin('unhandled-rejection'), '--out', join(out, 'keep.json')]),
      run(['constraints', bad('two-boxes.step'), '--plugin', plugin('throw-in-timer'), '--out', join(out, 'new.json')]),
    ]);
    // A timer left running does not keep the CLI alive: the report is written and it exits 0.
    expect(timer.code, timer.stderr).toBe(0);
    expect(JSON.parse(timer.stdout).schema).toBe('surfcd/constraints@1');
    // An unhandled rejection / a throw in a timer: PLUGIN_FAILED naming the plugin, one line, nothing written.
    for (const [r, name, kind] of [
      [rejection, 'unhandled-rejection', 'an unhandled promise rejection \\(Error: nobody awaits me\\)'],
      [thrown, 'throw-in-timer', 'a throw in a timer or callback \\(Error: thrown from a timer\\)'],
    ] as const) {
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^surfcd: plugin "${name}" \\(.*${name}\\.mjs\\): ${kind}; .*\\[PLUGIN_FAILED\\]\\n$`));
      expect(r.stdout).toBe('');
    }
    expect(readdirSync(out).sort()).toEqual(['keep.json']); // no new.json, no *.tmp
  }, 120_000); // three CLI processes each start occt (~1 s alone, far more on a loaded machine); a hang is still caught (killed → code null)
});
