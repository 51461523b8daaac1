/**
 * Both ends of surfcd's BullMQ queue. The coordinator (`batch --queue`, `contacts --queue`)
 * adds jobs whose ids are content hashes and waits for them; `surfcd worker` processes
 * them. Recovery is BullMQ's own: a worker that dies mid-job stops renewing its lock, the
 * stalled-job check hands the job to another worker, failures retry with exponential
 * backoff, and a job that keeps failing (or keeps killing its worker) ends failed after its
 * attempts, which the coordinator reports as that job's error.
 */
import { Queue, QueueEvents, UnrecoverableError, Worker, type Job } from 'bullmq';
import { isSurfcdError, SurfcdError } from '../errors.js';
import { checkReachable, connectionOptions, reason, type RedisTarget } from './redis.js';
import { decodeResult, encodeResult } from './results.js';

export const QUEUE_NAME = 'surfcd';

export type JobName = 'file' | 'chunk';

export interface QueueJob {
  name: JobName;
  /** A content hash of everything the result depends on: the same job is done once. */
  id: string;
  data: { sharedDir: string | null } & Record<string, unknown>;
}

export type JobOutcome = { ok: true; value: unknown } | { ok: false; error: string };

export interface RunOptions {
  /** Tries per job, counting the first (default 3). */
  attempts?: number;
  /** First retry delay; each further retry waits twice as long (default 1000 ms). */
  backoffMs?: number;
  /** Redo jobs the queue still holds as finished, instead of taking their results. */
  force?: boolean;
  /** Called as each job ends, in the order they end. */
  onDone?: (index: number, outcome: JobOutcome) => void;
  /** Called (once) when jobs wait and no worker has been connected to the queue for a while. */
  onNoWorkers?: () => void;
  /** How often to look for workers while jobs wait (default 10 s). */
  workerCheckMs?: number;
}

/** How long finished jobs stay in Redis: long enough for a re-run to pick them up. */
const KEEP_COMPLETED_S = 3600;
const KEEP_FAILED_S = 24 * 3600;

/**
 * Adds the jobs and waits for every one; a failed job is an outcome, never a thrown error.
 * One listener per event kind serves every job (a listener per job does not scale to the
 * thousands of chunks of a big split).
 */
