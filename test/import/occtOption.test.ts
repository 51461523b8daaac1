import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { occtModule } from '../../src/index.js';
import { loadAssembly as loadBytes, readAssembly as readBytes } from '../../src/load.js';
import { occtWasmPath } from '../helpers/bundle.js';
import { sample } from '../helpers/shared.js';

const bytes = (): Uint8Array => new Uint8Array(readFileSync(sample('ball-joint.step')));
const codeAndMessage = async (work: Promise<unknown>): Promise<string> =>
  work.then(() => 'resolved', (e: { code?: string; message: string }) => `${e.code}: ${e.message}`);

describe('loadAssembly from surfcd/load: where occt comes from', () => {
  it('uses an occt instance the caller passes (or a promise of one), the same as the default', async () => {
    const instance = await occtModule();
    const calls: string[] = [];
    const spy = { ...instance, ReadStepFile: (b: Uint8Array, p: unknown) => (calls.push('step'), instance.ReadStepFile(b, p as never)) };
    const mine = await loadBytes(bytes(), { occt: Promise.resolve(spy) });
    const plain = await loadBytes(bytes());
    expect(calls).toEqual(['step']);
    expect(mine.parts.map((p) => [p.path, p.surfaces.length, p.indices.length])).toEqual(plain.parts.map((p) => [p.path, p.surfaces.length, p.indices.length]));
  });

  it('starts occt from a wasm location given as a path', async () => {
    const assembly = await loadBytes(bytes(), { locateWasm: occtWasmPath });
    expect(assembly.parts.length).toBeGreaterThan(1);
  });

  it('rejects what is not an occt instance or a location, and paths without a reader, naming the option', async () => {
    expect(await codeAndMessage(loadBytes(bytes(), { occt: {} as never }))).toMatch(/^INVALID_OPTION: loadAssembly: "occt" is not an occt-import-js instance/);
    expect(await codeAndMessage(loadBytes(bytes(), { locateWasm: 42 as never }))).toMatch(/^INVALID_OPTION: loadAssembly: "locateWasm" must be a URL or a path string, got number/);
    expect(await codeAndMessage(readBytes('samples/rig.step'))).toMatch(/^INVALID_OPTION: samples\/rig\.step: reading a file path needs the Node entry \('surfcd'\) or a "readFile" option/);
    const viaReader = await readBytes('in-memory.step', { readFile: async () => bytes() });
    expect(viaReader.parts.length).toBeGreaterThan(1);
  });
});
