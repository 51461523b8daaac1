// Assembly scale ("constraint recognition on a 144-part assembly spends 7.6 s
// fitting surfaces … against 0.9 s of collision queries"; that assembly is not in the test
// data). A fleet of every bundled sample, twice (quick) or also four times, side by side
// (scale/fleet.ts): ground truth by construction, module by module. Each measurement runs in
// a fresh process (scale/child.ts), as the CLI does; medians over runs, wall and CPU ms.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAssembly } from '../../../entries/index.js';
import type { BenchOptions, ScenarioOutput, TargetCheck } from '../context.js';
import { fmt, fmtInt, note, projectRoot, summarize, table } from '../util.js';

const child = resolve(fileURLToPath(new URL('.', import.meta.url)), '../scale/child.js');

interface Phase { ms: number; cpuMs: number }
interface ChildResult {
  parts: number; triangles: number; surfaces: number; modules: number;
  phases: { index: Phase; constraintsFresh: Phase; constraintsCached: Phase; contacts: Phase };
  fitted: { surfaces: number; lmRuns: number };
  constraints: number; surfacePairs: { touching: number; near: number };
  contactPairs: number; contacts: number; triangleTests: number;
  differences: string[] | null;
}

function run(samples: string, cache: string, copies: number, check: boolean): ChildResult {
  const r = spawnSync(process.execPath, [child, samples, cache, String(copies), ...(check ? ['check'] : [])], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`assembly-scale child (${copies} copies) failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ChildResult;
}

export async function assemblyScale(opts: BenchOptions): Promise<ScenarioOutput> {
  const samples = join(projectRoot, 'samples');
  const cache = mkdtempSync(join(tmpdir(), 'surfcd-bench-fleet-'));
  const targets: TargetCheck[] = [];
  const json: unknown[] = [];
  try {
    // Imports once through a private cache, so every child reads the samples in milliseconds.
    for (const f of readdirSync(samples).filter((f) => f.endsWith('.step')).sort()) await loadAssembly(join(samples, f), { cache });
    const repeats = opts.quick ? 3 : 5;
    const rows: string[][] = [];
    for (const copies of opts.quick ? [2] : [2, 4]) {
      note(`assembly scale: ${copies} copies of every sample, ${repeats} fresh processes`);
      const first = run(samples, cache, copies, true);
      const results = [first, ...Array.from({ length: repeats - 1 }, () => run(samples, cache, copies, false))];
      const median = (pick: (r: ChildResult) => number) => summarize(results.map(pick)).median;
      const phase = (name: keyof ChildResult['phases']) => ({ ms: median((r) => r.phases[name].ms), cpuMs: median((r) => r.phases[name].cpuMs) });
      const p = { index: phase('index'), constraintsFresh: phase('constraintsFresh'), constraintsCached: phase('constraintsCached'), contacts: phase('contacts') };
      const fitting = { ms: p.constraintsFresh.ms - p.constraintsCached.ms, cpuMs: p.constraintsFresh.cpuMs - p.constraintsCached.cpuMs };
      const label = `${first.parts} parts (${first.modules} modules), ${fmtInt(first.triangles)} tri, ${fmtInt(first.surfaces)} surfaces`;
      const cell = (x: Phase) => `${fmt(x.ms)} / ${fmt(x.cpuMs)}`;
      rows.push(
        [label, 'copy + index every part', cell(p.index), `${first.parts} parts`],
        ['', 'constraints, fits fresh', cell(p.constraintsFresh), `${first.constraints} constraints; ${first.surfacePairs.touching} touching + ${first.surfacePairs.near} near surface pairs`],
        ['', 'constraints, fits cached', cell(p.constraintsCached), 'queries + rules only'],
        ['', '→ fitting (difference)', cell(fitting), `${fmtInt(first.fitted.surfaces)} surfaces fitted, ${fmtInt(first.fitted.lmRuns)} LM runs`],
        ['', 'contacts, every part pair', cell(p.contacts), `${first.contactPairs} candidate part pairs, ${first.contacts} surface contacts, ${fmtInt(first.triangleTests)} triangle tests`],
      );
      const differences = first.differences ?? [];
      if (differences.length > 0) {
        process.stdout.write(`assembly scale, ${copies} copies: ${differences.length} constraint difference(s) from the modules alone:\n`);
        for (const d of differences.slice(0, 10)) process.stdout.write(`  ${d}\n`);
      }
      targets.push({ target: 'fleet constraints = each module alone (ground truth)', where: `assembly scale ×${copies}`, value: `${differences.length} differences`, met: differences.length === 0 });
      json.push({ copies, parts: first.parts, triangles: first.triangles, surfaces: first.surfaces, repeats, medians: { ...p, fitting }, fitted: first.fitted, constraints: first.constraints, surfacePairs: first.surfacePairs, contactPairs: first.contactPairs, contacts: first.contacts, triangleTests: first.triangleTests, differences });
    }
    process.stdout.write(
      table(
        `Assembly scale — every bundled sample placed side by side, N times; fresh process per run, median of ${repeats} runs (wall ms / CPU ms); fitting = fresh − cached constraints`,
        ['assembly', 'phase', 'ms (wall / CPU)', 'work'],
        rows,
      ),
    );
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  return { json: { unit: 'ms', sizes: json }, targets };
}
