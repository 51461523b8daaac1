/**
 * One assembly's contacts over many workers. The coordinator publishes the indexed assembly
 * as an entry of the indexed-assembly cache in a directory every worker sees, runs the broad
 * phase, and enqueues chunks of candidate part pairs by index range; each worker loads the
 * entry once, plans the same broad phase itself (deterministic, a few ms), judges its
 * ranges and sends the judged part pairs back; `mergeContacts` makes them the report a
 * local run makes, byte for byte.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { judgeCandidates, mergeContacts, planContacts, type ContactPlan, type ContactReport, type JudgedPairs } from '../verdict/findContacts.js';
import type { CollideMode } from '../collide/collide.js';
import { SurfcdError } from '../errors.js';
import { readCacheEntry, writeCacheEntry } from '../import/cache.js';
import type { Assembly } from '../model/types.js';
import { updateAssemblyCache, type CacheEntry } from '../spatial/loadCached.js';
import { deserializeAssembly, serializeAssembly } from '../spatial/serialize.js';
import { runOnQueue, type QueueJob } from './queue.js';
import type { RedisTarget } from './redis.js';

export interface SplitOptions {
  tolerance: number;
  mode: CollideMode;
  method: string;
}

/** What a chunk job carries: where the entry is, the options, and a range of candidate pairs. */
export interface ChunkJobData extends SplitOptions {
  [field: string]: unknown;
  sharedDir: string;
  key: string;
  /** Candidate pairs the coordinator's broad phase found: the worker's must match. */
  candidates: number;
  from: number;
  to: number;
}

/** Chunks per split when the caller names no size: enough for a few dozen workers to share. */
const DEFAULT_CHUNKS = 64;
const MIN_CHUNK_PAIRS = 8;

/**
 * The key of the assembly's entry in `dir`: the cache entry it came from (`entry`, brought up
 * to date with what has been measured since), else a new entry keyed by its own bytes.
 */
export async function publishAssembly(assembly: Assembly, dir: string, entry: CacheEntry | null = null): Promise<string> {
  if (entry && resolve(entry.dir) === resolve(dir)) {
    await updateAssemblyCache({ assembly, entry });
    return entry.key;
  }
  const bytes = serializeAssembly(assembly);
  const key = createHash('sha256').update(bytes).digest('hex');
  if (!(await writeCacheEntry(dir, key, bytes))) throw new SurfcdError('WRITE_FAILED', `${dir}: cannot write the indexed assembly for the workers (is the --cache directory writable?)`);
  return key;
}

/** Pairs per chunk: `chunkPairs` when given, else the candidates in about DEFAULT_CHUNKS chunks. */
export function chunkSize(candidates: number, chunkPairs?: number): number {
  if (chunkPairs !== undefined) return chunkPairs;
  return Math.max(MIN_CHUNK_PAIRS, Math.ceil(candidates / DEFAULT_CHUNKS));
}

/** The chunk jobs of a plan; ids hash the entry, the options and the range (a re-run finds them done). */
export function chunkJobs(plan: ContactPlan, key: string, sharedDir: string, options: SplitOptions, pairsPerChunk: number): QueueJob[] {
  const total = plan.candidates.length / 2;
  const jobs: QueueJob[] = [];
  const optionsHash = createHash('sha256').update(JSON.stringify([options.tolerance, options.mode, options.method])).digest('hex').slice(0, 16);
  for (let from = 0; from < total; from += pairsPerChunk) {
    const to = Math.min(total, from + pairsPerChunk);
    const data: ChunkJobData = { sharedDir, key, ...options, candidates: total, from, to };
    jobs.push({ name: 'chunk', id: `chunk-${key}-${optionsHash}-${from}-${to}`, data });
  }
  return jobs;
}

/**
 * The worker's end: answers chunk jobs, loading each entry once and keeping only the last
 * one (with its plans per option set), so memory holds one assembly.
 */
export function chunkAnswerer(): (data: ChunkJobData) => Promise<JudgedPairs> {
  let loaded: { key: string; assembly: Assembly; plans: Map<string, ContactPlan> } | null = null;
  return async (data) => {
    if (loaded?.key !== data.key) {
      const bytes = await readCacheEntry(data.sharedDir, data.key);
      if (!bytes) throw new SurfcdError('FILE_NOT_FOUND', `${data.sharedDir}: no indexed assembly ${data.key} (is the --cache directory shared with this worker?)`);
      loaded = null; // let the previous assembly go before the next is built
      loaded = { key: data.key, assembly: deserializeAssembly(bytes, `cache entry ${data.key}`), plans: new Map() };
    }
    const optionsKey = JSON.stringify([data.tolerance, data.mode, data.method]);
    let plan = loaded.plans.get(optionsKey);
    if (!plan) {
      plan = planContacts(loaded.assembly, { tolerance: data.tolerance, mode: data.mode, method: data.method });
      loaded.plans.set(optionsKey, plan);
    }
    const total = plan.candidates.length / 2;
    if (total !== data.candidates || data.from < 0 || data.to > total || data.from > data.to) {
      throw new SurfcdError('QUEUE_FAILED', `chunk ${data.from}-${data.to} of entry ${data.key}: this worker finds ${total} candidate pairs, the coordinator ${data.candidates} (another surfcd version?)`);
    }
    return judgeCandidates(loaded.assembly, plan, data.from, data.to);
  };
}

export interface SplitRun extends SplitOptions {
  /** Shared directory (the `--cache` directory) where the entry and large results go. */
  sharedDir: string;
  /** Candidate pairs per chunk (default: about 64 chunks). */
  chunkPairs?: number;
  attempts?: number;
  onProgress?: (done: number, total: number) => void;
  onNoWorkers?: () => void;
}

/** `findContacts` of `assembly` with the narrow phase done by queue workers; `entry`: the cache entry it was loaded from, if any (published as it is). */
export async function splitContacts(assembly: Assembly, target: RedisTarget, run: SplitRun, entry: CacheEntry | null = null): Promise<ContactReport> {
  const options: SplitOptions = { tolerance: run.tolerance, mode: run.mode, method: run.method };
  const plan = planContacts(assembly, options);
  const key = await publishAssembly(assembly, run.sharedDir, entry);
  const jobs = chunkJobs(plan, key, run.sharedDir, options, chunkSize(plan.candidates.length / 2, run.chunkPairs));
  let done = 0;
  const outcomes = await runOnQueue(target, jobs, {
    ...(run.attempts !== undefined ? { attempts: run.attempts } : {}),
    ...(run.onNoWorkers ? { onNoWorkers: run.onNoWorkers } : {}),
    onDone: () => run.onProgress?.(++done, jobs.length),
  });
  const chunks: JudgedPairs[] = [];
  outcomes.forEach((outcome, k) => {
    if (!outcome.ok) throw new SurfcdError('QUEUE_FAILED', `${assembly.source ?? assembly.name}: chunk ${k + 1} of ${jobs.length} failed on the workers: ${outcome.error}`);
    chunks.push(outcome.value as JudgedPairs);
  });
  return mergeContacts(plan, chunks);
}
