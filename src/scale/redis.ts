/**
 * Where the queue lives: a Redis URL from `--queue` or `REDIS_URL`, turned into BullMQ
 * connection options. Credentials come only from the URL and never appear in a message:
 * every message names the server by `redactedUrl`.
 */
import { Redis } from 'ioredis';
import { SurfcdError } from '../errors.js';

export interface RedisTarget {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The URL without credentials, for messages. */
  label: string;
}

/** How long a server may take to answer the first PING before the command gives up. */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * The target from `--queue <url>`, or from `REDIS_URL` when the flag has no value.
 * `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS.
 */
export function redisTarget(flag: string | true, env: Record<string, string | undefined> = process.env): RedisTarget {
  const text = flag === true ? env['REDIS_URL'] : flag;
  const from = flag === true ? 'REDIS_URL' : '--queue';
  if (text === undefined || text.trim() === '') {
    throw new SurfcdError('INVALID_OPTION', `${from}: expected a Redis URL such as redis://host:6379${flag === true ? ' (--queue without a value reads REDIS_URL, which is not set)' : ''}`);
  }
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new SurfcdError('INVALID_OPTION', `${from}: not a URL (expected redis://host:port)`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new SurfcdError('INVALID_OPTION', `${from}: expected a redis:// or rediss:// URL, got a ${url.protocol}// one`);
  }
  if (url.hostname === '') throw new SurfcdError('INVALID_OPTION', `${from}: the URL names no host`);
  const port = url.port === '' ? 6379 : Number(url.port);
  const dbText = url.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!/^\d*$/.test(dbText) || !Number.isSafeInteger(db)) throw new SurfcdError('INVALID_OPTION', `${from}: the database after the host must be a number, got "/${dbText}"`);
  const label = `${url.protocol}//${url.host}${db !== 0 ? `/${db}` : ''}`;
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    db,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    tls: url.protocol === 'rediss:',
    label,
  };
}

/** ioredis options for BullMQ: blocking commands wait forever (a worker's BRPOPLPUSH), never retried away. */
export function connectionOptions(target: RedisTarget): Record<string, unknown> {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(target.username !== undefined ? { username: target.username } : {}),
    ...(target.password !== undefined ? { password: target.password } : {}),
    ...(target.tls ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    connectTimeout: CONNECT_TIMEOUT_MS,
  };
}

/**
 * Fails with QUEUE_UNREACHABLE within `timeoutMs` when the server does not answer a PING
 * (refused, unreachable, silent, wrong password): BullMQ itself would retry for ever.
 */
export async function checkReachable(target: RedisTarget, timeoutMs = CONNECT_TIMEOUT_MS): Promise<void> {
  const client = new Redis({
    ...connectionOptions(target),
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    connectTimeout: timeoutMs,
  });
  // ioredis rejects with "Connection is closed."; the error event says why (ECONNREFUSED, …).
  let cause: unknown = null;
  client.on('error', (error: unknown) => (cause ??= error));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${(timeoutMs / 1000).toFixed(0)} s`)), timeoutMs);
  });
  try {
    await Promise.race([client.connect().then(() => client.ping()), timeout]);
  } catch (error) {
    throw new SurfcdError('QUEUE_UNREACHABLE', `${target.label}: the Redis server does not answer (${reason(cause ?? error, target)})`);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** The error's first line, with any credential the URL carried blanked out. */
export function reason(error: unknown, target: RedisTarget): string {
  let text = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  for (const secret of [target.password, target.username]) if (secret) text = text.split(secret).join('***');
  return text;
}
