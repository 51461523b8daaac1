import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAssembly, openAssembly } from '../../src/index.js';
import { main } from '../../src/cli/main.js';
import { deserializeAssembly, serializeAssembly } from '../../src/spatial/serialize.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { bad } from '../reliability/badFiles.js';

const output = captureOutput();
const entryIn = (dir: string): string => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.surfcd-index'));
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
};

describe('cache entries for loads with warnings', () => {
  it('a load with warnings is cached; the hit returns the same warnings, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-cache-warn-'));
    const fresh = await loadAssembly(bad('dangling-ref.step'));
    expect(fresh.warnings!.length).toBeGreaterThan(0);
    expect((await openAssembly(bad('dangling-ref.step'), { cache: dir })).outcome).toBe('miss');
    const loaded = await openAssembly(bad('dangling-ref.step'), { cache: dir });
    expect(loaded.outcome).toBe('hit');
    const hit = loaded.assembly;
    expect(hit.warnings).toEqual(fresh.warnings);
    expect(hit.parts.map((p) => p.path)).toEqual(fresh.parts.map((p) => p.path));
  });

  it('a clean load comes back with an empty list, not undefined', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-cache-warn-'));
    await loadAssembly(bad('box.step'), { cache: dir });
    const loaded = await openAssembly(bad('box.step'), { cache: dir });
    expect(loaded.outcome).toBe('hit');
    const hit = loaded.assembly;
    expect(hit.warnings).toEqual([]);
  });

  it('a stored warning that is not a load warning makes the entry invalid (rebuilt, never trusted)', async () => {
    const assembly = await loadAssembly(bad('dangling-ref.step'));
    const good = serializeAssembly(assembly);
    expect(deserializeAssembly(good).warnings).toEqual(assembly.warnings);
    const forged = serializeAssembly({ ...assembly, warnings: [{ code: 'NOT_A_CODE' as never, message: 'x' }] });
    expect(() => deserializeAssembly(forged, 'f.step')).toThrow(/indexed assembly for f\.step: warning 0: not a load warning/);
  });

  it('CLI: the cached run says the warnings again on stderr and --strict still exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-cache-warn-'));
    const args = ['inspect', bad('dangling-ref.step'), '--format', 'json', '--cache', dir];
    expect(await main(args)).toBe(0);
    const first = { stdout: output.stdout, warnings: output.stderr.split('\n').filter((l) => l.includes('warning:')) };
    expect(first.warnings.length).toBeGreaterThan(0);
    const bytes = readFileSync(entryIn(dir));
    output.stdout = '';
    output.stderr = '';
    expect(await main(args)).toBe(0);
    expect(readFileSync(entryIn(dir))).toEqual(bytes); // a hit: nothing rewritten
    expect(output.stdout).toBe(first.stdout);
    expect(output.stderr.split('\n').filter((l) => l.includes('warning:'))).toEqual(first.warnings);
    output.stderr = '';
    expect(await main([...args, '--strict'])).toBe(1);
    expect(output.stderr).toMatch(/import warning\(s\) and --strict is set \[STRICT_WARNINGS\]/);
    writeFileSync(entryIn(dir), bytes);
  });
});
