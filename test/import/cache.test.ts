import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findContacts, loadAssembly, openAssembly, SurfcdError, updateAssemblyCache, type Assembly } from '../../src/index.js';
import { cacheDirOf, defaultCacheDir } from '../../src/import/cache.js';
import { surfaceKindOf } from '../../src/model/surfaceKindOf.js';
import { sample } from '../helpers/shared.js';

const contactsOf = (a: Assembly): string => JSON.stringify(findContacts(a).contacts);

describe('indexed-assembly cache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'surfcd-cache-'));
  const entry = (): string => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.surfcd-index'));
    expect(files).toHaveLength(1);
    return join(dir, files[0]!);
  };

  it('writes on the first load, reads on the next, rewrites corrupt and truncated entries', async () => {
    const fresh = await loadAssembly(sample('rig.step'));
    const firstLoad = await openAssembly(sample('rig.step'), { cache: dir });
    expect(firstLoad.outcome).toBe('miss');
    const first = firstLoad.assembly;
    const secondLoad = await openAssembly(sample('rig.step'), { cache: dir });
    expect(secondLoad.outcome).toBe('hit');
    expect(secondLoad.entry!.key).toBe(firstLoad.entry!.key);
    const second = secondLoad.assembly;
    expect(second.source).toBe(sample('rig.step'));
    expect(second.name).toBe(fresh.name);
    expect(second.parts.map((p) => p.path)).toEqual(fresh.parts.map((p) => p.path));
    expect(contactsOf(second)).toBe(contactsOf(fresh));
    expect(contactsOf(first)).toBe(contactsOf(fresh));

    // Fitted kinds join the entry and come back.
    const surface = second.parts[0]!.surfaces[0]!;
    const kind = surfaceKindOf(surface);
    expect(await updateAssemblyCache(secondLoad)).toBe(true);
    expect(await updateAssemblyCache(secondLoad)).toBe(false); // nothing new
    // Without its entry an assembly has nothing to update: the cache holds no state of its own.
    expect(await updateAssemblyCache({ assembly: second, entry: null })).toBe(false);
    const third = await loadAssembly(sample('rig.step'), { cache: dir });
    expect(third.parts[0]!.surfaces[0]!.kind).toEqual(kind);

    const bytes = readFileSync(entry());
    writeFileSync(entry(), bytes.subarray(0, bytes.length >> 1));
    const afterTruncation = await openAssembly(sample('rig.step'), { cache: dir });
    expect(afterTruncation.outcome).toBe('rewritten');
    expect(contactsOf(afterTruncation.assembly)).toBe(contactsOf(fresh));
    const flipped = readFileSync(entry());
    flipped[flipped.length - 64]! ^= 0xff;
    writeFileSync(entry(), flipped);
    expect((await openAssembly(sample('rig.step'), { cache: dir })).outcome).toBe('rewritten');
    expect((await openAssembly(sample('rig.step'), { cache: dir })).outcome).toBe('hit');
  });

  it('keys on the import options, and a missing file still fails with FILE_NOT_FOUND', async () => {
    expect((await openAssembly(sample('rig.step'), { cache: dir, angularDeflection: 0.4 })).outcome).toBe('miss');
    await expect(loadAssembly(join(dir, 'missing.step'), { cache: dir })).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
  });

  it('loads without caching when the directory cannot be written', async () => {
    const file = join(dir, 'not-a-dir');
    writeFileSync(file, 'x');
    const a = await openAssembly(sample('rig.step'), { cache: join(file, 'sub') });
    expect(a.outcome).toBe('unwritable');
    expect(a.entry).toBeNull();
    expect(a.assembly.parts.length).toBeGreaterThan(0);
    expect((await openAssembly(sample('rig.step'))).outcome).toBe('off');
  });

  it('validates the option and finds the XDG directory', () => {
    expect(cacheDirOf(undefined)).toBeNull();
    expect(cacheDirOf(false)).toBeNull();
    expect(cacheDirOf('/x')).toBe('/x');
    expect(cacheDirOf({ dir: '/y' })).toBe('/y');
    expect(() => cacheDirOf(42 as never)).toThrow(SurfcdError);
    expect(() => cacheDirOf('' as never)).toThrow(/cache must be/);
    expect(defaultCacheDir({ XDG_CACHE_HOME: '/c' })).toBe('/c/surfcd');
    expect(defaultCacheDir({ XDG_CACHE_HOME: 'relative' })).toMatch(/\.cache\/surfcd$/);
    expect(existsSync(dir)).toBe(true);
  });
});
