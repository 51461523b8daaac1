// Child of the 'fitting' scenario: one pass of fitSurface over the inputs in a fresh process,
// as a CLI run meets it (the fitting code cold). argv: <dist dir whose fitSurface to run>
// <inputs JSON written by fitting.ts>. Prints {"cpuMs": …} as its last line.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface PartData {
  positions: number[];
  normals: number[] | null;
  indices: number[];
  surfaces: { firstTriangle: number; triangleCount: number; tolerance: number; angleTolerance: number }[];
}

const [dist, file] = process.argv.slice(2);
if (!dist || !file) throw new Error('usage: fittingColdChild <dist dir> <inputs.json>');
const parts = JSON.parse(readFileSync(file, 'utf8')) as PartData[];
const inputs = parts.flatMap((p) => {
  const positions = Float64Array.from(p.positions), normals = p.normals ? Float32Array.from(p.normals) : null, indices = Uint32Array.from(p.indices);
  return p.surfaces.map((s) => ({ positions, normals, indices, ...s }));
});
const mod = (await import(pathToFileURL(resolve(dist, 'src/model/fit/fitSurface.js')).href)) as { fitSurface: (input: (typeof inputs)[number]) => { type: string } };
const start = process.cpuUsage();
let n = 0;
for (const input of inputs) n += mod.fitSurface(input).type.length;
const used = process.cpuUsage(start);
process.stdout.write(`${JSON.stringify({ cpuMs: (used.user + used.system) / 1000, n })}\n`);
