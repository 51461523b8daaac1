import type { OcctOptions } from './occt.js';
import type { ImportProgressListener } from './progress.js';
import type { CadFormat } from './sniff.js';

export interface LoadOptions extends OcctOptions {
  /**
   * Reads a file path into bytes. The Node entry (`surfcd`) reads from the file system
   * (regular files and pipes, at most `maxBytes`); elsewhere pass the bytes, or your own
   * reader (e.g. one that `fetch`es).
   */
  readFile?: (path: string, maxBytes: number) => Promise<Uint8Array>;
  /** Force a format instead of sniffing the content / extension. */
  format?: CadFormat;
  /** Maximum chordal deviation of the tessellation, in mm (absolute). */
  linearDeflection?: number;
  /** Maximum angle between neighbouring facets, in radians; controls most CAD triangle counts. */
  angularDeflection?: number;
  /** Triangle budget for the whole assembly (default 5,000,000): RESOURCE_LIMIT beyond it. */
  maxTriangles?: number;
  /** Files larger than this many bytes are refused before reading (default 1 GiB). */
  maxFileBytes?: number;
  /** Called as the import goes through its phases (see progress.ts); errors it throws end the import. */
  onProgress?: ImportProgressListener;
  /** The mesh phase's ETA basis (ms per CARTESIAN_POINT, meshEstimate.ts); the cache passes the rate it measured on this machine. */
  meshMsPerPoint?: number;
}
