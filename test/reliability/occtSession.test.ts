import { describe, expect, it, vi } from 'vitest';
import type { OcctModule } from '../../src/import/occt.js';
import { OcctFailure, runOcct, type OcctSource } from '../../src/import/occtSession.js';

/** A stand-in for occt-import-js started the way occt.ts starts it: prints like Emscripten, traps on demand. */
function fakeSource(): OcctSource & { instances: number } {
  let sink: ((line: string) => void) | null = null;
  let current: Promise<OcctModule> | null = null;
  const source = {
    instances: 0,
    setOutput: (s: ((line: string) => void) | null) => void (sink = s),
    reset: () => void (current = null),
    module: (): Promise<OcctModule> => {
      if (current) return current;
      source.instances++;
      let poisoned = false;
      sink?.('startup chatter'); // outside any call: must go nowhere
      const read = (content: Uint8Array): { success: boolean } => {
        if (poisoned) throw new Error('poisoned instance used again');
        sink?.(`*** ERR StepReaderData : Unresolved Reference : Fails Count : ${content.length} ***`);
        if (content[0] === 0xff) {
          poisoned = true;
          throw Object.assign(new Error('unreachable'), { name: 'RuntimeError' }); // what a WASM trap looks like
        }
        return { success: true };
      };
      current = Promise.resolve({ ReadStepFile: read, ReadIgesFile: read, ReadBrepFile: read } as unknown as OcctModule);
      return current;
    },
  };
  return source;
}

describe('runOcct: captured output, a fresh instance after a trap (items 1, 2)', () => {
  it('captures print per call, never writes to stdout, and restarts after a trap', async () => {
    const source = fakeSource();
    const write = vi.spyOn(process.stdout, 'write');
    try {
      const ok = await runOcct(source, (m) => m.ReadStepFile(new Uint8Array(3), null));
      expect(ok.messages).toEqual(['*** ERR StepReaderData : Unresolved Reference : Fails Count : 3 ***']);
      const failure = await runOcct(source, (m) => m.ReadStepFile(new Uint8Array([0xff]), null)).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(OcctFailure);
      expect((failure as OcctFailure).message).toBe('RuntimeError: unreachable');
      expect((failure as OcctFailure).messages).toHaveLength(1);
      // the poisoned instance was dropped: the next call gets a fresh one and succeeds
      const again = await runOcct(source, (m) => m.ReadStepFile(new Uint8Array(5), null));
      expect(again.value).toEqual({ success: true });
      expect(source.instances).toBe(2);
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
    }
  });
});
