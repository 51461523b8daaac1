import { readAssembly, type LoadOptions } from '../import/readAssembly.js';
import type { Assembly } from '../model/types.js';
import { indexAssembly } from './indexPart.js';

/**
 * Reads a STEP/IGES/BREP file's bytes and builds every part's S-CD index. Browser-safe:
 * a path works only with a `readFile` option (the Node entry's `loadAssembly` sets one);
 * outside Node pass `locateWasm` or `occt` (see `LoadOptions`).
 */
export async function loadAssembly(source: string | Uint8Array, options: LoadOptions = {}): Promise<Assembly> {
  return indexAssembly(await readAssembly(source, options), options.onProgress);
}
