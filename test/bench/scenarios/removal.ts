// Removal analysis: removal directions for every part with the default 26-direction
// sphere sample, on one thread and on a pool of two worker threads (same results, speed-up),
// and the swept triangle tests the pruned sweeps ran against a brute-force sweep of every
// triangle pair of every (part, direction, other part). Then a generated 50-part assembly of
// ~500k triangles (49 finely tessellated pegs standing on a plate): the full disassembly, with
// its work counters (pairwise sweeps, unscrew sweeps and their conservative-advancement steps).
import { partFromMesh, type Assembly, type Part } from '../../../entries/index.js';
import { removalAnalysis, disassemble } from '../../../src/simulate/removal.js';
import { runSweepUnits, sweepContext } from '../../../src/simulate/sweepUnit.js';
import { createSweepPool } from '../../../src/simulate/sweepPool.js';
import { resolvePoses } from '../../../src/model/poses.js';
import { sharedAssembly, type BenchOptions, type ScenarioOutput, type TargetCheck } from '../context.js';
import { fmt, hasShared, note, sharedStep, table } from '../util.js';

const triangles = (p: Part): number => p.indices.length / 3;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await work();
  return [value, performance.now() - t0];
}

/** A closed cylinder along +z: side (segments × rings quads), bottom and top fans; 3 surfaces. */
function pegMesh(name: string, cx: number, cy: number, r: number, z0: number, h: number, segments: number, rings: number) {
  const positions: number[] = [];
  const indices: number[] = [];
  const ring = (k: number): number => k * segments;
  for (let k = 0; k <= rings; k++) for (let s = 0; s < segments; s++) {
    const a = (2 * Math.PI * s) / segments;
    positions.push(cx + r * Math.cos(a), cy + r * Math.sin(a), z0 + (h * k) / rings);
  }
  for (let k = 0; k < rings; k++) for (let s = 0; s < segments; s++) {
    const a = ring(k) + s, b = ring(k) + ((s + 1) % segments), c = ring(k + 1) + s, d = ring(k + 1) + ((s + 1) % segments);
    indices.push(a, b, d, a, d, c);
  }
  const side = indices.length / 3;
  const bottom = positions.length / 3;
  positions.push(cx, cy, z0);
  for (let s = 0; s < segments; s++) indices.push(bottom, ring(0) + ((s + 1) % segments), ring(0) + s);
  const top = positions.length / 3;
  positions.push(cx, cy, z0 + h);
  for (let s = 0; s < segments; s++) indices.push(top, ring(rings) + s, ring(rings) + ((s + 1) % segments));
  return { name, positions, indices, surfaces: [{ first: 0, last: side - 1 }, { first: side, last: side + segments - 1 }, { first: side + segments, last: side + 2 * segments - 1 }] };
}

function boxMesh(name: string, min: number[], max: number[]) {
  const [x0, y0, z0] = min as [number, number, number], [x1, y1, z1] = max as [number, number, number];
  const positions = [x0, y0, z0, x1, y0, z0, x1, y1, z0, x0, y1, z0, x0, y0, z1, x1, y0, z1, x1, y1, z1, x0, y1, z1];
  const faces = [[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [2, 3, 7, 6], [1, 2, 6, 5], [3, 0, 4, 7]];
  const indices = faces.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]);
  return { name, positions, indices, surfaces: faces.map((_, f) => ({ first: 2 * f, last: 2 * f + 1 })) };
}

/** 49 pegs (7 × 7, ~10k triangles each) standing on a plate: ~490k triangles, 50 parts. */
function pegField(quick: boolean): Assembly {
  const n = 7, pitch = 30, segments = quick ? 40 : 100, rings = quick ? 20 : 49;
  const parts: Part[] = [partFromMesh(boxMesh('plate', [-15, -15, -10], [n * pitch - 15, n * pitch - 15, 0]))];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) parts.push(partFromMesh(pegMesh(`peg-${i}-${j}`, i * pitch, j * pitch, 8, 0, 60, segments, rings)));
  const root = { name: 'peg-field', path: '', children: [], parts: parts.map((_, k) => k) };
  return { name: 'peg-field', units: 'mm', root, parts };
}

