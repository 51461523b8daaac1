/**
 * The queue tests' switch: they need a real redis-server (test/bench/scale/redisServer.ts
 * starts one) and the built CLI for the worker processes, and skip visibly, with the reason,
 * when either is missing (`.ci/run` installs the Debian package).
 */
import { existsSync } from 'node:fs';
import { describe } from 'vitest';
import { builtCli, redisServer } from '../bench/scale/redisServer.js';

export { builtCli, freePort, runCli, startRedis, startWorker, stopProcess, waitUntil, type RedisProcess, type WorkerProcess } from '../bench/scale/redisServer.js';

/** Why queue tests cannot run here, or null when they can. */
export const redisUnavailable: string | null = redisServer === null ? 'no redis-server on PATH (apt-get install redis-server)' : !existsSync(builtCli) ? 'dist/cli/surfcd.js not built (npm run build)' : null;

export const describeRedis = (title: string, body: () => void): void => {
  if (redisUnavailable === null) describe(title, body);
  else describe.skip(`${title} [skipped: ${redisUnavailable}]`, body);
};
