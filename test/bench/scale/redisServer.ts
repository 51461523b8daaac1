// A real redis-server and real `surfcd worker` processes, for the queue tests and the
// scale-out bench: started on a free loopback port (127.0.0.1 only), with no persistence,
// and stopped by whoever started them. No test framework here: the bench imports it too.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
/** The built CLI (from the source tree, or from dist/test/bench/scale when the bench runs built). */
export const builtCli = join(root.endsWith('/dist') ? resolve(root, '..') : root, 'dist/cli/surfcd.js');

/** `redis-server` when it runs here, else null. */
export const redisServer: string | null = (() => {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return found.status === 0 ? 'redis-server' : null;
})();

/** A port nothing listens on right now (the OS's choice). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RedisProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  if (redisServer === null) throw new Error('no redis-server on PATH');
  const child = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on 127.0.0.1:${port}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

/** SIGTERM, then SIGKILL if the process has not gone within 5 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

/** A `surfcd worker` process (the built CLI), its stderr collected. */
export interface WorkerProcess {
  child: ChildProcess;
  log: () => string;
}

export function startWorker(url: string, extra: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, [builtCli, 'worker', '--queue', url, '--jobs', '1', '--stalled-seconds', '2', ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, log: () => text };
}

/** Polls until `ready()` or the deadline (then throws naming `what`). */
export async function waitUntil(ready: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs the built CLI; resolves with its exit code and output. */
export function runCli(args: string[], env: Record<string, string> = {}): { done: Promise<{ code: number | null; stdout: string; stderr: string }>; child: ChildProcess } {
  const child = spawn(process.execPath, [builtCli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { done, child };
}
