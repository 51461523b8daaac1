// `surfcd batch` in this process (--jobs 1 runs in-thread), and the queue's bad-input paths
// that need no Redis: a server that refuses, one that never answers, a missing shared cache.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runFileJob } from '../../src/cli/batchJob.js';
import { contentHash } from '../../src/scale/batch.js';
import { captureOutput } from '../helpers/captureOutput.js';
import { freePort } from '../helpers/redis.js';
import { sample } from '../helpers/shared.js';

const output = captureOutput();
const rows = (): { name: string; status: string; error?: string; parts?: number }[] => JSON.parse(output.stdout).rows;

describe('surfcd batch (local)', () => {
  it('one result per file equal to `contacts --format json`; a missing file is a failed row; unchanged files are skipped, --force and new options redo them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-batch-'));
    for (const f of ['ball-joint.step', 'stack.step']) copyFileSync(sample(f), join(dir, f));
    const out = mkdtempSync(join(tmpdir(), 'surfcd-batch-out-'));
    const args = ['batch', dir, join(dir, 'gone.step'), '--out', out, '--jobs', '1', '--no-cache', '--format', 'json'];
    expect(await main(args)).toBe(1);
    expect(rows().map((r) => [r.name, r.status])).toEqual([['ball-joint', 'done'], ['gone', 'failed'], ['stack', 'done']]);
    expect(rows()[1]!.error).toMatch(/gone\.step: cannot read the file/);
    expect(rows()[0]!.parts).toBe(2);
    const batchResult = readFileSync(join(out, 'stack.contacts.json'), 'utf8');
    for (const f of ['summary.json', 'summary.csv', 'summary.html']) expect(readFileSync(join(out, f), 'utf8').length).toBeGreaterThan(0);

    output.stdout = '';
    expect(await main(['contacts', join(dir, 'stack.step'), '--format', 'json', '--no-cache'])).toBe(0);
    expect(output.stdout).toBe(batchResult);

    output.stdout = '';
    expect(await main(args)).toBe(1);
    expect(rows().map((r) => r.status)).toEqual(['unchanged', 'failed', 'unchanged']);

    writeFileSync(join(dir, 'stack.step'), readFileSync(sample('stack.step'), 'utf8') + '\n'); // same geometry, new bytes
    output.stdout = '';
    expect(await main(args)).toBe(1);
    expect(rows().map((r) => r.status)).toEqual(['unchanged', 'failed', 'done']);

    output.stdout = '';
    expect(await main([...args, '--tolerance', '0.02'])).toBe(1);
    expect(rows().map((r) => r.status)).toEqual(['done', 'failed', 'done']);

    output.stdout = '';
    expect(await main([...args, '--tolerance', '0.02', '--force'])).toBe(1);
    expect(rows().map((r) => r.status)).toEqual(['done', 'failed', 'done']);
    expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toMatch(/^file,status,parts,clash/);
  });

  it('usage errors name the flag (exit 2)', async () => {
    expect(await main(['batch', sample('stack.step'), '--clearance', '0.2'])).toBe(2);
    expect(output.stderr).toMatch(/--clearance: applies to the HTML report; add --report/);
    expect(await main(['batch', sample('stack.step'), '--jobs', '0'])).toBe(2);
    expect(output.stderr).toMatch(/--jobs: expected a number ≥ 1/);
    expect(await main(['batch', sample('stack.step'), '--attempts', '1.5'])).toBe(2);
    expect(output.stderr).toMatch(/--attempts: expected an integer/);
  });

  it('a job whose file is gone, or changed since the batch hashed it, is refused naming the file; shipped bytes stand in for a path the worker cannot read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surfcd-job-'));
    const path = join(dir, 'stack.step');
    copyFileSync(sample('stack.step'), path);
    const options = { tolerance: 0, mode: 'all-surfaces' as const, method: 'scd', report: false, load: {} };
    await expect(runFileJob({ path: join(dir, 'nope.step'), content: 'x', options, cache: false, sharedDir: null })).rejects.toThrow(/nope\.step: no such file on this worker/);
    await expect(runFileJob({ path, content: '0'.repeat(64), options, cache: false, sharedDir: null })).rejects.toThrow(/stack\.step: the file changed after the batch started/);
    const content = (await contentHash(path))!;
    const done = await runFileJob({ path, content, options, cache: false, sharedDir: null });
    expect(done.row.parts).toBe(3);
    // A worker without the shared filesystem reads the bytes the job carries, and names the same source.
    const bytes = readFileSync(path).toString('base64');
    const elsewhere = join(dir, 'only-on-the-coordinator', 'stack.step');
    const shipped = await runFileJob({ path: elsewhere, content, options, cache: false, sharedDir: null, bytes });
    expect(shipped.contacts).toBe(done.contacts.replace(JSON.stringify(path), JSON.stringify(elsewhere)));
    await expect(runFileJob({ path: elsewhere, content: '0'.repeat(64), options, cache: false, sharedDir: null, bytes })).rejects.toThrow(/only-on-the-coordinator\/stack\.step: the bytes in the job do not match its content hash/);
  });
});

describe('queue options that fail before any work', () => {
  let silent: Server;
  let silentPort = 0;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // accepts connections and never says a word (a firewall, a wrong service)
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a refused connection: one line naming the server, never the password (exit 1)', async () => {
    const port = await freePort();
    expect(await main(['batch', sample('stack.step'), '--out', mkdtempSync(join(tmpdir(), 'surfcd-q-')), '--queue', `redis://admin:s3cret@127.0.0.1:${port}`])).toBe(1);
    expect(output.stderr).toMatch(new RegExp(`surfcd: redis://127\\.0\\.0\\.1:${port}: the Redis server does not answer \\(.*ECONNREFUSED.*\\) \\[QUEUE_UNREACHABLE\\]`));
    expect(output.stderr + output.stdout).not.toContain('s3cret');
  });

  it('a server that never answers ends the worker with a clear error instead of a hang; REDIS_URL is read when --queue has no value', { timeout: 20_000 }, async () => {
    const before = process.env['REDIS_URL'];
    process.env['REDIS_URL'] = `redis://:t0ps3cret@127.0.0.1:${silentPort}`;
    try {
      expect(await main(['worker', '--queue', '--jobs', '1'])).toBe(1);
    } finally {
      if (before === undefined) delete process.env['REDIS_URL'];
      else process.env['REDIS_URL'] = before;
    }
    expect(output.stderr).toMatch(/the Redis server does not answer \(no answer within 3 s\) \[QUEUE_UNREACHABLE\]/);
    expect(output.stderr).not.toContain('t0ps3cret');
  });

  it('contacts --queue needs the cache the workers read; checked before the file is read', async () => {
    expect(await main(['contacts', 'missing.step', '--queue', 'redis://127.0.0.1:1', '--no-cache'])).toBe(2);
    expect(output.stderr).toMatch(/--queue: the workers read the indexed assembly from the cache; drop --no-cache/);
    expect(await main(['contacts', 'missing.step', '--queue', 'redis://127.0.0.1:1', '--chunk-pairs', '0'])).toBe(2);
    expect(output.stderr).toMatch(/--chunk-pairs: expected a number ≥ 1/);
  });
});
