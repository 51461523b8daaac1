// Surface fitting: every surface of the shared CAx-IF assemblies (and of
// all samples/) fitted as surfaceKindOf fits it, CPU ms per pass over the assembly, with
// the fit counters. SURFCD_BENCH_BASE=<dist dir of another build> (e.g. the commit before)
// runs that build's fitSurface on the same inputs, interleaved, so the ratio comes from one
// run; its kinds are compared with ours (type and parameters). The first pass is also timed
// in fresh processes (fittingColdChild.ts), as a CLI run meets it: there the fitting code is
// cold, while the in-process first pass of a later set runs on code the earlier sets warmed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadAssembly, type Assembly } from '../../../entries/index.js';
import { fitSurface, type FitInput, type SurfaceKind } from '../../../src/model/fit/fitSurface.js';
import { fitCounters, resetFitCounters, type FitCounters } from '../../../src/model/fit/fitCounters.js';
import { defaultFitTolerance, surfaceAngleTolerance } from '../../../src/model/surfaceKindOf.js';
import type { BenchOptions, ScenarioOutput, TargetCheck } from '../context.js';
import { fmt, fmtInt, fmtRatio, hasShared, note, projectRoot, sampleInterleaved, sharedStep, sink, summarize, table, type Summary } from '../util.js';

type Fit = (input: FitInput) => SurfaceKind;

/** The inputs surfaceKindOf builds for every surface of the assembly. */
function inputsOf(assemblies: Assembly[]): FitInput[] {
  const inputs: FitInput[] = [];
  for (const a of assemblies) {
    for (const part of a.parts) {
      const tolerance = defaultFitTolerance(part);
      for (const s of part.surfaces) {
        inputs.push({ positions: part.positions, normals: part.normals, indices: part.indices, firstTriangle: s.firstTriangle, triangleCount: s.triangleCount, tolerance, angleTolerance: surfaceAngleTolerance(s) });
      }
    }
  }
  return inputs;
}

/** The assemblies' parts and surface inputs as JSON for the fresh-process child. */
function inputsFile(assemblies: Assembly[], file: string): void {
  const parts = assemblies.flatMap((a) =>
    a.parts.map((part) => {
      const tolerance = defaultFitTolerance(part);
      return {
        positions: Array.from(part.positions),
        normals: part.normals ? Array.from(part.normals) : null,
        indices: Array.from(part.indices),
        surfaces: part.surfaces.map((s) => ({ firstTriangle: s.firstTriangle, triangleCount: s.triangleCount, tolerance, angleTolerance: surfaceAngleTolerance(s) })),
      };
    }),
  );
  writeFileSync(file, JSON.stringify(parts));
}

