// Cold start, as a CLI user meets it: every figure comes from a fresh Node
// process. Index build (createPart + indexPart: surface trees, triangle trees lazy; and
// "full", every triangle tree built as the cache stores it) against three-mesh-bvh's MeshBVH
// on the same triangles; loadAssembly without the cache against a
// re-open through it; and `surfcd contacts` wall time on a cached as1.
// SURFCD_BENCH_BASE=<dist dir of another build> adds that build's cold index time (same run).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAssembly } from '../../../entries/index.js';
import type { BenchOptions, ScenarioOutput, TargetCheck } from '../context.js';
import { writeMeshes } from '../cold/meshFile.js';
import { LEVELS } from './scaling.js';
import { spherePart } from '../meshes.js';
import { fmt, fmtInt, fmtRatio, hasShared, note, sharedStep, summarize, table, type Summary } from '../util.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const child = resolve(here, '../cold/child.js');

/** CPU ms (user + system) of the measured work in a fresh process: wall time on a shared machine measures the neighbours. */
function run(args: string[]): number {
  const r = spawnSync(process.execPath, [child, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`cold child ${args.join(' ')} failed: ${r.stderr}`);
  return (JSON.parse(r.stdout.trim().split('\n').pop()!) as { cpuMs: number }).cpuMs;
}

/** Interleaved cold runs: round r runs every contender once. */
function coldRuns(contenders: (() => number)[], repeats: number): Summary[] {
  const values: number[][] = contenders.map(() => []);
  for (let r = 0; r < repeats; r++) contenders.forEach((c, i) => values[i]!.push(c()));
  return values.map(summarize);
}

export async function cold(opts: BenchOptions): Promise<ScenarioOutput> {
  if (!hasShared()) {
    process.stdout.write('\nCold start: SKIPPED (../shared/data/step not found)\n');
    return { json: { skipped: 'no ../shared' }, targets: [] };
  }
  // Cold children are noisy on a shared machine (background compile threads count): 5+ runs per median.
  const repeats = opts.quick ? 5 : 7;
  const base = process.env['SURFCD_BENCH_BASE'] ? resolve(process.env['SURFCD_BENCH_BASE']) : null;
  const temp = mkdtempSync(join(tmpdir(), 'surfcd-bench-cold-'));
  const targets: TargetCheck[] = [];
  const json: Record<string, unknown> = {};
  try {
    // 1. Index build, cold.
    const levels = [LEVELS[0]!, LEVELS[3]!];
    const buildRows: string[][] = [];
    const builds: unknown[] = [];
    for (const level of levels) {
      note(`cold: reading as1 at ${level.label}`);
      const options = { ...(level.linearDeflection !== undefined ? { linearDeflection: level.linearDeflection } : {}), ...(level.angularDeflection !== undefined ? { angularDeflection: level.angularDeflection } : {}) };
      const assembly = await readAssembly(sharedStep('as1-oc-214.stp'), options);
      const triangles = assembly.parts.reduce((n, p) => n + p.indices.length / 3, 0);
      const file = join(temp, `meshes-${builds.length}.bin`);
      writeFileSync(
        file,
        writeMeshes(assembly.parts.map((p) => ({ positions: p.positions, indices: p.indices, surfaces: p.surfaces.map((s) => ({ first: s.firstTriangle, last: s.firstTriangle + s.triangleCount - 1 })) }))),
      );
      const contenders = [
        () => run(['build-surfcd', file]),
        () => run(['build-peer', file]),
        () => run(['build-surfcd-full', file]),
        ...(base ? [() => run(['build-surfcd-full', file, '', base])] : []),
      ];
      const [surfcd, peer, full, before] = coldRuns(contenders, repeats) as [Summary, Summary, Summary, Summary | undefined];
      buildRows.push([
        level.label,
        fmtInt(triangles),
        fmt(surfcd.median),
        fmt(full.median),
        fmt(peer.median),
        fmtRatio(surfcd.median / peer.median),
        fmtRatio(full.median / peer.median),
        before ? fmt(before.median) : '–',
      ]);
      builds.push({ level, triangles, surfcdMs: surfcd, fullMs: full, peerMs: peer, ...(before ? { baseFullMs: before } : {}) });
      targets.push({ target: 'cold build ≤ three-mesh-bvh', where: `cold, as1 ${level.label} (${fmtInt(triangles)} tri)`, value: fmtRatio(surfcd.median / peer.median), met: surfcd.median <= peer.median });
      targets.push({ target: 'cold full build (every tree) ≤ three-mesh-bvh', where: `cold, as1 ${level.label}`, value: fmtRatio(full.median / peer.median), met: full.median <= peer.median });
    }
    process.stdout.write(
      table(
        `Cold index build — as1-oc-214, every part, fresh process per run (CPU ms, median of ${repeats}; surfcd = createPart + indexPart (triangle trees on first use), full = every triangle tree too, peer = MeshBVH)`,
        ['tessellation', 'triangles', 'surfcd ms', 'full ms', 'three-mesh-bvh ms', 'surfcd/peer', 'full/peer', base ? `base full ms` : 'base'],
        buildRows,
      ),
    );
    json['build'] = builds;

    // 2. The first answer: build plus one pass of every part pair, in a fresh process each.
    const queryRows: string[][] = [];
    const queries: unknown[] = [];
    const as1 = await readAssembly(sharedStep('as1-oc-214.stp'));
    const scenes = [
      { label: 'as1 at rest, every pair', parts: as1.parts },
      // Two 32k-triangle spheres in parallel close proximity: nothing crosses, every box overlaps.
      { label: 'nested spheres r = 1, 1.01', parts: [spherePart(1, 128, 128), spherePart(1.01, 128, 128)] },
    ];
    for (const scene of scenes) {
      const file = join(temp, `scene-${queries.length}.bin`);
      writeFileSync(file, writeMeshes(scene.parts.map((p) => ({ positions: p.positions, indices: p.indices, surfaces: p.surfaces.map((s) => ({ first: s.firstTriangle, last: s.firstTriangle + s.triangleCount - 1 })) }))));
      const [surfcd, peer] = coldRuns([() => run(['query-surfcd', file]), () => run(['query-peer', file])], repeats) as [Summary, Summary];
      const triangles = scene.parts.reduce((n, p) => n + p.indices.length / 3, 0);
      const ratio = surfcd.median / peer.median;
      queryRows.push([scene.label, fmtInt(triangles), fmt(surfcd.median), fmt(peer.median), fmtRatio(ratio)]);
      queries.push({ scene: scene.label, triangles, surfcdMs: surfcd, peerMs: peer, ratio });
      targets.push({ target: 'cold first answer ≤ three-mesh-bvh', where: `cold, ${scene.label}`, value: fmtRatio(ratio), met: ratio <= 1 });
    }
    process.stdout.write(
      table(
        `Cold first answer — build + one pass of every part pair at rest, fresh process per run (CPU ms, median of ${repeats}; surfcd = createPart + indexPart + collide all-surfaces, peer = MeshBVH + bvhcast)`,
        ['scene', 'triangles', 'surfcd ms', 'three-mesh-bvh ms', 'surfcd/peer'],
        queryRows,
      ),
    );
    json['firstAnswer'] = queries;

    // 3. First import against a re-open through the cache.
    const reopenRows: string[][] = [];
    const reopens: unknown[] = [];
    for (const name of opts.quick ? ['as1-oc-214.stp'] : ['as1-oc-214.stp', 'dm1-id-214.stp', 'io1-cm-214.stp']) {
      const path = sharedStep(name);
      const dir = join(temp, `cache-${name}`);
      run(['reopen', path, dir]); // writes the entry
      const [imported, reopened] = coldRuns([() => run(['import', path]), () => run(['reopen', path, dir])], opts.quick ? 2 : repeats) as [Summary, Summary];
      const speedup = imported.median / reopened.median;
      reopenRows.push([name, fmt(imported.median), fmt(reopened.median), fmtRatio(speedup)]);
      reopens.push({ file: name, importMs: imported, reopenMs: reopened, speedup });
      targets.push({ target: 're-open ≥20× faster than import', where: `cold, ${name}`, value: fmtRatio(speedup), met: speedup >= 20 });
    }
    process.stdout.write(table(`Re-open through the cache — loadAssembly in a fresh process (CPU ms, median of ${opts.quick ? 2 : repeats})`, ['file', 'import ms', 're-open ms', 'speed-up'], reopenRows));
    json['reopen'] = reopens;

    // 4. The CLI, end to end, on a cached as1: whole-process CPU (start-up included) and wall.
    const dir = join(temp, 'cli-cache');
    const file = sharedStep('as1-oc-214.stp');
    const cliRun = (): { ms: number; cpuMs: number } => {
      const r = spawnSync(process.execPath, [child, 'cli', file, dir], { encoding: 'utf8', maxBuffer: 1 << 24 });
      if (r.status !== 0) throw new Error(`surfcd contacts failed: ${r.stderr}`);
      return JSON.parse(r.stdout.trim().split('\n').pop()!) as { ms: number; cpuMs: number };
    };
    const uncached = cliRun();
    cliRun(); // fitted kinds join the entry
    const runs = Array.from({ length: repeats }, cliRun);
    const cpu = summarize(runs.map((r) => r.cpuMs)), wall = summarize(runs.map((r) => r.ms));
    process.stdout.write(
      `\nsurfcd contacts as1, whole process: uncached ${fmt(uncached.cpuMs)} ms CPU (${fmt(uncached.ms)} ms wall); cached ${fmt(cpu.median)} ms CPU (${fmt(wall.median)} ms wall), median of ${repeats}\n`,
    );
    json['cliContacts'] = { uncached, cachedCpuMs: cpu, cachedWallMs: wall };
    targets.push({ target: 'surfcd contacts on cached as1 < 0.5 s', where: 'cold, CLI (CPU; wall on a loaded machine measures the neighbours)', value: `${fmt(cpu.median)} ms CPU`, met: cpu.median < 500 });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return { json, targets };
}
