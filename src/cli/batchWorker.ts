/**
 * Worker-thread side of the batch pool (piscina's entry). The thread's task runner keeps the
 * last assembly a chunk job loaded, so the chunks of one split load it once per thread. The
 * thread first imports the module that registered the first-party plugins in the thread that
 * started it (a package entry's), since threads share no module state.
 */
import { workerData } from 'node:worker_threads';
import type { BatchWorkerData } from './batchPool.js';
import { createTaskRunner } from './batchJob.js';

const setup = (workerData as BatchWorkerData | null)?.firstPartySetup;
if (typeof setup === 'string') await import(setup);

export default createTaskRunner();