const coldChild = resolve(fileURLToPath(new URL('.', import.meta.url)), 'fittingColdChild.js');
/** This build's dist directory (the bench runs from dist/test/bench/scenarios). */
const ourDist = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** CPU ms of one fitting pass in a fresh process, with the fitSurface of `dist`. */
function freshPass(dist: string, file: string): number {
  const r = spawnSync(process.execPath, [coldChild, dist, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`fitting cold child (${dist}) failed: ${r.stderr}`);
  return (JSON.parse(r.stdout.trim().split('\n').pop()!) as { cpuMs: number }).cpuMs;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Waits (in 5 ms sleeps, at most 200 ms) until the process spends under 0.5 ms of CPU in two
 * sleeps in a row: the full GC before each pass leaves the collector's background threads sweeping
 * the heap (the loaded assemblies), and the process CPU timer charged that to whichever pass
 * came next (5–7 ms on the samples' 5 ms pass, the same few ms on the base's 80 ms
 * one). Both builds wait alike; the pass itself is timed as before.
 */
function waitQuiet(): void {
  // two quiet sleeps in a row: on a loaded machine a starved sweeper can idle for one
  for (let i = 0, quiet = 0; i < 40 && quiet < 2; i++) {
    const t = process.cpuUsage();
    Atomics.wait(pause, 0, 0, 5);
    const d = process.cpuUsage(t);
    quiet = d.user + d.system < 500 ? quiet + 1 : 0;
  }
}

function cpuMs(run: () => void): number {
  waitQuiet();
  const t = process.cpuUsage();
  run();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

/**
 * Runs every pass until it has spent `minMs` of CPU (at least 2 passes, at most 400) and
 * returns the number of passes of each. V8 tiers a function up by the work it has executed,
 * so a fixed number of warm-up passes leaves the faster build's code still compiling (on a
 * background thread that the process CPU timer counts) inside the measured passes (
 * io1's 1 ms passes then measured the JIT); equal warm-up CPU for both builds measures both
 * at their steady pass. No GC between warm-up passes: they only need to run.
 */
function warmUp(passes: (() => void)[], minMs: number): number[] {
  return passes.map((pass) => {
    let spent = 0, count = 0;
    while (count < 2 || (spent < minMs && count < 400)) {
      const t = process.cpuUsage();
      pass();
      const d = process.cpuUsage(t);
      spent += (d.user + d.system) / 1000;
      count++;
    }
    return count;
  });
}

function fitAll(fit: Fit, inputs: FitInput[]): SurfaceKind[] {
  return inputs.map((input) => fit(input));
}

/** Largest difference of two kinds' numbers relative to the patch size: 0 when identical; Infinity when the types differ. */
function kindDifference(a: SurfaceKind, b: SurfaceKind, size: number): number {
  if (a.type !== b.type) return Infinity;
  let worst = 0;
  const walk = (x: unknown, y: unknown, scale: number): void => {
    if (typeof x === 'number' && typeof y === 'number') worst = Math.max(worst, Math.abs(x - y) / scale);
    else if (Array.isArray(x) && Array.isArray(y)) x.forEach((v, i) => walk(v, y[i], scale));
  };
  for (const [key, value] of Object.entries(a)) {
    if (key === 'residual' || key === 'type') continue;
    // directions and angles are unitless; points, radii, offsets scale with the patch
    const unitless = key === 'axis' || key === 'normal' || key === 'halfAngle';
    walk(value, (b as unknown as Record<string, unknown>)[key], unitless ? 1 : size);
  }
  return worst;
}

function patchSize(input: FitInput): number {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let t = input.firstTriangle * 3; t < (input.firstTriangle + input.triangleCount) * 3; t++) {
    const v = input.indices[t]!;
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, input.positions[v * 3 + k]!);
      hi[k] = Math.max(hi[k]!, input.positions[v * 3 + k]!);
    }
  }
  return Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!) || 1;
}

const counterText = (c: FitCounters): string => {
  const per = (r: Record<string, number>): string => Object.entries(r).filter(([, v]) => v > 0).map(([k, v]) => `${k} ${v}`).join(', ') || '–';
  return `fits attempted: ${per(c.attempted)}; ruled out by normals: ${per(c.ruledOut)}; accepted: ${per(c.accepted)}; closed form kept: ${c.closedFormKept}; no-quadric proofs: ${c.quadricRuledOut} of ${c.quadricProofs}; fits given up after the start: ${c.startsRuledOut}; cones given up by the vertex proof: ${c.conesRuledOut}; LM runs ${c.lmRuns}, iterations ${c.lmIterations}; solves: Cholesky ${c.choleskySolves}, eigen ${c.eigenSolves}`;
};

