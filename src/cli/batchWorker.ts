/**
 * Worker-thread side of the batch pool (piscina's entry). The thread's task runner keeps the
 * last assembly a chunk job loaded, so the chunks of one split load it once per thread.
 */
import { createTaskRunner } from './batchJob.js';

export default createTaskRunner();
