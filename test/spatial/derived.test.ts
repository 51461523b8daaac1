import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findContacts, loadAssembly, openAssembly, partFromMesh, updateAssemblyCache } from '../../src/index.js';
import { derivedOf, PartDerived, decodeSurfaceNumbers, encodeSurfaceNumbers, type DerivedKind } from '../../src/model/derived.js';
import { assemblyFromData, assemblyToData } from '../../src/spatial/cloneable.js';
import { deserializeAssembly, serializeAssembly } from '../../src/spatial/serialize.js';
import { surfaceShell } from '../../src/model/surfaceShell.js';
import { sample } from '../helpers/shared.js';

const cube = () =>
  partFromMesh({
    name: 'cube',
    positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1],
    indices: [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7],
    surfaces: [{ first: 0, last: 5 }, { first: 6, last: 11 }],
  });

describe('PartDerived: one owner for what a part derives', () => {
  const COUNTER: DerivedKind<number[]> = { name: 'test-counter', encode: (v) => Float64Array.from(v), decode: (d) => Array.from(d as Float64Array) };
  const LOCAL: DerivedKind<string> = { name: 'test-local' };

  it('builds once, keeps, and encodes only the kinds that have a codec', () => {
    const part = cube();
    let builds = 0;
    const a = derivedOf(part).of(COUNTER, part, () => (builds++, [1, 2, 3]));
    const b = derivedOf(part).of(COUNTER, part, () => (builds++, [9]));
    expect(a).toBe(b);
    expect(builds).toBe(1);
    expect(derivedOf(part).changed).toBe(true); // a kept kind was built
    derivedOf(part).set(LOCAL, 'x');
    expect(Object.keys(derivedOf(part).encoded(part))).toEqual(['test-counter']);
    expect(derivedOf(part).names()).toEqual(['test-counter', 'test-local']);
  });

  it('stored data is decoded on first use; data that does not decode is built again', () => {
    const part = cube();
    const store = new PartDerived();
    store.restore({ 'test-counter': Float64Array.of(4, 5) });
    expect(store.get(COUNTER, part)).toEqual([4, 5]);
    expect(store.changed).toBe(false); // decoding what was stored changes nothing
    const broken = new PartDerived();
    broken.restore({ 'test-counter': 'not numbers' });
    const THROWING: DerivedKind<number[]> = { ...COUNTER, decode: () => { throw new Error('bad'); } };
    expect(broken.get(THROWING, part)).toBeUndefined();
    expect(broken.of(THROWING, part, () => [7])).toEqual([7]);
  });

  it('per-surface numbers round-trip, and refuse data of another part', () => {
    const part = cube();
    const list = [undefined, null, { r: 2 }, undefined] as ({ r: number } | null | undefined)[];
    const four = { surfaces: [0, 1, 2, 3] } as never;
    const data = encodeSurfaceNumbers(list, 1, (v) => [v.r]);
    expect(decodeSurfaceNumbers(data, four, 1, (n) => ({ r: n[0]! }))).toEqual(list);
    expect(() => decodeSurfaceNumbers(data, part, 1, (n) => ({ r: n[0]! }))).toThrow(/do not fit/);
  });

  it('derived data goes through the binary entry and the worker copy unchanged', async () => {
    const assembly = await loadAssembly(sample('ball-joint.step'));
    findContacts(assembly);
    for (const p of assembly.parts) for (const s of p.surfaces) surfaceShell(s);
    const names = assembly.parts.map((p) => derivedOf(p).names().filter((n) => derivedOf(p).encoded(p)[n] !== undefined));
    expect(names.flat()).toContain('surface-shells');
    const back = deserializeAssembly(serializeAssembly(assembly));
    back.parts.forEach((p, i) => expect(derivedOf(p).names()).toEqual(names[i]));
    expect(back.parts.map((p) => p.surfaces.map((s) => surfaceShell(s)))).toEqual(assembly.parts.map((p) => p.surfaces.map((s) => surfaceShell(s))));
    const copy = assemblyFromData(structuredClone(assemblyToData(deserializeAssembly(serializeAssembly(assembly))).data));
    expect(JSON.stringify(findContacts(copy).contacts)).toBe(JSON.stringify(findContacts(assembly).contacts));
  });

  it('a cached CLI-style run keeps what its queries built: the next run through the cache has nothing new to keep', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-derived-'));
    const firstLoad = await openAssembly(sample('rig.step'), { cache: dir });
    const contacts = JSON.stringify(findContacts(firstLoad.assembly).contacts);
    await updateAssemblyCache(firstLoad);
    const secondLoad = await openAssembly(sample('rig.step'), { cache: dir });
    expect(secondLoad.outcome).toBe('hit');
    const second = secondLoad.assembly;
    expect(JSON.stringify(findContacts(second).contacts)).toBe(contacts);
    // Nothing the cache keeps was built or filled in by the second run's queries.
    expect(second.parts.filter((p) => derivedOf(p).changed).map((p) => p.path)).toEqual([]);
    expect(await updateAssemblyCache(secondLoad)).toBe(false);
  });
});
