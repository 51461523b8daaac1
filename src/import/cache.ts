// The on-disk cache of indexed assemblies (Node only). This file knows files and keys;
// what goes into an entry is src/spatial/serialize.ts's business, and src/spatial/load.ts
// glues the two. Entries are content-addressed: SHA-256 of surfcd's version, the format
// version, the import options and the file's bytes, so an edited file, other options or a
// new surfcd never match an old entry.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readCadFile } from './readFile.js';
import { SurfcdError } from '../errors.js';

/** `true` = the default directory; a string = that directory; `false`/absent = no cache. */
export type CacheOption = boolean | string | { dir: string };

/** `$XDG_CACHE_HOME/surfcd`, else `~/.cache/surfcd` (the XDG default). */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string {
  const base = env['XDG_CACHE_HOME'] && env['XDG_CACHE_HOME'].startsWith('/') ? env['XDG_CACHE_HOME'] : join(homedir(), '.cache');
  return join(base, 'surfcd');
}

/** The cache directory an option asks for, or null for none. */
export function cacheDirOf(option: CacheOption | undefined): string | null {
  if (option === undefined || option === false) return null;
  if (option === true) return defaultCacheDir();
  const dir = typeof option === 'string' ? option : option && typeof option === 'object' ? option.dir : undefined;
  if (typeof dir !== 'string' || dir === '') {
    throw new SurfcdError('INVALID_OPTION', `loadAssembly: cache must be true, false, a directory path or { dir }, got ${JSON.stringify(option)}`);
  }
  return dir;
}

/** surfcd's own version: a release may fit or index differently, so its entries are its own. */
const PACKAGE_VERSION = ((): string => {
  const require = createRequire(import.meta.url);
  // src/import/ when run from source, dist/src/import/ when built.
  for (const path of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = require(path) as { name?: string; version?: string };
      if (pkg.name === 'surfcd') return pkg.version ?? '';
    } catch {
      // not there: try the next
    }
  }
  return '';
})();

/** Hex key of an entry: every input that changes what the entry holds goes in. */
export function cacheKey(bytes: Uint8Array, formatVersion: number, options: Record<string, unknown>): string {
  const hash = createHash('sha256');
  hash.update(`surfcd ${PACKAGE_VERSION} index v${formatVersion}\n${JSON.stringify(options, Object.keys(options).sort())}\n`);
  hash.update(bytes);
  return hash.digest('hex');
}

export function cacheEntryPath(dir: string, key: string): string {
  return join(dir, `${key}.surfcd-index`);
}

/** The entry's bytes, or null when there is none or it cannot be read. */
export async function readCacheEntry(dir: string, key: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(cacheEntryPath(dir, key)));
  } catch {
    return null;
  }
}

/**
 * Writes an entry atomically (temporary file, then rename), so a reader never sees half an
 * entry. Returns false instead of throwing when the directory is not writable: a cache that
 * cannot be written must not fail the command.
 */
export async function writeCacheEntry(dir: string, key: string, data: Uint8Array): Promise<boolean> {
  return writeCacheFile(dir, cacheEntryPath(dir, key), data);
}

/** Writes a file of the cache directory (`path` inside `dir`) atomically, as writeCacheEntry. */
export async function writeCacheFile(dir: string, path: string, data: Uint8Array): Promise<boolean> {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(tmp, data);
    await rename(tmp, path);
    return true;
  } catch {
    await rm(tmp, { force: true }).catch(() => undefined);
    return false;
  }
}

/** The file's bytes, or null when it cannot be read (the importer then reports why). */
export async function readSourceBytes(path: string, maxBytes?: number): Promise<Uint8Array | null> {
  try {
    return await readCadFile(path, maxBytes); // capped, and no devices: /dev/zero must not be hashed forever
  } catch {
    return null;
  }
}
