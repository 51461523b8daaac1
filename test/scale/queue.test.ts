// The queue end to end: a real redis-server on a loopback port, two real `surfcd worker`
// processes (the built CLI), a batch and a split `contacts` through them, one worker killed
// with SIGKILL in the middle of a job. Every result must be there and equal, byte for byte,
// to the local run. Skips visibly without redis-server or a built CLI.
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { describeRedis, runCli, startRedis, startWorker, stopProcess, waitUntil, type RedisProcess, type WorkerProcess } from '../helpers/redis.js';
import { sample } from '../helpers/shared.js';
import { contentHash } from '../../src/scale/batch.js';
import { runOnQueue } from '../../src/scale/queue.js';
import { redisTarget } from '../../src/scale/redis.js';

const output = captureOutput();
const SAMPLES = ['ball-joint.step', 'stack.step', 'interlock.step'];

describeRedis('batch and contacts over BullMQ (real redis-server, two surfcd worker processes)', () => {
  let redis: RedisProcess;
  let workers: WorkerProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => stopProcess(w.child)));
    await redis?.stop();
  });

  it('a coordinator says when no worker is connected, and goes on once workers start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-empty-'));
    copyFileSync(sample('stack.step'), join(dir, 'stack.step'));
    const hash = (await contentHash(join(dir, 'stack.step')))!;
    const data = { path: join(dir, 'stack.step'), content: hash, options: { tolerance: 0, mode: 'all-surfaces', method: 'scd', report: false, load: {} }, cache: false, sharedDir: null };
    let told = 0;
    const run = runOnQueue(redisTarget(redis.url), [{ name: 'file', id: `file-test-${hash}`, data }], {
      workerCheckMs: 100,
      onNoWorkers: () => {
        told++;
        workers = [startWorker(redis.url), startWorker(redis.url)];
      },
    });
    const [outcome] = await run;
    expect(told).toBe(1);
    expect(outcome).toMatchObject({ ok: true, value: { row: { parts: 3 } } });
    for (const w of workers) await waitUntil(() => w.log().includes('listening'), 'a worker to listen');
  });

  it('contacts --queue, one part pair per job over both workers, prints what the local run prints', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'surfcd-split-'));
    const args = ['contacts', sample('flange.step'), '--format', 'json', '--cache', shared];
    const split = await runCli([...args, '--queue', redis.url, '--chunk-pairs', '1']).done;
    expect(split.stderr).not.toMatch(/internal error/);
    expect(split.code).toBe(0);
    expect(await main(args)).toBe(0);
    expect(split.stdout).toBe(output.stdout);
    expect(JSON.parse(split.stdout).contacts.length).toBeGreaterThan(0);
    // both workers answered chunks
    for (const w of workers) expect(w.log()).toMatch(/done chunk/);
  });

  it('batch --queue: a worker killed -9 mid-job loses nothing; results equal the local batch; a re-run takes them by content key; a broken file is a failed row, not retried', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-batch-in-'));
    for (const name of SAMPLES) copyFileSync(sample(name), join(dir, name));
    const localOut = mkdtempSync(join(tmpdir(), 'surfcd-batch-local-'));
    const queueOut = mkdtempSync(join(tmpdir(), 'surfcd-batch-queue-'));
    expect(await main(['batch', dir, '--out', localOut, '--jobs', '1', '--no-cache', '--format', 'json'])).toBe(0);

    const [victim, survivor] = workers as [WorkerProcess, WorkerProcess];
    const started = victim.log().length;
    const run = runCli(['batch', dir, '--out', queueOut, '--no-cache', '--queue', redis.url, '--attempts', '2', '--format', 'json']);
    // Every file here is good and imported (--no-cache): the first job of a worker thread
    // starts the CAD reader, which takes far longer than noticing the start, so the victim
    // is surely mid-job when killed.
    await waitUntil(() => /start file (\S+)/.test(victim.log().slice(started)), 'the victim to start a job');
    victim.child.kill('SIGKILL');
    const killedJob = /start file (\S+)/.exec(victim.log().slice(started))![1]!;
    const result = await run.done;
    expect(result.code).toBe(0);
    expect(victim.log().slice(started)).not.toMatch(new RegExp(`(done|failed) file ${killedJob}`));
    expect(survivor.log()).toMatch(new RegExp(`(done|failed) file ${killedJob}`)); // handed over by the stalled-job check

    const summary = JSON.parse(result.stdout) as { rows: { name: string; status: string; error?: string }[] };
    expect(summary.rows.map((r) => [r.name, r.status])).toEqual([['ball-joint', 'done'], ['interlock', 'done'], ['stack', 'done']]);
    const results = (out: string): string[] => readdirSync(out).filter((f) => f.endsWith('.contacts.json')).sort();
    expect(results(queueOut)).toEqual(SAMPLES.map((s) => s.replace('.step', '.contacts.json')).sort());
    for (const file of results(localOut)) expect(readFileSync(join(queueOut, file), 'utf8')).toBe(readFileSync(join(localOut, file), 'utf8'));

    // Again, with a broken file added, into another directory (no local state to skip with):
    // the queue still holds the finished jobs under their content keys, so the workers only
    // see the broken file, which fails at once (no retries for bad input) and is a row.
    writeFileSync(join(dir, 'broken.step'), 'ISO-10303-21;\nHEADER;\nthis is not STEP\n');
    const logs = workers.map((w) => w.log().length);
    const againOut = mkdtempSync(join(tmpdir(), 'surfcd-batch-again-'));
    const again = await runCli(['batch', dir, '--out', againOut, '--no-cache', '--queue', redis.url, '--format', 'json']).done;
    expect(again.code).toBe(1);
    const rows = (JSON.parse(again.stdout) as { rows: { name: string; status: string; error?: string }[] }).rows;
    expect(rows.map((r) => [r.name, r.status])).toEqual([['ball-joint', 'done'], ['broken', 'failed'], ['interlock', 'done'], ['stack', 'done']]);
    expect(rows[1]!.error).toMatch(/broken\.step: .*\[PARSE_FAILED\]/);
    const newLog = survivor.log().slice(logs[1]);
    expect(newLog.match(/start file/g)).toHaveLength(1);
    expect(newLog).toContain('failed file');
    expect(newLog).not.toContain('done file');
    for (const file of results(localOut)) expect(readFileSync(join(againOut, file), 'utf8')).toBe(readFileSync(join(localOut, file), 'utf8'));
  });
});
