import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeAssemblyWorker, findContacts, loadAssembly, SurfcdError, type Assembly, type LoadProgress } from '../../src/index.js';
import { bundle, bundleDir, occtWasmPath } from '../helpers/bundle.js';
import { sample } from '../helpers/shared.js';

const summary = (a: Assembly) => a.parts.map((p) => [p.path, p.surfaces.length, p.indices.length / 3]);
const contacts = (a: Assembly) => findContacts(a).contacts.map((c) => `${c.partA}:${c.surfaceA}|${c.partB}:${c.surfaceB}`);

describe('createNodeAssemblyWorker (worker_threads)', () => {
  let script: string;
  let local: Assembly;
  const rigBytes = readFileSync(sample('rig.step'));
  beforeAll(async () => {
    // Vitest runs TypeScript; the worker thread needs JavaScript: bundle the worker entry.
    script = join(bundleDir(), 'nodeWorker.cjs');
    await bundle('src/worker/nodeWorker.ts', script, { platform: 'node', format: 'cjs' });
    local = await loadAssembly(sample('rig.step'));
  });

  it('loads rig.step off the main thread: same parts, indexes and contacts as in-process, with progress', async () => {
    const worker = createNodeAssemblyWorker(script);
    const progress: LoadProgress[] = [];
    try {
      const remote = await worker.load(new Uint8Array(rigBytes), { locateWasm: occtWasmPath, fileName: 'rig.step', onProgress: (p) => progress.push(p) });
      expect(summary(remote)).toEqual(summary(local));
      // Indexed in the worker, not here: the trees arrive as they were built.
      remote.parts.forEach((p, i) => {
        expect(p.surfaceTree).not.toBeNull();
        expect(p.surfaces.every((s) => s.part === p)).toBe(true);
        expect(Array.from(p.surfaceTree!.nodeBoxes)).toEqual(Array.from(local.parts[i]!.surfaceTree!.nodeBoxes));
      });
      expect(contacts(remote)).toEqual(contacts(local));
      expect(progress.map((p) => p.stage)).toEqual(['start', 'read', ...local.parts.map(() => 'index'), 'transfer']);
      expect(progress.at(-2)).toEqual({ stage: 'index', done: local.parts.length, total: local.parts.length });
    } finally {
      worker.terminate();
    }
  });

  it('an AbortSignal stops the load (the worker is restarted for the next one); errors keep their code', async () => {
    const worker = createNodeAssemblyWorker(script);
    try {
      const controller = new AbortController();
      const aborted = worker.load(new Uint8Array(rigBytes), {
        locateWasm: occtWasmPath,
        signal: controller.signal,
        onProgress: (p) => p.stage === 'read' && controller.abort(new Error('user cancelled')),
      });
      await expect(aborted).rejects.toThrow('user cancelled');
      // Answered by a fresh worker: the aborted one was terminated.
      const empty = await worker.load(new Uint8Array(0), { locateWasm: occtWasmPath }).catch((e: unknown) => e);
      expect(empty).toBeInstanceOf(SurfcdError);
      expect((empty as SurfcdError).code).toBe('EMPTY_FILE');
    } finally {
      worker.terminate();
    }
  });
});
