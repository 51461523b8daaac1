/** Entry of the Node worker_threads script behind `createNodeAssemblyWorker`. */
import { parentPort } from 'node:worker_threads';
import { serveAssemblyLoads } from './serve.js';

if (!parentPort) throw new Error('surfcd nodeWorker: run me with new Worker(...), not directly');
const port = parentPort;
serveAssemblyLoads({
  post: (message, transfer) => port.postMessage(message, transfer),
  listen: (handler) => port.on('message', handler),
});
