// Scale-out: `surfcd batch` over the bundled samples on 1 and 2 local threads and on 2 queue
// workers (a real redis-server on loopback, two `surfcd worker` processes), against a plain
// local run (one `surfcd contacts` process per file); and a split `contacts` of a ~1,000-part
// assembly (every sample tiled, scale/fleet.ts) over 2 queue workers against the local run,
// which must print the same bytes. Every run reads a private, pre-warmed indexed-assembly
// cache, so the figures are the contact work and the machinery, not the CAD import.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findContacts, loadAssembly } from '../../../entries/index.js';
import { contactsJson } from '../../../src/report/contactsReport.js';
import { redisTarget } from '../../../src/scale/redis.js';
import { splitContacts } from '../../../src/scale/splitContacts.js';
import type { BenchOptions, ScenarioOutput, TargetCheck } from '../context.js';
import { fleet } from '../scale/fleet.js';
import { builtCli, redisServer, startRedis, startWorker, stopProcess, waitUntil, type WorkerProcess } from '../scale/redisServer.js';
import { fmt, fmtInt, note, projectRoot, table } from '../util.js';

interface BatchRun { label: string; wallMs: number; jobMs: number; files: number; workers: number }

function cli(args: string[]): { ms: number; stdout: string } {
  const start = performance.now();
  const r = spawnSync(process.execPath, [builtCli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`surfcd ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

function batch(label: string, files: string[], cache: string, workers: number, extra: string[]): BatchRun {
  const out = mkdtempSync(join(tmpdir(), 'surfcd-bench-batch-'));
  try {
    const { ms, stdout } = cli(['batch', ...files, '--out', out, '--cache', cache, '--format', 'json', '--force', ...extra]);
    const rows = (JSON.parse(stdout) as { rows: { status: string; timeMs?: number }[] }).rows;
    const failed = rows.filter((r) => r.status !== 'done').length;
    if (failed > 0) throw new Error(`${label}: ${failed} file(s) not done`);
    return { label, wallMs: ms, jobMs: rows.reduce((s, r) => s + (r.timeMs ?? 0), 0), files: rows.length, workers };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function scaleOut(opts: BenchOptions): Promise<ScenarioOutput> {
  const targets: TargetCheck[] = [];
  const sampleDir = join(projectRoot, 'samples');
  const files = readdirSync(sampleDir).filter((f) => f.endsWith('.step')).sort().map((f) => join(sampleDir, f));
  const cache = mkdtempSync(join(tmpdir(), 'surfcd-bench-scale-'));
  const rows: string[][] = [];
  const json: Record<string, unknown> = {};
  let redis: Awaited<ReturnType<typeof startRedis>> | null = null;
  let workers: WorkerProcess[] = [];
  try {
    const modules = [];
    for (const f of files) modules.push({ name: f.slice(sampleDir.length + 1, -5), assembly: await loadAssembly(f, { cache }) });

    note('scale-out: plain local run, one `surfcd contacts` process per sample');
    let plainMs = 0;
    for (const f of files) plainMs += cli(['contacts', f, '--format', 'json', '--cache', cache]).ms;
    const runs: BatchRun[] = [batch('batch --jobs 1 (this thread)', files, cache, 1, ['--jobs', '1']), batch('batch --jobs 2 (piscina)', files, cache, 2, ['--jobs', '2'])];
    if (redisServer !== null) {
      redis = await startRedis();
      workers = [startWorker(redis.url), startWorker(redis.url)];
      const url = redis.url;
      for (const w of workers) await waitUntil(() => w.log().includes('listening'), 'a worker to listen');
      runs.push(batch('batch --queue, 2 workers × 1 thread', files, cache, 2, ['--queue', url]));
    } else {
      note('scale-out: no redis-server on PATH; queue runs skipped');
    }
    const plainPerFile = plainMs / files.length;
    rows.push(['plain: surfcd contacts per file', fmtInt(plainMs), fmt((files.length / plainMs) * 60_000), fmt(plainPerFile), '–']);
    for (const r of runs) {
      const perJob = (r.wallMs - r.jobMs / r.workers) / r.files;
      rows.push([r.label, fmtInt(r.wallMs), fmt((r.files / r.wallMs) * 60_000), fmt(r.wallMs / r.files), fmt(perJob)]);
    }
    process.stdout.write(
      table(
        `Batch throughput — ${files.length} samples, warm indexed-assembly cache; overhead per job = (wall − Σ job time ÷ workers) ÷ files: start-up, scheduling, queue and writing`,
        ['run', 'wall ms', 'files/min', 'ms per file', 'overhead ms/job'],
        rows,
      ),
    );
    json['batch'] = { files: files.length, plainMs, runs };

    const copies = opts.quick ? 4 : Math.ceil(1000 / modules.reduce((n, m) => n + m.assembly.parts.length, 0));
    const forSplit = fleet(modules, copies);
    const forLocal = fleet(modules, copies);
    note(`scale-out: ${forLocal.parts.length}-part fleet, local findContacts`);
    const t0 = performance.now();
    const local = contactsJson(forLocal, findContacts(forLocal, {}), { mode: 'all-surfaces' });
    const localMs = performance.now() - t0;
    const splitRows: string[][] = [['local findContacts (this thread)', fmtInt(localMs), '–', '–']];
    if (redis !== null) {
      note(`scale-out: ${forSplit.parts.length}-part fleet, split over 2 queue workers`);
      const shared = mkdtempSync(join(tmpdir(), 'surfcd-bench-split-'));
      try {
        const t1 = performance.now();
        let chunks = 0;
        const report = await splitContacts(forSplit, redisTarget(redis.url), { tolerance: 0, mode: 'all-surfaces', method: 'scd', sharedDir: shared, onProgress: (_, total) => (chunks = total) });
        const splitMs = performance.now() - t1;
        const same = contactsJson(forSplit, report, { mode: 'all-surfaces' }) === local;
        const entryBytes = readdirSync(shared).filter((f) => f.endsWith('.surfcd-index')).reduce((n, f) => n + readFileSync(join(shared, f)).length, 0);
        splitRows.push(['split, 2 workers × 1 thread', fmtInt(splitMs), String(chunks), `${fmt(entryBytes / 2 ** 20)} MiB entry, read once per worker thread`]);
        targets.push({ target: 'split contacts = local run, byte for byte', where: `${forLocal.parts.length}-part fleet`, value: same ? 'identical' : 'DIFFERENT', met: same });
        json['split'] = { parts: forLocal.parts.length, candidatePairs: report.candidatePairs, localMs, splitMs, chunks, entryBytes, identical: same };
      } finally {
        rmSync(shared, { recursive: true, force: true });
      }
    } else {
      json['split'] = { parts: forLocal.parts.length, localMs };
    }
    process.stdout.write(table(`Split contacts — ${forLocal.parts.length} parts (${copies} copies of every sample), ${fmtInt(forLocal.parts.reduce((n, p) => n + p.indices.length / 3, 0))} triangles`, ['run', 'wall ms', 'chunks', 'data'], splitRows));
  } finally {
    await Promise.all(workers.map((w) => stopProcess(w.child)));
    await redis?.stop();
    rmSync(cache, { recursive: true, force: true });
  }
  return { json, targets };
}
