/**
 * The worker side: reads and indexes assemblies, posting progress, and sends them back as
 * transferable plain data (no re-indexing on the other side). Browser-safe.
 */
import { isSurfcdError } from '../errors.js';
import { readAssembly } from '../import/readAssembly.js';
import { assemblyToData } from '../spatial/cloneable.js';
import { indexPart } from '../spatial/indexPart.js';
import type { Endpoint, FromWorker, ToWorker } from './protocol.js';

export function serveAssemblyLoads(endpoint: Endpoint): void {
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []): void => endpoint.post(message, transfer);
  endpoint.listen((raw) => {
    const message = raw as ToWorker;
    if (!message || message.type !== 'load') return;
    void load(message, send);
  });
}

async function load(message: ToWorker, send: (m: FromWorker, transfer?: ArrayBuffer[]) => void): Promise<void> {
  const { id, bytes, options } = message;
  try {
    send({ type: 'progress', id, progress: { stage: 'start' } });
    send({ type: 'progress', id, progress: { stage: 'read' } });
    const assembly = await readAssembly(bytes, {
      // occt's call is one step; parts are built one by one (a message each, as the index stage).
      onProgress: ({ phase, done, total, estimateMs, points, msPerPoint }) => {
        if (phase === 'mesh' && done === 0) send({ type: 'progress', id, progress: { stage: 'mesh', ...(estimateMs !== undefined ? { estimateMs, points, msPerPoint } : {}) } });
        else if (phase === 'build' && done > 0) send({ type: 'progress', id, progress: { stage: 'build', done, total } });
      },
      ...(options.format ? { format: options.format } : {}),
      ...(options.linearDeflection !== undefined ? { linearDeflection: options.linearDeflection } : {}),
      ...(options.angularDeflection !== undefined ? { angularDeflection: options.angularDeflection } : {}),
      ...(options.locateWasm !== undefined ? { locateWasm: options.locateWasm } : {}),
    });
    const total = assembly.parts.length;
    assembly.parts.forEach((part, i) => {
      indexPart(part);
      send({ type: 'progress', id, progress: { stage: 'index', done: i + 1, total } });
    });
    const named = options.fileName && assembly.source === undefined ? { ...assembly, source: options.fileName } : assembly;
    send({ type: 'progress', id, progress: { stage: 'transfer' } });
    const { data, transfer } = assemblyToData(named);
    send({ type: 'result', id, data }, transfer);
  } catch (error) {
    if (isSurfcdError(error)) send({ type: 'error', id, code: error.code, message: error.message });
    else send({ type: 'error', id, code: 'IMPORT_FAILED', message: `worker: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}` });
  }
}
