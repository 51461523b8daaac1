/**
 * Entry of the Web Worker script (bundle it, see README "In the browser"): serves
 * `AssemblyWorker` requests. Has a side effect by design: it installs the message handler.
 */
import { serveAssemblyLoads } from './serve.js';

interface WorkerScope {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', handler: (event: { data: unknown }) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
serveAssemblyLoads({
  post: (message, transfer) => scope.postMessage(message, transfer),
  listen: (handler) => scope.addEventListener('message', (event) => handler(event.data)),
});
