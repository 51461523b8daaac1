// loadAssembly through the indexed-assembly cache: a hit deserializes, a miss (or an entry
// that does not check out) imports, indexes and writes the entry.
import { Buffer } from 'node:buffer';
import { basename } from 'node:path';
import { cacheKey, readCacheEntry, readSourceBytes, writeCacheEntry } from '../import/cache.js';
import type { LoadOptions } from '../import/readAssembly.js';
import { derivedOf } from '../model/derived.js';
import { defaultFitTolerance, kindFitTolerance } from '../model/surfaceKindOf.js';
import { surfaceShell } from '../model/surfaceShell.js';
import { flatSurface, slabsOf } from '../model/surfaceSlab.js';
import { partSag } from '../model/tessellationError.js';
import type { Assembly, Surface } from '../model/types.js';
import { isSurfcdError } from '../errors.js';
import type { ImportProgressListener } from '../import/progress.js';
import { indexAssembly, indexPartFully } from './indexPart.js';
import { deserializeEntry, serializeAssembly, SERIAL_FORMAT_VERSION } from './serialize.js';
import { AssemblyMemo } from '../model/assemblyMemo.js';

/**
 * What a load through the cache did: `hit` (read from the entry), `miss` (imported, entry
 * written), `rewritten` (the entry did not check out: imported and written again),
 * `unwritable` (imported, the entry could not be written), `unread` (the file could not be
 * read; the importer threw or answered without the cache), `off` (no cache was asked for).
 */
export type CacheOutcome = 'hit' | 'miss' | 'rewritten' | 'unwritable' | 'unread' | 'off';

/**
 * The cache entry an assembly was read from or written to: where it is and the bytes it
 * holds now, so what later queries derive can be added (`updateAssemblyCache`). The caller
 * holds it beside the assembly; the cache keeps no state of its own.
 */
export interface CacheEntry {
  readonly dir: string;
  readonly key: string;
  /** The entry's bytes as last written or read (replaced by each rewrite). */
  bytes: Uint8Array;
}

/**
 * An assembly loaded through the cache, with the entry it belongs to (none when nothing was
 * written) and its memo: what queries derived from it as a whole, as the entry stored it,
 * for the caller to hand to those queries (`findContacts`'s `memo`).
 */
export interface CachedLoad {
  assembly: Assembly;
  outcome: CacheOutcome;
  entry: CacheEntry | null;
  memo: AssemblyMemo;
}

/** A load that has no entry: an empty memo of its own. */
export function uncached(assembly: Assembly, outcome: CacheOutcome): CachedLoad {
  return { assembly, outcome, entry: null, memo: new AssemblyMemo(assembly) };
}

export async function loadCached(path: string, options: LoadOptions, dir: string): Promise<CachedLoad> {
  const bytes = await readSourceBytes(path, options.maxFileBytes);
  // Unreadable: let the importer throw its usual, precise error.
  if (bytes === null) return uncached(indexAssembly(await importAssembly(path, options), options.onProgress), 'unread');
  // The file name goes in too: an unnamed assembly is named after its file.
  const { meshMsPerPoint: _basis, ...keyed } = options; // how the ETA is estimated does not change the entry
  const key = cacheKey(bytes, SERIAL_FORMAT_VERSION, { ...keyed, fileName: basename(path) });
  const entry = await readCacheEntry(dir, key);
  let stale = false;
  if (entry) {
    try {
      // The entry keeps the import's warnings: a hit says them again, and --strict still fails on them.
      return { ...deserializeEntry(entry, path), outcome: 'hit', entry: { dir, key, bytes: entry } };
    } catch (error) {
      if (!isSurfcdError(error) || error.code !== 'INVALID_CACHE') throw error;
      stale = true; // corrupt, truncated or from another format version: rebuild and rewrite
    }
  }
  const assembly = indexAssembly(await importTimed(path, options, dir), options.onProgress);
  const entryBytes = serializeAssembly(measureSurfaces(assembly, options.onProgress), keepKind);
  const written = await writeCacheEntry(dir, key, entryBytes);
  if (!written) return uncached(assembly, 'unwritable');
  return { assembly, outcome: stale ? 'rewritten' : 'miss', entry: { dir, key, bytes: entryBytes }, memo: new AssemblyMemo(assembly) };
}

/** The import, its mesh phase's ETA from this machine's measured rate, and the rate it measured in turn (meshRate.ts). */
async function importTimed(path: string, options: LoadOptions, dir: string): Promise<Assembly> {
  const { readMeshRate, recordMeshRate } = await import('../import/meshRate.js');
  const rate = options.meshMsPerPoint ?? (await readMeshRate(dir));
  let measured: { elapsedMs: number; points: number } | null = null;
  const onProgress: ImportProgressListener = (p) => {
    if (p.phase === 'mesh' && p.done === 1 && p.elapsedMs !== undefined && p.points !== undefined) measured = { elapsedMs: p.elapsedMs, points: p.points };
    options.onProgress?.(p);
  };
  const assembly = await importAssembly(path, { ...options, onProgress, ...(rate !== undefined ? { meshMsPerPoint: rate } : {}) });
  const m = measured as { elapsedMs: number; points: number } | null;
  if (m) await recordMeshRate(dir, m.elapsedMs, m.points);
  return assembly;
}

/** The importer, loaded only on a miss (a hit never parses occt's wrapper, the sniffer or the part builder). */
async function importAssembly(path: string, options: LoadOptions): Promise<Assembly> {
  const { readAssembly } = await import('../import/readAssembly.js');
  return readAssembly(path, options);
}

/**
 * Queries build triangle trees and measure shells, flat-surface slabs and normal-turn sags
 * lazily; the entry keeps them, so a re-opened assembly never pays for them (none needs a
 * fitted kind).
 */
function measureSurfaces(assembly: Assembly, onProgress?: ImportProgressListener): Assembly {
  const parts = assembly.parts;
  for (let i = 0; i < parts.length; i++) {
    const part = indexPartFully(parts[i]!);
    const slabs = slabsOf(part);
    for (const s of part.surfaces) {
      surfaceShell(s);
      flatSurface(slabs, s);
    }
    partSag(part);
    onProgress?.({ phase: 'measure', done: i + 1, total: parts.length });
  }
  return assembly;
}

/** Only kinds fitted with the default tolerance are what a later default call would compute. */
function keepKind(surface: Surface): boolean {
  const tolerance = kindFitTolerance(surface);
  return tolerance === undefined || tolerance === defaultFitTolerance(surface.part);
}

/**
 * Rewrites the cache entry of an assembly that came through the cache when surface kinds
 * were fitted, or derived data (sags, shells, slabs, trees…) built, since it was written (so the next run
 * skips that work). False when there is no entry or nothing new to keep.
 */
export async function updateAssemblyCache({ assembly, entry, memo }: { assembly: Assembly; entry: CacheEntry | null; memo?: AssemblyMemo }): Promise<boolean> {
  if (!entry || !(memo?.changed || assembly.parts.some((p) => derivedOf(p).changed))) return false;
  // Serialization is deterministic: the same bytes mean nothing new. Kinds and derived data
  // only accumulate in a run, so a shorter entry has lost kinds (refitted with another
  // tolerance, which is not kept) and is not worth writing over the fuller one.
  const bytes = serializeAssembly(assembly, keepKind, memo);
  if (bytes.length < entry.bytes.length || sameBytes(bytes, entry.bytes)) return false;
  entry.bytes = bytes;
  return writeCacheEntry(entry.dir, entry.key, bytes);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}
