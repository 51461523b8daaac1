/** Node flavour of loading: paths are read from the file system. */
import { readAssembly as readAnywhere, type LoadOptions } from '../import/readAssembly.js';
import { readCadFile } from '../import/readFile.js';
import type { Assembly } from '../model/types.js';
import { loadAssembly as loadAnywhere } from './loadAssembly.js';

export { partFromMesh, type MeshInput } from './mesh.js';
export { partFromGeometry, type GeometryLike } from './geometry.js';

const withFileSystem = (options: LoadOptions | undefined): LoadOptions => ({ readFile: readCadFile, ...options });

/** Reads a STEP/IGES/BREP file (path or bytes) and builds every part's S-CD index. */
export function loadAssembly(source: string | Uint8Array, options: LoadOptions = {}): Promise<Assembly> {
  return loadAnywhere(source, withFileSystem(options));
}

/** Reads a CAD file (path or bytes) into an unindexed Assembly. */
export function readAssembly(source: string | Uint8Array, options: LoadOptions = {}): Promise<Assembly> {
  return readAnywhere(source, withFileSystem(options));
}
