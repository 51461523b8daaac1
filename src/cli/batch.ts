/** `surfcd batch <files… | dir>`: contacts (and reports) of many assemblies, on local threads or queue workers. */
import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { COLLIDE_MODES, type CollideMode } from '../collide/collide.js';
import { narrowPhaseNames } from '../collide/narrowPhases.js';
import { isSurfcdError, SurfcdError } from '../errors.js';
import { listCadFiles, runBatch, type BatchExecutor, type FileOutcome, type FileResult, type PendingFile } from '../scale/batch.js';
import type { BatchSummary } from '../scale/summary.js';
import { textTable } from '../report/textTable.js';
import { DEFAULT_TOLERANCE } from '../model/tolerance.js';
import { addCacheOptions, cacheOf } from './cacheOption.js';
import { createBatchPool } from './batchPool.js';
import type { FileJobData, FileJobOptions } from './batchJob.js';
import { addLoadFlags, loadOptionsOf, type LoadFlags } from './loadFlags.js';
import { parseChoice, parseNumber } from './output.js';
import { noWorkers, progress } from './progress.js';

interface Flags extends LoadFlags {
  out: string;
  jobs?: string;
  report?: boolean;
  clearance?: string;
  tolerance: string;
  mode: string;
  method: string;
  force?: boolean;
  queue?: string | true;
  attempts: string;
  shipBytes: string;
  format: string;
}

/** Files up to this size go inside the job as well as by path (base64 in Redis: 4/3 of it). */
const DEFAULT_SHIP_BYTES = 4 * 1024 * 1024;

const FORMATS = ['table', 'json', 'csv'] as const;

export function parseJobs(value: string | undefined): number {
  if (value === undefined) return Math.max(1, availableParallelism());
  const jobs = parseNumber('--jobs', value, { min: 1 });
  if (!Number.isInteger(jobs) || jobs > 256) throw new SurfcdError('INVALID_OPTION', `--jobs: expected an integer from 1 to 256, got "${value}"`);
  return jobs;
}

/** The batch command and its exit code (1 when a file failed), which main reads once the command ends. */
export function batchCommandModule(): { register(program: Command): Command; takeExitCode(): number } {
  let exitCode = 0;
  return {
    register: (program) => registerBatchCommand(program, () => (exitCode = 1)),
    takeExitCode: () => exitCode,
  };
}

function registerBatchCommand(program: Command, someFileFailed: () => void): Command {
  return addCacheOptions(
    addLoadFlags(
      program
        .command('batch')
        .description('check many assemblies: contacts (and with --report the HTML report) of every CAD file, one result per file and a summary (summary.json / .csv / .html)')
        .argument('<inputs...>', 'CAD files, or directories searched for .step/.stp/.iges/.igs/.brep/.brp files')
        .option('-o, --out <dir>', 'output directory: <name>.contacts.json, <name>.html, summary.*', 'surfcd-batch')
        .option('-j, --jobs <n>', 'local worker threads (default: the number of cores); ignored with --queue')
        .option('--report', 'also write the HTML report of each assembly (surfcd report)')
        .option('-c, --clearance <mm>', 'with --report: largest radial gap of a fit shown as clearance (surfcd report --clearance)')
        .option('-t, --tolerance <mm>', 'surfaces closer than this count as touching (the default of every command)', String(DEFAULT_TOLERANCE))
        .addOption(new Option('--mode <mode>', 'as in surfcd contacts').choices([...COLLIDE_MODES]).default('all-surfaces'))
        .addOption(new Option('--method <name>', 'narrow phase, as in surfcd contacts').choices(narrowPhaseNames()).default('scd'))
        .option('--force', 'redo files whose content and options did not change since the last run in --out')
        .option('--queue [url]', 'run on `surfcd worker` processes through a BullMQ queue on this Redis (redis://host:port; no value: $REDIS_URL)')
        .option('--attempts <n>', 'with --queue: tries per file before it is a failed row', '3')
        .option('--ship-bytes <n>', 'with --queue: files up to this size also travel inside the job, for workers that do not share the filesystem (0: by path only)', String(DEFAULT_SHIP_BYTES))
        .addOption(new Option('--format <format>', 'what goes to stdout: the summary as a table, JSON or CSV').choices([...FORMATS]).default('table')),
    ),
  ).action(async (inputs: string[], flags: Flags) => {
    const jobOptions = fileJobOptions(flags);
    const attempts = parseNumber('--attempts', flags.attempts, { min: 1 });
    if (!Number.isInteger(attempts) || attempts > 100) throw new SurfcdError('INVALID_OPTION', `--attempts: expected an integer from 1 to 100, got "${flags.attempts}"`);
    const format = parseChoice('--format', flags.format, FORMATS);
    if (flags.out.trim() === '') throw new SurfcdError('INVALID_OPTION', '--out: expected a directory name, got ""');
    const jobs = flags.queue === undefined ? parseJobs(flags.jobs) : 0;
    const cache = cacheOf(flags);
    const cacheOption = typeof cache === 'string' ? resolve(cache) : cache;
    const sharedDir = typeof cacheOption === 'string' ? cacheOption : null;
    const files = await listCadFiles(inputs);
    const dataOf = (file: PendingFile): FileJobData => ({ path: file.path, content: file.content, options: jobOptions, cache: cacheOption, sharedDir });
    let bar = progress('batch', 0);
    const shipBytes = parseNumber('--ship-bytes', flags.shipBytes, { min: 0 });
    const execute: BatchExecutor = flags.queue === undefined ? localExecutor(jobs, dataOf) : await queueExecutor(flags.queue, { attempts, force: flags.force ?? false, shipBytes }, dataOf);
    const summary = await runBatch(files, {
      out: resolve(flags.out),
      jobOptions,
      report: jobOptions.report,
      force: flags.force ?? false,
      execute,
      onStart: (total, skipped) => {
        process.stderr.write(`batch: ${files.length} files, ${skipped} unchanged, ${total} to check${flags.queue === undefined ? ` on ${jobs} thread(s)` : ' on the queue'}\n`);
        bar = progress('batch', total);
      },
      onDone: (file, outcome) => bar.tick(`${file.name}${outcome.ok ? '' : ' FAILED'}`),
    });
    bar.stop();
    process.stdout.write(format === 'json' ? JSON.stringify(summary, null, 2) + '\n' : format === 'csv' ? (await import('../scale/summary.js')).summaryCsv(summary) : summaryTable(summary));
    process.stderr.write(`wrote ${resolve(flags.out)}/summary.html\n`);
    if (summary.totals.failed > 0) someFileFailed();
  });
}

