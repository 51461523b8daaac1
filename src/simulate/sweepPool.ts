/**
 * Removal sweeps on a pool of worker threads (piscina over worker_threads). Each worker gets
 * the indexed assembly once, when it starts (structured clone of the typed arrays: nothing
 * is re-imported or re-indexed), then takes batches of work units: `{moving, direction,
 * others}` → blockers. The same unit shape is what a queue-based engine spread over several
 * machines would take (see the README, "Removal and disassembly at scale").
 *
 * Node only (the browser core runs the same units in-thread with `runSweepUnits`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { SurfcdError } from '../errors.js';
import type { Rigid } from '../math/rigid.js';
import type { Assembly } from '../model/types.js';
import { assemblyToData, type AssemblyData } from '../spatial/cloneable.js';
import type { SweepBatch, SweepUnit, UnitOutcome } from './blocking.js';

export interface SweepPool {
  sweep: SweepBatch;
  /** Worker threads in the pool. */
  threads: number;
  close(): Promise<void>;
}

/** What each worker receives once, at start. */
export interface SweepWorkerData {
  /** assemblyToData's copy (parts with their derived data cannot be cloned as they are). */
  assembly: AssemblyData;
  poses: Rigid[];
  tolerance: number;
}

/** Units per task: small enough to balance two cores, large enough that messaging is noise. */
const TASKS_PER_THREAD = 8;

/** A pool of `jobs` worker threads sweeping against `assembly` at `poses`. */
export function createSweepPool(assembly: Assembly, poses: Rigid[], tolerance: number, jobs: number): SweepPool {
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new SurfcdError('INVALID_OPTION', `--jobs: expected an integer from 1 to 256, got ${jobs}`);
  const filename = fileURLToPath(new URL('./sweepWorker.js', import.meta.url));
  if (!existsSync(filename)) {
    throw new SurfcdError('WORKER_FAILED', `the sweep worker ${filename} is missing: run \`npm run build\` (worker threads need the built JavaScript)`);
  }
  const workerData: SweepWorkerData = { assembly: stripForWorker(assembly), poses, tolerance };
  const pool = new Piscina({ filename, workerData, minThreads: jobs, maxThreads: jobs, idleTimeout: 60_000 });
  const sweep: SweepBatch = async (units) => {
    const size = Math.max(1, Math.ceil(units.length / (jobs * TASKS_PER_THREAD)));
    const tasks: Promise<UnitOutcome[]>[] = [];
    for (let k = 0; k < units.length; k += size) tasks.push(pool.run(units.slice(k, k + size) as SweepUnit[]) as Promise<UnitOutcome[]>);
    return (await Promise.all(tasks)).flat();
  };
  return { sweep, threads: jobs, close: () => pool.destroy() };
}

/**
 * The assembly as plain data a worker can take by structured clone: parts carry their derived
 * data (model/derived.ts), whose kinds hold functions, so they go as assemblyToData's copy
 * (every index, and the derived data encoded) and come back with assemblyFromData.
 */
function stripForWorker(assembly: Assembly): AssemblyData {
  return assemblyToData(assembly).data;
}
