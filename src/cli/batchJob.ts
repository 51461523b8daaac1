/**
 * The job of one file of `surfcd batch`, the same wherever it runs (a local worker thread or
 * a queue worker on another machine): what `surfcd contacts --format json` writes, and with
 * `report`, what `surfcd report` writes, plus the summary row.
 */
import { createHash } from 'node:crypto';
import { findContacts } from '../verdict/findContacts.js';
import type { CollideMode } from '../collide/collide.js';
import { isSurfcdError, SurfcdError } from '../errors.js';
import type { CacheOption } from '../import/cache.js';
import type { LoadOptions } from '../import/readAssembly.js';
import { contactsJson, plainReview } from '../report/contactsReport.js';
import { reportHtml } from '../report/htmlReport.js';
import { contentHash, type FileResult } from '../scale/batch.js';
import { chunkAnswerer, type ChunkJobData } from '../scale/splitContacts.js';
import { interferenceCounts } from '../scale/summary.js';
import { openAssembly, type AssemblyLoadOptions } from '../spatial/load.js';
import { updateAssemblyCache } from '../spatial/loadCached.js';
import type { PoolAnswer, PoolTask } from './batchPool.js';
import { reportModelOf } from './report.js';

/** Options that change a file's results (all of them go into its job key). */
export interface FileJobOptions {
  [option: string]: unknown;
  tolerance: number;
  mode: CollideMode;
  method: string;
  /** Also the HTML report (`surfcd report`). */
  report: boolean;
  /** The report's largest radial gap of a fit shown as clearance (`report --clearance`). */
  clearance?: number;
  load: LoadOptions;
}

export interface FileJobData {
  [field: string]: unknown;
  path: string;
  /** SHA-256 of the file when the job was made: a file changed since is not answered. */
  content: string;
  options: FileJobOptions;
  cache: CacheOption;
  /** Directory shared with the coordinator, for results too large for the queue. */
  sharedDir: string | null;
  /** The file's bytes (base64), for a worker that cannot read `path`; only for small files. */
  bytes?: string;
}

/**
 * Where the job's file comes from: its path when this machine reads the same bytes there
 * (through the cache), else the bytes the job carries, under the same path, so the result
 * names the same source either way.
 */
async function sourceOf(data: FileJobData): Promise<Pick<AssemblyLoadOptions, 'cache' | 'readFile'>> {
  const here = await contentHash(data.path);
  if (here === data.content) return { cache: data.cache };
  if (data.bytes !== undefined) {
    const bytes = new Uint8Array(Buffer.from(data.bytes, 'base64'));
    if (createHash('sha256').update(bytes).digest('hex') !== data.content) throw new SurfcdError('QUEUE_FAILED', `${data.path}: the bytes in the job do not match its content hash`);
    return { cache: false, readFile: async () => bytes };
  }
  if (here === null) throw new SurfcdError('FILE_NOT_FOUND', `${data.path}: no such file on this worker (is it on a filesystem the workers share?)`);
  throw new SurfcdError('FILE_UNREADABLE', `${data.path}: the file changed after the batch started (content hash differs); run the batch again`);
}

export async function runFileJob(data: FileJobData): Promise<FileResult> {
  const start = performance.now();
  const { options } = data;
  const loaded = await openAssembly(data.path, { ...options.load, ...(await sourceOf(data)) });
  const assembly = loaded.assembly;
  const found = findContacts(assembly, { tolerance: options.tolerance, mode: options.mode, method: options.method, memo: loaded.memo });
  await updateAssemblyCache(loaded); // as `contacts` does: keep the surface kinds the verdicts fitted
  const review = plainReview(assembly, found);
  const contacts = contactsJson(assembly, found, { mode: options.mode, interferenceOnly: false, review });
  const report = options.report ? reportHtml(assembly, reportModelOf(assembly, { tolerance: options.tolerance, clearance: options.clearance })) : undefined;
  const interfering = found.pairs.filter((p) => p.verdict === 'interference');
  return {
    row: {
      parts: assembly.parts.length,
      ...interferenceCounts(review.interferences),
      worstDepth: interfering.reduce((worst, p) => Math.max(worst, p.depth), 0),
      timeMs: performance.now() - start,
    },
    contacts,
    ...(report !== undefined ? { report } : {}),
  };
}

/**
 * Runs file and chunk tasks, keeping the last assembly a chunk loaded. Errors come back as
 * values: a thrown SurfcdError would lose its class and code crossing a thread boundary.
 */
export function createTaskRunner(): (task: PoolTask) => Promise<PoolAnswer> {
  const answerChunk = chunkAnswerer();
  return async (task) => {
    try {
      const value = task.name === 'file' ? await runFileJob(task.data as FileJobData) : await answerChunk(task.data as ChunkJobData);
      return { ok: true, value };
    } catch (error) {
      if (isSurfcdError(error)) return { ok: false, code: error.code, message: error.message };
      return { ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
  };
}
