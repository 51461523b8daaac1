import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { bad } from './badFiles.js';

const output = captureOutput();
const temp = mkdtempSync(join(tmpdir(), 'surfcd-reliability-'));
const oneLine = (stderr: string): void => {
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr.trim().split('\n')).toHaveLength(1);
};

describe('CLI: stdout is data only, warnings on stderr, --strict (items 1, 4)', () => {
  it('occt chatter never reaches stdout: JSON stays parseable, warnings go to stderr', async () => {
    expect(await main(['contacts', bad('dangling-ref.step'), '--format', 'json'])).toBe(0);
    const json = JSON.parse(output.stdout);
    expect(json.parts.map((p: { path: string }) => p.path)).toEqual(['kept']);
    expect(output.stderr).toMatch(/^surfcd: warning: .*dangling-ref\.step: 1 reference\(s\) point at entities that are not in the file.* \[UNRESOLVED_REFERENCE\]$/m);
    expect(output.stderr).toMatch(/^surfcd: warning: .*product "lost" \(#\d+\) is in the file but no geometry was read for it \[NO_GEOMETRY\]$/m);
  });
  it('--strict turns warnings into exit 1; a clean file passes --strict', async () => {
    expect(await main(['inspect', bad('dangling-ref.step'), '--strict'])).toBe(1);
    expect(output.stderr).toMatch(/surfcd: .*dangling-ref\.step: 2 import warning\(s\) and --strict is set \[STRICT_WARNINGS\]\n$/);
    expect(await main(['inspect', bad('two-boxes.step'), '--strict', '--format', 'json'])).toBe(0);
  });
  it('/dev/zero is refused at once (also through the default cache), one line, exit 1', async () => {
    expect(await main(['contacts', '/dev/zero'])).toBe(1);
    expect(output.stderr).toBe('surfcd: /dev/zero: is a character device, expected a regular file or a pipe [FILE_UNREADABLE]\n');
  });
  it('nothing with triangles is exit 1, one line', async () => {
    expect(await main(['contacts', bad('pico-unit.step')])).toBe(1);
    expect(output.stderr).toMatch(/\[NO_TRIANGLES\]\n$/);
    oneLine(output.stderr);
  });
});

describe('CLI: --out does what users expect (item 6)', () => {
  it('writes through a symlink into its target, keeping the target mode', async () => {
    const target = join(temp, 'report.json');
    writeFileSync(target, 'old');
    chmodSync(target, 0o640);
    const link = join(temp, 'link.json');
    symlinkSync(target, link);
    expect(await main(['contacts', bad('two-boxes.step'), '--format', 'json', '--out', link])).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8')).schema).toBe('surfcd/contacts@2');
    expect(statSync(target).mode & 0o777).toBe(0o640);
  });
  it('refuses FIFOs and devices, leaves no temp file; --out "" is a usage error', async () => {
    const fifo = join(temp, 'pipe');
    execFileSync('mkfifo', [fifo]);
    expect(await main(['contacts', bad('two-boxes.step'), '--out', fifo])).toBe(1);
    expect(output.stderr).toMatch(/pipe: is a FIFO; --out writes regular files only .*\[WRITE_FAILED\]\n$/);
    // A character device that still is one (an old atomic --out over /dev/null replaces it with a plain file).
    const device = ['/dev/full', '/dev/zero', '/dev/null'].find((d) => existsSync(d) && statSync(d).isCharacterDevice());
    if (device) {
      expect(await main(['contacts', bad('two-boxes.step'), '--out', device])).toBe(1);
      expect(output.stderr).toContain(`${device}: is a device; --out writes regular files only`);
      expect(statSync(device).isCharacterDevice()).toBe(true);
    }
    expect(readdirSync(temp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await main(['contacts', bad('two-boxes.step'), '--out', ''])).toBe(2);
    expect(output.stderr).toMatch(/--out: expected a file name, got "" \[INVALID_OPTION\]/);
  });
});

describe('CLI: options are validated before reading, naming the flag (item 7)', () => {
  const missing = join(temp, 'never-read.step'); // a usage error must come before FILE_NOT_FOUND
  it.each([
    [['contacts', missing, '--format', 'toString'], /--format/],
    [['constraints', missing, '--format', 'toString'], /--format: expected one of table, json, csv, md.*got "toString"/],
    [['constraints', missing, '--format', 'constructor'], /--format: expected one of .*got "constructor"/],
    [['contacts', missing, '--tolerance', '0x10'], /--tolerance: expected a number ≥ 0, got "0x10"/],
    [['contacts', missing, '--tolerance', 'Infinity'], /--tolerance/],
    [['contacts', missing, '--angular-deflection', '100'], /--angular-deflection: expected radians from 0\.01 to below π .*got "100"/],
    [['contacts', missing, '--angular-deflection', '1e-5'], /--angular-deflection: expected radians from 0\.01/],
    [['inspect', missing, '--linear-deflection', '-1'], /--linear-deflection: expected a number > 0/],
    [['inspect', missing, '--max-triangles', '1.5'], /--max-triangles: expected a whole number ≥ 1, got "1\.5"/],
  ])('%j', async (argv, message) => {
    expect(await main(argv as string[])).toBe(2);
    expect(output.stderr).toMatch(message);
    expect(output.stderr).not.toMatch(/FILE_NOT_FOUND|plugin "constraints-basic"/);
    expect(output.stdout).toBe('');
  });
  it('--max-triangles limits a real load with RESOURCE_LIMIT (exit 1)', async () => {
    expect(await main(['contacts', bad('two-boxes.step'), '--max-triangles', '20'])).toBe(1);
    expect(output.stderr).toMatch(/more than 20 triangles \(maxTriangles \/ --max-triangles\) by part ".*"; raise the limit .*\[RESOURCE_LIMIT\]\n$/);
  });
});

describe('CLI: same input, same bytes (item 10)', () => {
  it('contacts --format json is byte-identical across runs; --timings goes to stderr', async () => {
    expect(await main(['contacts', bad('two-boxes.step'), '--format', 'json'])).toBe(0);
    const first = output.stdout;
    output.stdout = '';
    expect(await main(['contacts', bad('two-boxes.step'), '--format', 'json', '--timings'])).toBe(0);
    expect(output.stdout).toBe(first);
    expect(first).not.toMatch(/timings/i);
    expect(JSON.parse(first).contacts.length).toBeGreaterThan(0);
    expect(output.stderr).toMatch(/^load [\d.]+ ms, contacts [\d.]+ ms$/m);
  });
});

describe('CLI: plugin results must be plain data (item 5, in process)', () => {
  it.each([
    ['cyclic-params', /params\.self refers back to itself \(a cycle\)/],
    ['bigint-params', /params\.n is a BigInt/],
    ['function-params', /params\.f is a function/],
  ])('%s is PLUGIN_FAILED naming the plugin', async (name, why) => {
    expect(await main(['constraints', bad('two-boxes.step'), '--plugin', bad(`plugins/${name}.mjs`), '--format', 'json'])).toBe(1);
    expect(output.stderr).toMatch(new RegExp(`plugin "${name}" .*rule "escape": match returned .*`));
    expect(output.stderr).toMatch(why);
    oneLine(output.stderr);
    expect(output.stdout).toBe('');
  });
  it('process.exit(0) inside a rule is PLUGIN_FAILED, not a silent success; nothing is written', async () => {
    const out = join(temp, 'never.json');
    const exit = process.exit;
    expect(await main(['constraints', bad('two-boxes.step'), '--plugin', bad('plugins/process-exit.mjs'), '--out', out])).toBe(1);
    expect(output.stderr).toMatch(/^surfcd: plugin "process-exit" .*rule "escape": match .* threw ProcessExitCalled: process\.exit\(0\) was called \[PLUGIN_FAILED\]\n$/);
    expect(existsSync(out)).toBe(false);
    expect(process.exit).toBe(exit); // the real process.exit is back after the run
  });
});