export async function removalScenario(opts: BenchOptions): Promise<ScenarioOutput> {
  const rows: string[][] = [];
  const json: Record<string, unknown> = {};
  const targets: TargetCheck[] = [];
  if (hasShared()) {
    const as1 = await sharedAssembly(sharedStep('as1-oc-214.stp'));
    const poses = resolvePoses(as1, undefined);
    // the in-thread engine's own context, so its work counters can be read
    const ctx = sweepContext(as1, poses, 0.01);
    const [one, t1] = await timed(() => removalAnalysis(as1, null, { directions: 26, sweep: (units) => runSweepUnits(ctx, units) }));
    // brute force: every triangle of the moving part against every triangle of every other part, per direction tried
    const perPart = as1.parts.map((p) => triangles(p));
    const total = perPart.reduce((s, x) => s + x, 0);
    let brute = 0;
    one.forEach((r, i) => (brute += r.directions.length * perPart[i]! * (total - perPart[i]!)));
    const pool = createSweepPool(as1, poses, 0.01, 2);
    const [two, t2] = await timed(() => removalAnalysis(as1, null, { directions: 26, sweep: pool.sweep }));
    await pool.close();
    const same = JSON.stringify(one) === JSON.stringify(two);
    rows.push(['as1, every part, 26 + constraint directions', fmt(t1 / 1000), fmt(t2 / 1000), fmt(t1 / t2), fmt(ctx.stats.pairs, 6), fmt(ctx.stats.triangleTests, 6), fmt(brute, 6), fmt(brute / Math.max(1, ctx.stats.triangleTests), 4), same ? 'yes' : 'NO']);
    json['as1'] = { seconds1: t1 / 1000, seconds2: t2 / 1000, speedup: t1 / t2, pairSweeps: ctx.stats.pairs, sweptTriangleTests: ctx.stats.triangleTests, bruteForceTriangleTests: brute, sameResults: same };
    // The disassembly on two workers, with its work counters (sweeps memoised across steps; unscrews by conservative advancement).
    const pool2 = createSweepPool(as1, poses, 0.01, 2);
    const [seq, ts] = await timed(() => disassemble(as1, { directions: 26, sweep: pool2.sweep }));
    await pool2.close();
    rows.push([`as1 disassemble (${seq.steps.length} steps; ${seq.unscrewSweeps} unscrews, ${seq.advancementSteps} advancement steps)`, '', fmt(ts / 1000), '', fmt(seq.sweeps, 6), '', '', '', seq.interlock ? 'interlocked' : 'all out']);
    json['as1Disassemble'] = { seconds2: ts / 1000, steps: seq.steps.length, pairSweeps: seq.sweeps, unscrewSweeps: seq.unscrewSweeps, advancementSteps: seq.advancementSteps };
  } else note('removal: as1 skipped (../shared/data/step not found)');

  const field = pegField(opts.quick);
  const tri = field.parts.reduce((s, p) => s + triangles(p), 0);
  const poses = resolvePoses(field, undefined);
  const pool = createSweepPool(field, poses, 0.01, 2);
  const [plan, t] = await timed(() => disassemble(field, { base: 'plate', directions: 26, sweep: pool.sweep }));
  await pool.close();
  rows.push([`peg field: ${field.parts.length} parts, ${fmt(tri, 6)} triangles, disassemble on 2 workers`, '', fmt(t / 1000), '', fmt(plan.sweeps, 6), '', '', '', plan.steps.length === field.parts.length - 1 ? 'all out' : `${plan.steps.length} out`]);
  json['pegField'] = { parts: field.parts.length, triangles: tri, seconds: t / 1000, steps: plan.steps.length, sweeps: plan.sweeps, unscrewSweeps: plan.unscrewSweeps, advancementSteps: plan.advancementSteps };
  targets.push({ target: '50-part, 500k-triangle assembly analysed in < 60 s on 2 cores', where: `peg field (${fmt(tri, 6)} triangles${opts.quick ? ', quick: coarser pegs' : ''})`, value: `${fmt(t / 1000)} s`, met: t < 60_000 && !opts.quick });
  process.stdout.write(table('Removal analysis: 1 vs 2 worker threads; swept vs brute-force triangle tests', ['case', '1 thread s', '2 workers s', 'speed-up', 'pair sweeps', 'swept tri tests', 'brute-force tri tests', 'brute/swept', 'same result'], rows));
  return { json, targets };
}
