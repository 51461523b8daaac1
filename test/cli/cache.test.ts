import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../helpers/captureOutput.js';
import { main } from '../../src/cli/main.js';
import { defaultCacheDir } from '../../src/import/cache.js';
import { sample } from '../helpers/shared.js';

const output = captureOutput();
const entries = (dir: string): string[] => {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.surfcd-index'));
  } catch {
    return [];
  }
};

describe('surfcd --cache / --no-cache', () => {
  it('--cache DIR writes one entry, the cached run prints the same bytes; --no-cache writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-cli-cache-'));
    expect(await main(['contacts', sample('ball-joint.step'), '--format', 'csv', '--cache', dir])).toBe(0);
    const first = output.stdout;
    expect(entries(dir)).toHaveLength(1);
    output.stdout = '';
    expect(await main(['contacts', sample('ball-joint.step'), '--format', 'csv', '--cache', dir])).toBe(0);
    expect(output.stdout).toBe(first);
    const before = entries(defaultCacheDir()).length;
    expect(await main(['inspect', sample('ball-joint.step'), '--no-cache'])).toBe(0);
    expect(entries(defaultCacheDir())).toHaveLength(before);
  });

  it('simulate goes through the cache too: one entry, the cached run prints the same report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-cli-cache-'));
    const args = ['simulate', sample('rig.step'), sample('rig.motion.json'), '--format', 'json', '--cache', dir];
    const code = await main(args);
    const first = output.stdout;
    expect(entries(dir)).toHaveLength(1);
    output.stdout = '';
    expect(await main(args)).toBe(code);
    expect(output.stdout).toBe(first);
    expect(JSON.parse(first).summary.steps).toBeGreaterThan(0);
  });
});
