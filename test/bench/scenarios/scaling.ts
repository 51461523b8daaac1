// Scaling: as1-oc-214 tessellated ever finer. Load time split into occt-import-js and
// surfcd's own work, indexing rate, index size, and the path scenario's time per step,
// each with its growth exponent against the triangle count.
import { indexAssemblyFully, partIndexBytes, readAssembly, type Assembly } from '../../../entries/index.js';
import { fitObb } from '../../../src/math/obb.js';
import { createPart } from '../../../src/model/part.js';
import { occtWarm, type BenchOptions, type ScenarioOutput, type TargetCheck } from '../context.js';
import { MODES } from '../modes.js';
import { pathSpecs, setupPath, surfcdPathRun } from './path.js';
import { fmt, fmtInt, fmtSummary, hasShared, logLogSlope, note, sampleInterleaved, settle, sharedStep, summarize, table, type Summary } from '../util.js';

export interface Level {
  label: string;
  /** undefined = occt-import-js's defaults (bounding-box ratio 0.001, 0.5 rad). */
  linearDeflection?: number;
  angularDeflection?: number;
}

/**
 * Tessellation ladder of as1 (triangle counts measured with occt-import-js 0.0.23).
 * The angular deflection drives the count down to ≈0.02 rad (≈30k at 1 mm); the linear
 * deflection then refines slowly and expensively (1e-4 mm: 109k, 1e-5 mm: > 15 min; the import
 * now refuses anything under 1e-6 of the model size, ≈ 3.6e-4 mm for as1, so the ladder uses 4e-4).
 */
export const LEVELS: Level[] = [
  { label: 'default' },
  { label: 'lin 0.1 ang 0.2', linearDeflection: 0.1, angularDeflection: 0.2 },
  { label: 'lin 0.1 ang 0.1', linearDeflection: 0.1, angularDeflection: 0.1 },
  { label: 'lin 0.1 ang 0.03', linearDeflection: 0.1, angularDeflection: 0.03 },
  { label: 'lin 4e-4 ang 0.5', linearDeflection: 4e-4, angularDeflection: 0.5 },
  // occt's mesher jumps from ≈30k to ≈2.45M triangles between 0.018 and 0.017 rad at 1 mm;
  // nothing in between was found in reasonable time. ≈2 min of occt-import-js on 2 cores.
  { label: 'lin 1 ang 0.017', linearDeflection: 1, angularDeflection: 0.017 },
];
export const QUICK_LEVELS = [0, 1, 2];