function fileJobOptions(flags: Flags): FileJobOptions {
  const tolerance = parseNumber('--tolerance', flags.tolerance, { min: 0 });
  const clearance = flags.clearance === undefined ? undefined : parseNumber('--clearance', flags.clearance, { min: 0 });
  if (clearance !== undefined && !flags.report) throw new SurfcdError('INVALID_OPTION', '--clearance: applies to the HTML report; add --report');
  return {
    tolerance,
    mode: parseChoice('--mode', flags.mode, COLLIDE_MODES) as CollideMode,
    method: flags.method,
    report: flags.report ?? false,
    ...(clearance !== undefined ? { clearance } : {}),
    load: loadOptionsOf(flags),
  };
}

const failure = (error: unknown): FileOutcome => ({ ok: false, error: isSurfcdError(error) ? `${error.message} [${error.code}]` : error instanceof Error ? error.message : String(error) });

function localExecutor(jobs: number, dataOf: (file: PendingFile) => FileJobData): BatchExecutor {
  return async (files, done) => {
    if (files.length === 0) return;
    const pool = createBatchPool(Math.min(jobs, files.length), { inThread: jobs === 1 });
    try {
      await Promise.all(
        files.map((file) =>
          pool.run('file', dataOf(file)).then(
            (value) => done(file, { ok: true, result: value as FileResult }),
            (error: unknown) => done(file, failure(error)),
          ),
        ),
      );
    } finally {
      await pool.close();
    }
  };
}

async function queueExecutor(url: string | true, options: { attempts: number; force: boolean; shipBytes: number }, dataOf: (file: PendingFile) => FileJobData): Promise<BatchExecutor> {
  const { checkReachable, redisTarget } = await import('../scale/redis.js');
  const { runOnQueue } = await import('../scale/queue.js');
  const target = redisTarget(url);
  await checkReachable(target); // before hashing every file: a wrong URL fails in seconds
  return async (files, done) => {
    if (files.length === 0) return;
    const jobs = [];
    for (const file of files) {
      const size = (await stat(file.path)).size;
      const bytes = size <= options.shipBytes ? { bytes: (await readFile(file.path)).toString('base64') } : {};
      jobs.push({ name: 'file' as const, id: `file-${file.key}`, data: { ...dataOf(file), ...bytes } });
    }
    await runOnQueue(target, jobs, {
      onNoWorkers: () => noWorkers(target.label),
      attempts: options.attempts,
      force: options.force,
      onDone: (index, outcome) => done(files[index]!, outcome.ok ? { ok: true, result: outcome.value as FileResult } : { ok: false, error: outcome.error }),
    });
  };
}

function summaryTable(summary: BatchSummary): string {
  const rows = summary.rows.map((r) =>
    r.status === 'failed'
      ? [r.name, r.status, '', '', '', '', '', '', '', r.error ?? '']
      : [r.name, r.status, r.parts ?? '', r.clash ?? '', r.expected ?? '', r.contained ?? '', r.duplicate ?? '', (r.worstDepth ?? 0).toFixed(3), ((r.timeMs ?? 0) / 1000).toFixed(1), r.report ?? r.contacts ?? ''],
  );
  const t = summary.totals;
  return (
    textTable(['assembly', 'status', 'parts', 'clash', 'expected', 'contained', 'duplicate', 'worst mm', 'time s', 'result'], rows, [false, false, true, true, true, true, true, true, true, false]) +
    `\n${t.files} files: ${t.done} checked, ${t.unchanged} unchanged, ${t.failed} failed; ${t.clash} clash, ${t.expected} expected, ${t.contained} contained, ${t.duplicate} duplicate part pairs\n`
  );
}
