/**
 * Worker-thread side of the batch pool: runs file jobs and chunk jobs. A thread keeps the
 * last assembly a chunk job loaded, so the chunks of one split load it once per thread.
 * Errors come back as values: a thrown SurfcdError would lose its class and code crossing
 * the thread boundary.
 */
import { isSurfcdError } from '../errors.js';
import { chunkAnswerer, type ChunkJobData } from '../scale/splitContacts.js';
import { runFileJob, type FileJobData } from './batchJob.js';
import type { PoolTask, PoolAnswer } from './batchPool.js';

const answerChunk = chunkAnswerer();

export default async function run(task: PoolTask): Promise<PoolAnswer> {
  try {
    const value = task.name === 'file' ? await runFileJob(task.data as FileJobData) : await answerChunk(task.data as ChunkJobData);
    return { ok: true, value };
  } catch (error) {
    if (isSurfcdError(error)) return { ok: false, code: error.code, message: error.message };
    return { ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
