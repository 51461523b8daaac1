/**
 * `surfcd batch`: the CAD files of a run, their job keys (content hash and options), the
 * state that lets a re-run skip what did not change, and the run itself over an executor
 * (a local worker pool, or the queue). A failing file is a row with its error; the batch
 * goes on.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { SurfcdError } from '../errors.js';
import { cacheKey } from '../import/cache.js';
import { writeFileAtomic } from '../report/writeOutput.js';
import { summaryCsv, summaryHtml, summaryJson, summaryOf, type BatchRow, type BatchSummary } from './summary.js';

const CAD_EXTENSIONS = new Set(['.step', '.stp', '.iges', '.igs', '.brep', '.brp']);
const STATE_FILE = 'batch-state.json';
const STATE_SCHEMA = 'surfcd/batch-state@1';
/** Bumped when what a job writes changes shape, so old states never match. */
const BATCH_FORMAT = 1;

/** One input file of a batch. */
export interface BatchInput {
  /** Absolute path. */
  path: string;
  /** Stem of its result files, unique in the batch. */
  name: string;
}

/** What the job of one file gives back. */
export interface FileResult {
  row: Required<Pick<BatchRow, 'parts' | 'clash' | 'expected' | 'contained' | 'duplicate' | 'worstDepth' | 'timeMs'>>;
  contacts: string;
  report?: string;
}

export type FileOutcome = { ok: true; result: FileResult } | { ok: false; error: string };

/** A job to run: the input, its key, and its index in the batch. */
export interface PendingFile extends BatchInput {
  index: number;
  /** SHA-256 of the file's bytes. */
  content: string;
  /** The job key: content, options and surfcd's version. */
  key: string;
}

/** Runs the pending files and calls `done` for each as it ends (any order). */
export type BatchExecutor = (files: readonly PendingFile[], done: (file: PendingFile, outcome: FileOutcome) => void) => Promise<void>;

/**
 * Files named directly, and the CAD files (by extension) under the directories named, in
 * sorted order. A named file that does not exist stays in the list (its row says so).
 */
export async function listCadFiles(inputs: readonly string[]): Promise<BatchInput[]> {
  if (inputs.length === 0) throw new SurfcdError('INVALID_ARGUMENT', 'batch: name at least one CAD file or directory');
  const paths: string[] = [];
  for (const input of inputs) {
    const path = resolve(input);
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) {
      const found = await cadFilesUnder(path);
      if (found.length === 0) throw new SurfcdError('INVALID_ARGUMENT', `${input}: no CAD files (${[...CAD_EXTENSIONS].join(' ')}) in this directory`);
      paths.push(...found);
    } else {
      paths.push(path);
    }
  }
  const unique = [...new Set(paths)].sort();
  return uniqueNames(unique);
}

async function cadFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && CAD_EXTENSIONS.has(extname(e.name).toLowerCase())).map((e) => join(e.parentPath, e.name));
}

/** File stems, with -2, -3, … for files of different directories that share one. */
function uniqueNames(paths: readonly string[]): BatchInput[] {
  const seen = new Map<string, number>();
  return paths.map((path) => {
    const stem = basename(path, extname(path)) || 'unnamed';
    const n = (seen.get(stem) ?? 0) + 1;
    seen.set(stem, n);
    return { path, name: n === 1 ? stem : `${stem}-${n}` };
  });
}

/** SHA-256 of the file's bytes, streamed (a large file is never held whole); null when unreadable. */
export async function contentHash(path: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch {
    return null;
  }
  return hash.digest('hex');
}

/** The job key of a file: its content hash, the job options (nested ones too, in any key order) and surfcd's version. */
export function jobKey(content: string, options: Record<string, unknown>): string {
  return cacheKey(new TextEncoder().encode(content), BATCH_FORMAT, { options: JSON.stringify(sortedKeys(options)) });
}