export async function fittingScenario(opts: BenchOptions): Promise<ScenarioOutput> {
  const baseDir = process.env['SURFCD_BENCH_BASE'] ? resolve(process.env['SURFCD_BENCH_BASE']) : null;
  let baseFit: Fit | null = null;
  if (baseDir) {
    const mod = (await import(pathToFileURL(resolve(baseDir, 'src/model/fit/fitSurface.js')).href)) as { fitSurface: Fit };
    baseFit = mod.fitSurface;
  }
  const sets: { label: string; files: string[] }[] = [];
  if (hasShared()) {
    for (const f of ['as1-oc-214.stp', 'dm1-id-214.stp', 'io1-cm-214.stp']) sets.push({ label: f, files: [sharedStep(f)] });
  } else {
    process.stdout.write('\nFitting: ../shared/data/step not found: the CAx-IF rows are SKIPPED, samples only\n');
  }
  const sampleDir = resolve(projectRoot, 'samples');
  sets.push({ label: 'samples/*.step (all)', files: readdirSync(sampleDir).filter((f) => f.endsWith('.step')).sort().map((f) => resolve(sampleDir, f)) });

  // quick: 9, not 5: a pass of ours is a few ms, so one machine hiccup is a large share of it
  const repeats = opts.quick ? 9 : 15;
  const coldRepeats = opts.quick ? 3 : 7;
  const temp = mkdtempSync(join(tmpdir(), 'surfcd-bench-fitting-'));
  const rows: string[][] = [];
  const json: unknown[] = [];
  const targets: TargetCheck[] = [];
  const counterLines: string[] = [];
  try {
    for (const set of sets) {
      note(`fitting: ${set.label}`);
      const assemblies: Assembly[] = [];
      for (const f of set.files) assemblies.push(await loadAssembly(f));
      const inputs = inputsOf(assemblies);
      // first pass in this process: the JIT is cold for this module graph, as in one CLI run
      resetFitCounters();
      let ours: SurfaceKind[] = [];
      let theirs: SurfaceKind[] | null = null;
      const firstOurs = cpuMs(() => (ours = fitAll(fitSurface, inputs)));
      const counters = structuredClone(fitCounters);
      const firstBase = baseFit ? cpuMs(() => (theirs = fitAll(baseFit!, inputs))) : NaN;
      let differ = 0;
      let worst = 0;
      if (theirs) {
        inputs.forEach((input, i) => {
          const d = kindDifference(ours[i]!, theirs![i]!, patchSize(input));
          if (d === Infinity) differ++;
          else worst = Math.max(worst, d);
        });
      }
      const passes = [() => void (sink.value += fitAll(fitSurface, inputs).length), ...(baseFit ? [() => void (sink.value += fitAll(baseFit!, inputs).length)] : [])];
      const warmUpPasses = warmUp(passes, opts.quick ? 250 : 750);
      const runs = passes.map((pass) => () => cpuMs(pass));
      const [now, before] = sampleInterleaved(runs, 2, repeats) as [Summary, Summary | undefined];
      const ratio = before ? before.median / now.median : NaN;
      // fresh processes, interleaved: ours, base, ours, base, …
      const file = join(temp, `inputs-${json.length}.json`);
      inputsFile(assemblies, file);
      const coldOurs: number[] = [], coldBase: number[] = [];
      for (let r = 0; r < coldRepeats; r++) {
        coldOurs.push(freshPass(ourDist, file));
        if (baseDir) coldBase.push(freshPass(baseDir, file));
      }
      const fresh = summarize(coldOurs), freshBase = baseDir ? summarize(coldBase) : null;
      rows.push([
        set.label,
        fmtInt(inputs.length),
        fmt(now.median),
        before ? fmt(before.median) : '–',
        fmtRatio(ratio),
        fmt(fresh.median),
        freshBase ? fmt(freshBase.median) : '–',
        freshBase ? fmtRatio(freshBase.median / fresh.median) : '–',
        theirs ? `${differ} types differ, max Δ ${worst.toExponential(1)}` : '–',
      ]);
      counterLines.push(`${set.label}: ${counterText(counters)}`);
      json.push({ set: set.label, surfaces: inputs.length, cpuMs: now, baseCpuMs: before ?? null, ratio, warmUpPasses: { ours: warmUpPasses[0], base: warmUpPasses[1] ?? null }, firstPassInProcessMs: firstOurs, baseFirstPassInProcessMs: baseFit ? firstBase : null, freshProcessFirstPassMs: fresh, baseFreshProcessFirstPassMs: freshBase, typesDiffer: theirs ? differ : null, maxRelativeDifference: theirs ? worst : null, counters });
      if (before) targets.push({ target: 'fitting ≥10× faster than the base build', where: `fitting, ${set.label}`, value: fmtRatio(ratio), met: ratio >= 10 });
      // correctness, not speed: same kind on every surface, parameters within 1e-6 of the patch size
      if (theirs) targets.push({ target: 'kinds as the base build (types equal, Δ ≤ 1e-6 × patch size)', where: `fitting, ${set.label}`, value: `${differ} differ, max Δ ${worst.toExponential(1)}`, met: differ === 0 && worst <= 1e-6 });
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  process.stdout.write(
    table(
      `Surface fitting — every surface, default tolerance (CPU ms per pass, median of ${repeats}, interleaved, after ${opts.quick ? 250 : 750} ms of warm-up CPU per build, each pass once the collector's background work is done)${baseDir ? `; base = ${baseDir}` : '; set SURFCD_BENCH_BASE=<dist of another build> for before/after'}`,
      ['assembly', 'surfaces', 'ms', 'base ms', 'base/ours', `fresh-process pass ms (median of ${coldRepeats})`, 'base', 'base/ours', 'kinds vs base (Δ relative to patch size)'],
      rows,
    ),
  );
  process.stdout.write(`\nFit counters (one pass):\n${counterLines.map((l) => `- ${l}`).join('\n')}\n`);
  return { json: { sets: json }, targets };
}