function heapBytes(): number {
  settle();
  settle();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function clearIndex(assembly: Assembly): void {
  for (const part of assembly.parts) {
    part.surfaceTree = null;
    for (const s of part.surfaces) s.triangleTree = null;
  }
}

function ms(t0: number): number {
  return performance.now() - t0;
}

export async function scaling(opts: BenchOptions): Promise<ScenarioOutput> {
  if (!hasShared()) {
    process.stdout.write('\nScaling: SKIPPED (../shared/data/step/as1-oc-214.stp not found)\n');
    return { json: { skipped: 'no ../shared' }, targets: [] };
  }
  const file = sharedStep('as1-oc-214.stp');
  const spec = pathSpecs().specs.find((s) => s.label === 'as1-oc-214')!;
  const levels = opts.quick ? QUICK_LEVELS.map((i) => LEVELS[i]!) : LEVELS;
  const pathSteps = opts.quick ? 30 : 50;
  const indexRepeats = opts.quick ? 3 : 5;
  const pathRepeats = opts.quick ? 3 : 5;

  // occt-import-js's first read in a process pays WASM start and tier-up; keep that out of the ladder.
  let t0 = performance.now();
  let warmupMs = NaN;
  if (!occtWarm()) {
    note('scaling: warm-up read of as1 (not measured)');
    await readAssembly(file);
    warmupMs = ms(t0);
  }

  const rows: string[][] = [];
  const pathRows: string[][] = [];
  const json: unknown[] = [];
  const series = {
    triangles: [] as number[],
    occt: [] as number[],
    createPart: [] as number[],
    index: [] as number[],
    bytes: [] as number[],
    heap: [] as number[],
    path: Object.fromEntries(MODES.map((m) => [m.mode, [] as number[]])) as Record<string, number[]>,
  };
  for (const level of levels) {
    const options = { ...(level.linearDeflection !== undefined ? { linearDeflection: level.linearDeflection } : {}), ...(level.angularDeflection !== undefined ? { angularDeflection: level.angularDeflection } : {}) };
    note(`scaling: reading as1 at ${level.label}`);
    settle();
    t0 = performance.now();
    const assembly = await readAssembly(file, options);
    const readMs = ms(t0);
    const triangles = assembly.parts.reduce((n, p) => n + p.indices.length / 3, 0);
    const vertices = assembly.parts.reduce((n, p) => n + p.positions.length / 3, 0);

    // readAssembly = occt-import-js + createPart (validation, surface boxes, OBB fit). Re-run
    // createPart on the same input occt hands over (plain JS arrays) to split the two.
    const inputs = assembly.parts.map((p) => ({
      name: p.name,
      path: p.path,
      positions: Array.from(p.positions),
      indices: Array.from(p.indices),
      normals: p.normals ? Array.from(p.normals) : null,
      surfaces: p.surfaces.map((s) => ({ first: s.firstTriangle, last: s.firstTriangle + s.triangleCount - 1 })),
    }));
    settle();
    t0 = performance.now();
    for (const input of inputs) createPart(input);
    const createMs = ms(t0);
    settle();
    t0 = performance.now();
    for (const p of assembly.parts) fitObb(p.positions, p.positions.length / 3);
    const obbMs = ms(t0);
    inputs.length = 0;

    // surfcd's own indexing, every triangle tree included (queries build them lazily): memory once, then time.
    const before = heapBytes();
    indexAssemblyFully(assembly);
    const heapDelta = heapBytes() - before;
    const indexBytes = assembly.parts.reduce((n, p) => n + partIndexBytes(p), 0);
    const indexRuns: number[] = [];
    for (let r = 0; r < (triangles > 1e6 ? 3 : indexRepeats); r++) {
      clearIndex(assembly);
      settle();
      t0 = performance.now();
      indexAssemblyFully(assembly);
      indexRuns.push(ms(t0));
    }
    const index: Summary = summarize(indexRuns);
    const occtMs = readMs - createMs;
    const rate = triangles / (index.median / 1000);

    note(`scaling: ${triangles} triangles; path ${pathSteps} steps`);
    const setup = setupPath(assembly, spec, pathSteps);
    const pathSummaries = sampleInterleaved(MODES.map((m) => surfcdPathRun(setup, m.mode, true)), 1, triangles > 1e6 ? Math.min(3, pathRepeats) : pathRepeats);
    const pathTimes: Record<string, Summary> = Object.fromEntries(MODES.map((m, i) => [m.mode, pathSummaries[i]!]));

    rows.push([
      level.label,
      fmtInt(triangles),
      fmt(readMs),
      fmt(occtMs),
      fmt(createMs),
      fmt(obbMs),
      fmtSummary(index),
      `${fmt(rate / 1e6)} M`,
      fmt(indexBytes / triangles),
      fmt(heapDelta / triangles),
    ]);
    pathRows.push([level.label, fmtInt(triangles), ...MODES.map((m) => fmtSummary(pathTimes[m.mode]!))]);
    series.triangles.push(triangles);
    series.occt.push(occtMs);
    series.createPart.push(createMs);
    series.index.push(index.median);
    series.bytes.push(indexBytes);
    series.heap.push(heapDelta);
    for (const m of MODES) series.path[m.mode]!.push(pathTimes[m.mode]!.median);
    json.push({
      level,
      triangles,
      vertices,
      parts: assembly.parts.length,
      readAssemblyMs: readMs,
      occtMs,
      createPartMs: createMs,
      obbFitMs: obbMs,
      indexMs: index,
      trianglesPerSecond: rate,
      indexBytes,
      indexBytesPerTriangle: indexBytes / triangles,
      heapDeltaBytes: heapDelta,
      heapBytesPerTriangle: heapDelta / triangles,
      pathMicrosecondsPerStep: pathTimes,
      pathSteps,
    });
  }
  const slope = (ys: number[]): string => fmt(logLogSlope(series.triangles, ys), 2);
  rows.push(['exponent', '', '', slope(series.occt), slope(series.createPart), '', slope(series.index), '', slope(series.bytes), slope(series.heap)]);
  pathRows.push(['exponent', '', ...MODES.map((m) => slope(series.path[m.mode]!))]);
  process.stdout.write(
    table(
      `Scaling — as1-oc-214 tessellated finer (ms; readAssembly = occt-import-js + createPart, measured once per level; index = median [min–max] of ${indexRepeats} (3 above 1M triangles); occt-import-js already warm)\nexponent = log-log slope of each total (time, bytes) against triangles: 1 = linear`,
      ['tessellation', 'triangles', 'readAssembly', 'occt', 'createPart', '(OBB fit)', 'index ms', 'tri/s', 'index B/tri', 'heap B/tri'],
      rows,
    ),
  );
  process.stdout.write(
    table(
      `Scaling — path scenario (${spec.describe}) per tessellation: µs per step, median [min–max] of ${pathRepeats} passes of ${pathSteps} steps (3 passes above 1M triangles)`,
      ['tessellation', 'triangles', ...MODES.map((m) => m.mode)],
      pathRows,
    ),
  );
  const exponents = {
    occt: logLogSlope(series.triangles, series.occt),
    createPart: logLogSlope(series.triangles, series.createPart),
    index: logLogSlope(series.triangles, series.index),
    indexBytes: logLogSlope(series.triangles, series.bytes),
    heapDelta: logLogSlope(series.triangles, series.heap),
    path: Object.fromEntries(MODES.map((m) => [m.mode, logLogSlope(series.triangles, series.path[m.mode]!)])),
  };
  const last = json[json.length - 1] as { triangles: number; trianglesPerSecond: number; indexBytesPerTriangle: number };
  const maxBytes = Math.max(...series.bytes.map((b, i) => b / series.triangles[i]!));
  const minRate = Math.min(...series.triangles.map((t, i) => t / (series.index[i]! / 1000)));
  const targets: TargetCheck[] = [
    { target: 'indexing ≥1M triangles/s', where: `scaling, largest (${fmtInt(last.triangles)} tri)`, value: `${fmt(last.trianglesPerSecond / 1e6)} M/s`, met: last.trianglesPerSecond >= 1e6 },
    { target: 'indexing ≥1M triangles/s', where: 'scaling, slowest level', value: `${fmt(minRate / 1e6)} M/s`, met: minRate >= 1e6 },
    { target: 'index ≤64 bytes/triangle', where: 'scaling, worst level', value: `${fmt(maxBytes)} B`, met: maxBytes <= 64 },
  ];
  return { json: { warmupReadMs: warmupMs, levels: json, exponents }, targets };
}