/** The value with every object's keys sorted, so equal options give equal JSON. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]));
}

interface BatchState {
  schema: typeof STATE_SCHEMA;
  /** By output name: the key its results were made with, and their row. */
  files: Record<string, { key: string; row: BatchRow }>;
}

async function readState(out: string): Promise<BatchState['files']> {
  try {
    const state = JSON.parse(await readFile(join(out, STATE_FILE), 'utf8')) as BatchState;
    return state.schema === STATE_SCHEMA && state.files && typeof state.files === 'object' ? state.files : {};
  } catch {
    return {}; // none yet, or unreadable: everything is redone
  }
}

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

export interface BatchOptions {
  out: string;
  /** Options that change a result (and so the key): tolerance, mode, report, load flags, … */
  jobOptions: Record<string, unknown>;
  report: boolean;
  force: boolean;
  execute: BatchExecutor;
  /** Called once the files to run are known, and after each ends. */
  onStart?: (total: number, skipped: number) => void;
  onDone?: (file: PendingFile, outcome: FileOutcome) => void;
}

/** Runs the batch and writes the results and the summary into `out`. */
export async function runBatch(inputs: readonly BatchInput[], options: BatchOptions): Promise<BatchSummary> {
  await mkdir(options.out, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new SurfcdError('WRITE_FAILED', `${options.out}: cannot create the output directory (${error.code ?? String(error)})`);
  });
  const previous = await readState(options.out);
  const rows: BatchRow[] = new Array(inputs.length);
  const state: BatchState['files'] = {};
  const pending: PendingFile[] = [];
  for (const [index, input] of inputs.entries()) {
    const content = await contentHash(input.path);
    const files = resultFiles(input.name, options.report);
    if (content === null) {
      rows[index] = { file: input.path, name: input.name, status: 'failed', error: `${input.path}: cannot read the file (missing or unreadable)` };
      continue;
    }
    const key = jobKey(content, options.jobOptions);
    const before = previous[input.name];
    if (!options.force && before?.key === key && before.row.status === 'done' && (await Promise.all(Object.values(files).map((f) => exists(join(options.out, f))))).every(Boolean)) {
      rows[index] = { ...before.row, status: 'unchanged' };
      state[input.name] = before;
      continue;
    }
    pending.push({ ...input, index, content, key });
  }
  options.onStart?.(pending.length, inputs.length - pending.length);
  const writes: Promise<void>[] = [];
  await options.execute(pending, (file, outcome) => {
    writes.push(
      finish(file, outcome, options).then((row) => {
        rows[file.index] = row;
        if (row.status === 'done') state[file.name] = { key: file.key, row };
        options.onDone?.(file, outcome);
      }),
    );
  });
  await Promise.all(writes);
  const summary = summaryOf(rows, options.jobOptions);
  await writeFileAtomic(join(options.out, STATE_FILE), JSON.stringify({ schema: STATE_SCHEMA, files: state } satisfies BatchState, null, 2) + '\n');
  await writeFileAtomic(join(options.out, 'summary.json'), summaryJson(summary));
  await writeFileAtomic(join(options.out, 'summary.csv'), summaryCsv(summary));
  await writeFileAtomic(join(options.out, 'summary.html'), summaryHtml(summary));
  return summary;
}

function resultFiles(name: string, report: boolean): { contacts: string; report?: string } {
  return { contacts: `${name}.contacts.json`, ...(report ? { report: `${name}.html` } : {}) };
}

/** Writes a file's results (each atomically) and returns its row. */
async function finish(file: PendingFile, outcome: FileOutcome, options: BatchOptions): Promise<BatchRow> {
  if (!outcome.ok) return { file: file.path, name: file.name, status: 'failed', error: outcome.error };
  const files = resultFiles(file.name, options.report);
  await writeFileAtomic(join(options.out, files.contacts), outcome.result.contacts);
  if (files.report !== undefined && outcome.result.report !== undefined) await writeFileAtomic(join(options.out, files.report), outcome.result.report);
  return { file: file.path, name: file.name, status: 'done', ...outcome.result.row, ...files };
}
