/**
 * A piscina pool of worker threads running batch jobs (batchWorker.ts): `surfcd batch`'s
 * local workers, and the threads of a `surfcd worker`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { SurfcdError, type SurfcdErrorCode } from '../errors.js';
import type { JobName } from '../scale/queue.js';
import { firstPartySetupModule } from '../constraints/plugins.js';

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

/**
 * `jobs` threads; or, with `inThread`, this thread (for `batch --jobs 1`: no thread start-up,
 * and no built worker script needed). Never in-thread for a queue worker: a long job would
 * block the event loop that renews its lock, and BullMQ would take it for stalled.
 */
/** What a batch worker thread is started with. */
export interface BatchWorkerData {
  /** The module that handed the first-party plugins to the registry (null: none did). */
  firstPartySetup: string | null;
}

export function createBatchPool(jobs: number, { inThread = false } = {}): BatchPool {
  if (inThread) return inThreadPool();
  const filename = fileURLToPath(new URL('./batchWorker.js', import.meta.url));
  if (!existsSync(filename)) {
    throw new SurfcdError('WORKER_FAILED', `the batch worker ${filename} is missing: run \`npm run build\` (worker threads need the built JavaScript)`);
  }
  // A thread shares no module state: it registers the first-party plugins as this one's entry did.
  const workerData: BatchWorkerData = { firstPartySetup: firstPartySetupModule() };
  const pool = new Piscina({ filename, workerData, minThreads: jobs, maxThreads: jobs, idleTimeout: 60_000 });
  return {
    run: async (name, data) => valueOf((await pool.run({ name, data } satisfies PoolTask)) as PoolAnswer),
    close: () => pool.destroy(),
  };
}

/** One job at a time, like one thread: the jobs' times do not overlap and one assembly is in memory. */
function inThreadPool(): BatchPool {
  let runner: ((task: PoolTask) => Promise<PoolAnswer>) | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  return {
    run(name, data) {
      const next = previous.then(async () => {
        runner ??= (await import('./batchJob.js')).createTaskRunner();
        return valueOf(await runner({ name, data }));
      });
      previous = next.catch(() => undefined);
      return next;
    },
    close: async () => undefined,
  };
}

function valueOf(answer: PoolAnswer): unknown {
  if (answer.ok) return answer.value;
  throw answer.code ? new SurfcdError(answer.code, answer.message) : new Error(`a batch job failed: ${answer.message}`);
}
