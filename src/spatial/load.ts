/**
 * Node flavour of loading: paths are read from the file system, optionally through the
 * indexed-assembly cache. The importer (occt, STEP sniffing, part building) is loaded only
 * when a file is really imported: a cache hit, the CLI's usual case, never parses it.
 */
import { cacheDirOf, type CacheOption } from '../import/cache.js';
import type { LoadOptions } from '../import/readAssembly.js';
import { readCadFile } from '../import/readFile.js';
import type { Assembly } from '../model/types.js';
import { loadCached, uncached, type CachedLoad } from './loadCached.js';
import { assertOptions } from '../model/validate.js';

export { partFromMesh, type MeshInput } from './mesh.js';
export { partFromGeometry, type GeometryLike } from './geometry.js';

export interface AssemblyLoadOptions extends LoadOptions {
  /**
   * Indexed-assembly cache: `true` = `$XDG_CACHE_HOME/surfcd`, a string = that directory,
   * `false`/absent = none. Only used when `source` is a path.
   */
  cache?: CacheOption;
}

const withFileSystem = (options: LoadOptions | undefined): LoadOptions => ({ readFile: readCadFile, ...options });

/** Reads a STEP/IGES/BREP file (path or bytes) and builds every part's S-CD index. */
export async function loadAssembly(source: string | Uint8Array, options: AssemblyLoadOptions = {}): Promise<Assembly> {
  return (await openAssembly(source, options)).assembly;
}

/**
 * `loadAssembly` with the cache entry it came through (`entry`, null without one), which
 * `updateAssemblyCache` brings up to date with what later queries derive.
 */
export async function openAssembly(source: string | Uint8Array, options: AssemblyLoadOptions = {}): Promise<CachedLoad> {
  assertOptions(options, 'loadAssembly');
  const { cache, ...loadOptions } = options ?? {};
  const dir = cacheDirOf(cache);
  if (dir !== null && typeof source === 'string') return loadCached(source, withFileSystem(loadOptions), dir);
  const { loadAssembly: loadAnywhere } = await import('./loadAssembly.js');
  return uncached(await loadAnywhere(source, withFileSystem(loadOptions)), 'off');
}

/** Reads a CAD file (path or bytes) into an unindexed Assembly. */
export async function readAssembly(source: string | Uint8Array, options: LoadOptions = {}): Promise<Assembly> {
  const { readAssembly: readAnywhere } = await import('../import/readAssembly.js');
  return readAnywhere(source, withFileSystem(options));
}
