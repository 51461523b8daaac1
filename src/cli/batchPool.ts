/**
 * A piscina pool of worker threads running batch jobs (batchWorker.ts): `surfcd batch`'s
 * local workers, and the threads of a `surfcd worker`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { SurfcdError, type SurfcdErrorCode } from '../errors.js';
import type { JobName } from '../scale/queue.js';

export interface PoolTask {
  name: JobName;
  data: Record<string, unknown>;
}

export type PoolAnswer = { ok: true; value: unknown } | { ok: false; code?: SurfcdErrorCode; message: string };

export interface BatchPool {
  /** The job's value; its SurfcdError rethrown as one (code kept), anything else as a plain Error (a queue retries those). */
  run(name: JobName, data: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

export function createBatchPool(jobs: number): BatchPool {
  const filename = fileURLToPath(new URL('./batchWorker.js', import.meta.url));
  if (!existsSync(filename)) {
    throw new SurfcdError('WORKER_FAILED', `the batch worker ${filename} is missing: run \`npm run build\` (worker threads need the built JavaScript)`);
  }
  const pool = new Piscina({ filename, minThreads: jobs, maxThreads: jobs, idleTimeout: 60_000 });
  return {
    async run(name, data) {
      const answer = (await pool.run({ name, data } satisfies PoolTask)) as PoolAnswer;
      if (answer.ok) return answer.value;
      throw answer.code ? new SurfcdError(answer.code, answer.message) : new Error(`a batch worker thread failed: ${answer.message}`);
    },
    close: () => pool.destroy(),
  };
}
