/** Messages between the page (or Node main thread) and the assembly worker. */
import type { CadFormat } from '../import/sniff.js';
import type { SurfcdErrorCode } from '../errors.js';
import type { AssemblyData } from '../spatial/cloneable.js';

/** Load options that can cross a worker boundary (no functions, no occt instance). */
export interface WorkerLoadOptions {
  format?: CadFormat;
  linearDeflection?: number;
  angularDeflection?: number;
  /** Where occt-import-js.wasm is, as the worker sees it (required in a Web Worker). */
  locateWasm?: string;
  /** A file name for messages and the assembly's name (the bytes have none). */
  fileName?: string;
}

/** In order: start, read (bytes and names), mesh (OpenCascade, one call), build and index (per part), transfer. */
export type LoadStage = 'start' | 'read' | 'mesh' | 'build' | 'index' | 'transfer';

export interface LoadProgress {
  stage: LoadStage;
  /** `build`, `index`: parts done so far, of `total`. */
  done?: number;
  total?: number;
  /** `mesh` (STEP): OpenCascade's call is expected to take about this long (ms), estimated from `points` at `msPerPoint` (meshEstimate.ts). */
  estimateMs?: number;
  points?: number;
  msPerPoint?: number;
}

export type ToWorker = { type: 'load'; id: number; bytes: Uint8Array; options: WorkerLoadOptions };

export type FromWorker =
  | { type: 'progress'; id: number; progress: LoadProgress }
  | { type: 'result'; id: number; data: AssemblyData }
  | { type: 'error'; id: number; code: SurfcdErrorCode; message: string };

/** The two ends of a worker, whatever the runtime: Web Worker / worker_threads / MessagePort. */
export interface Endpoint {
  post(message: unknown, transfer: ArrayBuffer[]): void;
  listen(handler: (message: unknown) => void): void;
}