export async function runOnQueue(target: RedisTarget, jobs: readonly QueueJob[], options: RunOptions = {}): Promise<JobOutcome[]> {
  await checkReachable(target);
  const connection = connectionOptions(target);
  const queue = new Queue(QUEUE_NAME, { connection });
  const events = new QueueEvents(QUEUE_NAME, { connection });
  const ignore = (error: unknown): void => void error; // reconnects are ioredis's business; a lost server shows as jobs not finishing
  queue.on('error', ignore);
  events.on('error', ignore);
  const outcomes: JobOutcome[] = new Array(jobs.length);
  const indexOf = new Map(jobs.map((job, index) => [job.id, index] as const));
  let left = jobs.length;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  if (left === 0) allDone();
  const decoding: Promise<void>[] = [];
  const settle = (jobId: string, outcome: Promise<JobOutcome>): void => {
    const index = indexOf.get(jobId);
    if (index === undefined || outcomes[index] !== undefined) return;
    outcomes[index] = { ok: false, error: 'pending' }; // claimed: a late duplicate event is ignored
    decoding.push(
      outcome.then((value) => {
        outcomes[index] = value;
        options.onDone?.(index, value);
        if (--left === 0) allDone();
      }),
    );
  };
  const decoded = (jobId: string, encoded: unknown): Promise<JobOutcome> =>
    decodeResult(encoded, jobId).then(
      (value): JobOutcome => ({ ok: true, value }),
      (error: unknown): JobOutcome => ({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  events.on('completed', ({ jobId, returnvalue }) => settle(jobId, decoded(jobId, parseReturn(returnvalue))));
  events.on('failed', ({ jobId, failedReason }) => settle(jobId, Promise.resolve({ ok: false, error: failedReason })));
  try {
    await events.waitUntilReady();
    for (const spec of jobs) {
      const existing = await queue.getJob(spec.id);
      if (!existing) continue;
      const state = await existing.getState();
      // A failure may have been the machine's (workers killed); forcing redoes a finished job.
      if (state === 'failed' || (options.force && state === 'completed')) await existing.remove();
    }
    const added = await queue.addBulk(
      jobs.map((spec) => ({
        name: spec.name,
        data: spec.data,
        opts: {
          jobId: spec.id,
          attempts: options.attempts ?? 3,
          backoff: { type: 'exponential', delay: options.backoffMs ?? 1000 },
          removeOnComplete: { age: KEEP_COMPLETED_S },
          removeOnFail: { age: KEEP_FAILED_S },
        },
      })),
    );
    // Jobs that were already done (an earlier run), or ended before the listeners saw them.
    for (const job of added) {
      const id = String(job.id);
      const state = await job.getState();
      if (state === 'completed' || state === 'failed') {
        const fresh = await queue.getJob(id);
        if (state === 'completed') settle(id, decoded(id, fresh?.returnvalue));
        else settle(id, Promise.resolve({ ok: false, error: fresh?.failedReason ?? 'failed' }));
      }
    }
    await waitWatchingWorkers(queue, finished, options.onNoWorkers, options.workerCheckMs ?? 10_000);
    await Promise.all(decoding);
    return outcomes;
  } catch (error) {
    if (isSurfcdError(error)) throw error;
    throw new SurfcdError('QUEUE_FAILED', `${target.label}: ${reason(error, target)}`);
  } finally {
    await Promise.allSettled([queue.close(), events.close()]);
  }
}

/** Waits for `finished`, telling `onNoWorkers` once if no worker is connected at a check. */
async function waitWatchingWorkers(queue: Queue, finished: Promise<void>, onNoWorkers: (() => void) | undefined, everyMs: number): Promise<void> {
  if (!onNoWorkers) return finished;
  let timer: NodeJS.Timeout | undefined;
  const watch = (): void => {
    timer = setTimeout(() => {
      queue.getWorkersCount().then(
        (count) => (count === 0 ? onNoWorkers() : watch()),
        () => watch(),
      );
    }, everyMs);
  };
  watch();
  try {
    await finished;
  } finally {
    clearTimeout(timer);
  }
}

/** QueueEvents hands the return value over as the JSON text BullMQ stored. */
function parseReturn(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export interface ServeOptions {
  /** Jobs processed at once (each on its own thread, through `handle`). */
  concurrency: number;
  /** A worker that has not renewed its lock for this long is taken as dead (default 30 s). */
  stalledSeconds?: number;
  /** Called once per job start and end (for a log line). */
  onEvent?: (message: string) => void;
}

export interface QueueServer {
  close(): Promise<void>;
}

/**
 * Processes jobs with `handle` until closed. A SurfcdError (bad input: a missing or broken
 * file) fails the job at once, without retries; anything else is retried by BullMQ.
 */
export async function serveQueue(target: RedisTarget, handle: (name: JobName, data: QueueJob['data']) => Promise<unknown>, options: ServeOptions): Promise<QueueServer> {
  await checkReachable(target);
  const stalledMs = Math.round((options.stalledSeconds ?? 30) * 1000);
  const worker = new Worker(
    QUEUE_NAME,
    async (job: Job) => {
      const name = job.name as JobName;
      if (name !== 'file' && name !== 'chunk') throw new UnrecoverableError(`job ${job.id}: unknown job name "${job.name}"`);
      const data = job.data as QueueJob['data'];
      options.onEvent?.(`start ${name} ${job.id} (attempt ${job.attemptsMade + 1})`);
      try {
        const value = await handle(name, data);
        const encoded = await encodeResult(value, String(job.id), typeof data.sharedDir === 'string' ? data.sharedDir : null);
        options.onEvent?.(`done ${name} ${job.id}`);
        return encoded;
      } catch (error) {
        options.onEvent?.(`failed ${name} ${job.id}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        if (isSurfcdError(error)) throw new UnrecoverableError(`${error.message} [${error.code}]`);
        throw error;
      }
    },
    {
      connection: connectionOptions(target),
      concurrency: options.concurrency,
      lockDuration: stalledMs,
      stalledInterval: stalledMs,
      maxStalledCount: 2,
    },
  );
  worker.on('error', (error) => options.onEvent?.(`queue error: ${reason(error, target)}`));
  await worker.waitUntilReady();
  return { close: () => worker.close() };
}
