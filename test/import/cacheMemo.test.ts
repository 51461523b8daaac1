import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { openAssembly } from '../../src/index.js';
import { SERIAL_FORMAT_VERSION } from '../../src/spatial/serialize.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { sample } from '../helpers/shared.js';

// A cached `contacts` run answers from what the entry kept (judged pairs, fastener answer).
// A stale entry must never give an old answer: another file at the same path, other
// options, another format version each give the answer of a run without a cache.

const output = captureOutput();

async function contacts(file: string, ...args: string[]): Promise<string> {
  output.stdout = '';
  expect(await main(['contacts', file, '--format', 'json', ...args])).toBe(0);
  return output.stdout;
}

const entriesIn = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.surfcd-index'));

describe('contacts through the cache: kept answers are never stale', () => {
  it('a cached run prints what an uncached one prints; other options and an edited file are answered afresh', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-memo-'));
    const file = join(dir, 'assembly.step');
    copyFileSync(sample('review-classes.step'), file);
    const truth = await contacts(file, '--no-cache');
    expect(await contacts(file, '--cache', dir)).toBe(truth); // miss: judged, kept
    const [entry] = entriesIn(dir);
    const kept = readFileSync(join(dir, entry!));
    expect(await contacts(file, '--cache', dir)).toBe(truth); // hit: recalled
    expect(readFileSync(join(dir, entry!))).toEqual(kept); // nothing new to write
    const loaded = await openAssembly(file, { cache: dir });
    expect(Object.keys(loaded.memo.encoded()).sort()).toEqual(['contacts/1 ["all-surfaces",0.01,0.01]', 'fasteners/1 [0.01]']);

    // other options: judged afresh (and kept beside the first answer)
    expect(await contacts(file, '--cache', dir, '--tolerance', '0.05')).toBe(await contacts(file, '--no-cache', '--tolerance', '0.05'));
    expect(await contacts(file, '--cache', dir)).toBe(truth);

    // another file at the same path: another entry, its own answer
    copyFileSync(sample('bolt-nut.step'), file);
    const other = await contacts(file, '--no-cache');
    expect(other).not.toBe(truth);
    expect(await contacts(file, '--cache', dir)).toBe(other);
    expect(await contacts(file, '--cache', dir)).toBe(other);
  });

  it('an entry of another format version is rebuilt, never read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-memo-'));
    const file = join(dir, 'assembly.step');
    copyFileSync(sample('review-classes.step'), file);
    const truth = await contacts(file, '--no-cache');
    expect(await contacts(file, '--cache', dir)).toBe(truth);
    const path = join(dir, entriesIn(dir)[0]!);
    const bytes = readFileSync(path);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(8, true)).toBe(SERIAL_FORMAT_VERSION);
    view.setUint32(8, SERIAL_FORMAT_VERSION - 1, true);
    writeFileSync(path, bytes);
    expect((await openAssembly(file, { cache: dir })).outcome).toBe('rewritten');
    view.setUint32(8, SERIAL_FORMAT_VERSION - 1, true);
    writeFileSync(path, bytes);
    expect(await contacts(file, '--cache', dir)).toBe(truth);
    expect(new DataView(readFileSync(path).buffer).getUint32(8, true)).toBe(SERIAL_FORMAT_VERSION);
  });
});
