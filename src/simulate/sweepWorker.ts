/** Worker-thread side of `createSweepPool`: builds the sweep context once, then runs batches. */
import { workerData } from 'node:worker_threads';
import type { SweepUnit } from './blocking.js';
import type { SweepWorkerData } from './sweepPool.js';
import { runSweepUnits, sweepContext } from './sweepUnit.js';
import { assemblyFromData } from '../spatial/cloneable.js';

const data = workerData as SweepWorkerData;
const context = sweepContext(assemblyFromData(data.assembly), data.poses, data.tolerance);

export default function run(units: SweepUnit[]): ReturnType<typeof runSweepUnits> {
  return runSweepUnits(context, units);
}
