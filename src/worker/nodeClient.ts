/** Node flavour of the assembly worker: worker_threads running `nodeWorker.js`. */
import { Worker } from 'node:worker_threads';
import { AssemblyWorker, type WorkerHandle } from './client.js';
import type { FromWorker } from './protocol.js';

/** Adapts a worker_threads Worker (running surfcd's nodeWorker script). */
function nodeWorkerHandle(worker: Worker): WorkerHandle {
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    attach: (onMessage, onFailure) => {
      worker.on('message', (message: FromWorker) => onMessage(message));
      worker.on('error', (error: Error) => onFailure(error.message));
      worker.on('messageerror', () => onFailure('a message could not be deserialized'));
      worker.on('exit', (code) => onFailure(`exited with code ${code}`));
    },
    busy: (busy) => (busy ? worker.ref() : worker.unref()),
    terminate: () => void worker.terminate(),
  };
}

/**
 * An AssemblyWorker on a Node worker thread. `script` defaults to the built
 * `dist/src/worker/nodeWorker.js` next to this module.
 */
export function createNodeAssemblyWorker(script?: string | { readonly href: string }): AssemblyWorker {
  const file = script === undefined ? new URL('./nodeWorker.js', import.meta.url) : typeof script === 'string' ? script : new URL(script.href);
  return new AssemblyWorker(() => {
    const worker = new Worker(file);
    worker.unref();
    return nodeWorkerHandle(worker);
  });
}
