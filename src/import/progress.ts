/**
 * Progress of one import, for a status line, a progress bar or a worker's messages.
 * Browser-safe. Phases come in this order; `done` counts up to `total` within each:
 *  - `read`: the bytes checked and the STEP text's names and structure read (1 step);
 *  - `mesh`: OpenCascade reads and tessellates the whole file in one blocking call, which
 *    reports nothing while it runs (1 step: done 0 before, with an estimate of its time for
 *    a STEP file, 1 after, with the time it took);
 *  - `build`: surfcd's parts built from occt's meshes (one step per part);
 *  - `index`: each part's trees built (one step per part);
 *  - `measure`: surface shells, slabs and sags measured for the cache entry (one step per part).
 */
export type ImportPhase = 'read' | 'mesh' | 'build' | 'index' | 'measure';

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
  /**
   * `mesh` at done 0 (STEP only): the expected wall time of occt's call (ms), estimated from
   * `points` (the file's CARTESIAN_POINTs) at `msPerPoint` (meshEstimate.ts). At done 1:
   * the call's measured wall time (`elapsedMs`), with the same `points`.
   */
  estimateMs?: number;
  points?: number;
  msPerPoint?: number;
  elapsedMs?: number;
}

export type ImportProgressListener = (progress: ImportProgress) => void;
