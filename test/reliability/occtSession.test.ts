import { describe, expect, it, vi } from 'vitest';
import type { OcctModule, OcctModuleArg } from '../../src/import/occt.js';
import { OcctFailure, OcctSession } from '../../src/import/occtSession.js';

/** A stand-in for occt-import-js: prints like Emscripten does, and can be told to trap. */
function fakeFactory(): { factory: () => (arg?: OcctModuleArg) => Promise<OcctModule>; instances: number } {
  const state = { instances: 0 };
  const factory = () => async (arg?: OcctModuleArg): Promise<OcctModule> => {
    state.instances++;
    const print = arg?.print ?? console.log;
    let poisoned = false;
    arg?.print?.('startup chatter'); // outside any call: must go nowhere
    const read = (content: Uint8Array): never | { success: boolean } => {
      if (poisoned) throw new Error('poisoned instance used again');
      print(`*** ERR StepReaderData : Unresolved Reference : Fails Count : ${content.length} ***`);
      if (content[0] === 0xff) {
        poisoned = true;
        arg?.onAbort?.('');
        throw Object.assign(new Error('unreachable'), { name: 'RuntimeError' }); // what a WASM trap looks like
      }
      return { success: true };
    };
    return { ReadStepFile: read, ReadIgesFile: read, ReadBrepFile: read } as unknown as OcctModule;
  };
  return { factory, get instances() { return state.instances; } };
}

describe('OcctSession: captured output, restart after a trap (items 1, 2)', () => {
  it('captures print per call, never writes to stdout, and restarts after a trap', async () => {
    const fake = fakeFactory();
    const session = new OcctSession(fake.factory);
    const write = vi.spyOn(process.stdout, 'write');
    try {
      const ok = await session.run((m) => m.ReadStepFile(new Uint8Array(3), null));
      expect(ok.messages).toEqual(['*** ERR StepReaderData : Unresolved Reference : Fails Count : 3 ***']);
      const failure = await session.run((m) => m.ReadStepFile(new Uint8Array([0xff]), null)).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(OcctFailure);
      expect((failure as OcctFailure).message).toBe('RuntimeError: unreachable');
      expect((failure as OcctFailure).messages).toHaveLength(1);
      // the poisoned instance is dropped: the next call gets a fresh one and succeeds
      const again = await session.run((m) => m.ReadStepFile(new Uint8Array(5), null));
      expect(again.value).toEqual({ success: true });
      expect(fake.instances).toBe(2);
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
    }
  });
});
