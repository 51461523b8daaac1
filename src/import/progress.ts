/**
 * Progress of one import, for a status line, a progress bar or a worker's messages.
 * Browser-safe. Phases come in this order; `done` counts up to `total` within each:
 *  - `read`: the bytes checked and the STEP text's names and structure read (1 step);
 *  - `mesh`: OpenCascade reads and tessellates the whole file in one blocking call, which
 *    reports nothing while it runs (1 step: done 0 before, 1 after);
 *  - `build`: surfcd's parts built from occt's meshes (one step per part);
 *  - `index`: each part's trees built (one step per part);
 *  - `measure`: surface shells, slabs and sags measured for the cache entry (one step per part).
 */
export type ImportPhase = 'read' | 'mesh' | 'build' | 'index' | 'measure';

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

export type ImportProgressListener = (progress: ImportProgress) => void;
