// loadAssembly through the indexed-assembly cache: a hit deserializes, a miss (or an entry
// that does not check out) imports, indexes and writes the entry.
import { basename } from 'node:path';
import { cacheKey, readCacheEntry, readSourceBytes, writeCacheEntry } from '../import/cache.js';
import type { LoadOptions } from '../import/readAssembly.js';
import { defaultFitTolerance, kindFitTolerance } from '../model/surfaceKindOf.js';
import { knownSurfaceShell, surfaceShell } from '../model/surfaceShell.js';
import { knownSurfaceSlab, slabsOf, surfaceSlab } from '../model/surfaceSlab.js';
import { knownSags, partSag } from '../model/tessellationError.js';
import type { Assembly, Surface } from '../model/types.js';
import { isSurfcdError } from '../errors.js';
import { indexAssembly } from './indexPart.js';
import { deserializeAssembly, serializeAssembly, SERIAL_FORMAT_VERSION } from './serialize.js';

/** Where each cached assembly's entry lives, so fitted kinds and measurements can be added later. */
const entries = new WeakMap<Assembly, { dir: string; key: string; known: number }>();

/** What the last loadCached call did (for the CLI's status line and the tests). */
export let lastCacheOutcome: 'hit' | 'miss' | 'rewritten' | 'unwritable' | 'unread' = 'miss';

export async function loadCached(path: string, options: LoadOptions, dir: string): Promise<Assembly> {
  const bytes = await readSourceBytes(path, options.maxFileBytes);
  // Unreadable: let the importer throw its usual, precise error.
  if (bytes === null) {
    lastCacheOutcome = 'unread';
    return indexAssembly(await importAssembly(path, options));
  }
  // The file name goes in too: an unnamed assembly is named after its file.
  const key = cacheKey(bytes, SERIAL_FORMAT_VERSION, { ...options, fileName: basename(path) });
  const entry = await readCacheEntry(dir, key);
  let stale = false;
  if (entry) {
    try {
      // Entries are only written for loads without warnings (below), so a hit has none.
      const assembly: Assembly = { ...deserializeAssembly(entry, path), warnings: [] };
      entries.set(assembly, { dir, key, known: keptFacts(assembly) });
      lastCacheOutcome = 'hit';
      return assembly;
    } catch (error) {
      if (!isSurfcdError(error) || error.code !== 'INVALID_CACHE') throw error;
      stale = true; // corrupt, truncated or from another format version: rebuild and rewrite
    }
  }
  const assembly = indexAssembly(await importAssembly(path, options));
  // A load with warnings is not cached: the next run imports again and says them again (--strict stays true).
  const written = (assembly.warnings ?? []).length === 0 && (await writeCacheEntry(dir, key, serializeAssembly(measureSurfaces(assembly), keepKind)));
  if (written) entries.set(assembly, { dir, key, known: keptFacts(assembly) });
  lastCacheOutcome = !written ? 'unwritable' : stale ? 'rewritten' : 'miss';
  return assembly;
}

/** The importer, loaded only on a miss (a hit never parses occt's wrapper, the sniffer or the part builder). */
async function importAssembly(path: string, options: LoadOptions): Promise<Assembly> {
  const { readAssembly } = await import('../import/readAssembly.js');
  return readAssembly(path, options);
}

/**
 * Queries measure shells, flat-surface slabs and normal-turn sags lazily; the entry keeps
 * them, so a re-opened assembly never pays for them (none needs a fitted kind).
 */
function measureSurfaces(assembly: Assembly): Assembly {
  for (const part of assembly.parts) {
    const slabs = slabsOf(part);
    for (const s of part.surfaces) {
      surfaceShell(s);
      surfaceSlab(slabs, s);
    }
    partSag(part);
  }
  return assembly;
}

/** Only kinds fitted with the default tolerance are what a later default call would compute. */
function keepKind(surface: Surface): boolean {
  const tolerance = kindFitTolerance(surface);
  return tolerance === undefined || tolerance === defaultFitTolerance(surface.part);
}

/** How many kinds and measurements an entry written now would keep (each only grows). */
function keptFacts(assembly: Assembly): number {
  let n = 0;
  for (const part of assembly.parts) {
    for (const s of part.surfaces) {
      if (s.kind && keepKind(s)) {
        n++;
        if (knownSags(s).sag !== undefined) n++;
      }
      if (knownSags(s).turn !== undefined) n++;
      if (knownSurfaceShell(s) !== undefined) n++;
      if (knownSurfaceSlab(s) !== undefined) n++;
    }
  }
  return n;
}

/**
 * Rewrites the cache entry of an assembly that came through the cache when surface kinds
 * were fitted, or sags, shells or slabs measured, since it was written (so the next run
 * skips that work). False when there is no entry or nothing new to keep.
 */
export async function updateAssemblyCache(assembly: Assembly): Promise<boolean> {
  const entry = entries.get(assembly);
  if (!entry) return false;
  const known = keptFacts(assembly);
  if (known <= entry.known) return false;
  entry.known = known;
  return writeCacheEntry(entry.dir, entry.key, serializeAssembly(assembly, keepKind));
}

/** The cache entry (directory and key) an assembly was read from or written to, if any. */
export function cacheEntryOf(assembly: Assembly): { dir: string; key: string } | undefined {
  const entry = entries.get(assembly);
  return entry ? { dir: entry.dir, key: entry.key } : undefined;
}
