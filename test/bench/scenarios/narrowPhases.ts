// The S-CD paper's comparison (Figueiredo et al., Tables 3 and 4: first intersecting
// triangle, all intersecting triangles, S-CD against RAPID/OBBTree, the boxtree's family
// and others), rerun here on the same triangles and poses for every narrow phase surfcd
// has, plus S-CD without the OAABB (Table 5) and three-mesh-bvh: the as1 bolt and rod
// removal paths and a tumbling as1 plate; with build time, bytes per triangle and the
// work counters.
import type { Matrix4 } from 'three';
import { collide, indexPartFully, partFromMesh, partIndexBytes, type CollideOptions, type Part, type QueryStats } from '../../../entries/index.js';
import { narrowPhase } from '../../../src/collide/narrowPhases.js';
import { findPartByPath, peerOf, sharedAssembly, type BenchOptions, type ScenarioOutput } from '../context.js';
import { IDENTITY, normalizedCopy, polylinePoses, tumblePose } from '../meshes.js';
import { makePeer, peerAllPairs, peerIntersects, type PeerPart } from '../peer.js';
import { sortedTrianglePairs } from '../../helpers/soup.js';
import { cpuMicros } from './obbTests.js';
import { fmt, fmtRatio, fmtSummary, hasShared, note, sampleInterleaved, sharedStep, sink, table } from '../util.js';

interface Query {
  a: Part;
  pa: Matrix4;
  b: Part;
  pb: Matrix4;
}

interface Scene {
  name: string;
  describe: string;
  parts: Part[];
  queries: Query[];
  /** Queries per reported unit (a path step, or one query for the tumble). */
  perUnit: number;
  unit: string;
}

interface Contender {
  name: string;
  /** collide options (surfcd methods), or null for the peer. */
  options: CollideOptions | null;
}

const CONTENDERS: Contender[] = [
  { name: 'S-CD', options: { method: 'scd' } },
  { name: 'S-CD without OAABB', options: { method: 'scd', oaabb: false } },
  { name: 'OBBTree (15-axis SAT)', options: { method: 'obbtree', obbTest: 'sat' } },
  { name: 'OBBTree (effective constraints)', options: { method: 'obbtree', obbTest: 'effective' } },
  { name: 'OBBTree (SAT-lite)', options: { method: 'obbtree', obbTest: 'lite' } },
  { name: 'restricted boxtree', options: { method: 'boxtree' } },
  { name: 'restricted boxtree, paper (axis alignment)', options: { method: 'boxtree-paper' } },
  { name: 'restricted boxtree, paper (SAT lite)', options: { method: 'boxtree-paper-lite' } },
  { name: 'restricted boxtree, paper (SAT)', options: { method: 'boxtree-paper-sat' } },
  { name: 'three-mesh-bvh', options: null },
];

const FIRST = 'first-surface' as const, ALL = 'all-triangles' as const;

function frozen(o: CollideOptions, mode: typeof FIRST | typeof ALL): CollideOptions {
  return Object.freeze({ ...o, mode });
}

/** Index build time (ms, fresh builds) and bytes for a contender over the scene's distinct parts. */
function buildCost(c: Contender, parts: Part[]): { ms: number; bytes: number } {
  const c0 = process.cpuUsage();
  let bytes = 0;
  for (const part of parts) {
    if (!c.options) {
      const roots = (makePeer(part).bvh as unknown as { _roots: ArrayBuffer[] })._roots;
      bytes += roots.reduce((n, r) => n + r.byteLength, 0);
    } else if (c.options.method === 'scd') {
      // A fresh copy: partFromMesh fits the part's OBB (the pre-check's), indexPartFully builds both R-tree levels.
      const copy = partFromMesh({ name: part.name, positions: part.positions, indices: part.indices, surfaces: part.surfaces.map((s) => ({ first: s.firstTriangle, last: s.firstTriangle + s.triangleCount - 1 })) });
      indexPartFully(copy);
      bytes += partIndexBytes(copy);
    } else {
      const phase = narrowPhase(c.options.method!);
      bytes += phase.indexBytes?.(phase.build(part)) ?? NaN;
    }
  }
  return { ms: cpuMicros(c0) / 1000, bytes };
}

function run(c: Contender, scene: Scene, mode: typeof FIRST | typeof ALL, peers: Map<Part, PeerPart>): () => number {
  const { queries } = scene;
  if (!c.options) {
    const pairs: number[] = [], surfaces = new Set<number>();
    return () => {
      const c0 = process.cpuUsage();
      for (const q of queries) {
        sink.value += mode === FIRST ? (peerIntersects(peers.get(q.a)!, q.pa, peers.get(q.b)!, q.pb) ? 1 : 0) : peerAllPairs(peers.get(q.a)!, q.pa, peers.get(q.b)!, q.pb, pairs, surfaces);
      }
      return (cpuMicros(c0) * scene.perUnit) / queries.length;
    };
  }
  const options = frozen(c.options, mode);
  return () => {
    const c0 = process.cpuUsage();
    for (const q of queries) {
      const r = collide(q.a, q.pa, q.b, q.pb, options);
      sink.value += r.trianglePairs ? r.trianglePairs.length : r.surfacePairs.length;
    }
    return (cpuMicros(c0) * scene.perUnit) / queries.length;
  };
}

/** Work per unit, and disagreements with S-CD (all-triangles: the same triangle pairs; first: the same yes/no). */
function work(c: Contender, scene: Scene, mode: typeof FIRST | typeof ALL, reference: string[][] | null): { stats: QueryStats; mismatches: number; answers: string[][] } {
  const sum: QueryStats = { obbTests: 0, aabbTests: 0, aabbUpdates: 0, triangleTests: 0 };
  let mismatches = 0;
  const answers: string[][] = [];
  scene.queries.forEach((q, i) => {
    const r = collide(q.a, q.pa, q.b, q.pb, frozen(c.options!, mode));
    for (const k of ['obbTests', 'aabbTests', 'aabbUpdates', 'triangleTests'] as const) sum[k] += r.stats[k];
    const answer = mode === ALL ? sortedTrianglePairs(r.trianglePairs) : [String(r.intersecting)];
    answers.push(answer);
    if (reference && reference[i]!.join() !== answer.join()) mismatches++;
  });
  const f = scene.perUnit / scene.queries.length;
  return { stats: { obbTests: sum.obbTests * f, aabbTests: sum.aabbTests * f, aabbUpdates: sum.aabbUpdates * f, triangleTests: sum.triangleTests * f }, mismatches, answers };
}

async function scenes(opts: BenchOptions): Promise<Scene[]> {
  const as1 = await sharedAssembly(sharedStep('as1-oc-214.stp'));
  const steps = opts.quick ? 30 : 150;
  const path = (label: string, moving: string, waypoints: [number, number, number][], describe: string): Scene => {
    const m = findPartByPath(as1.parts, moving);
    const others = as1.parts.filter((p) => p !== m);
    const queries = polylinePoses(waypoints, steps).flatMap((pa) => others.map((b) => ({ a: m, pa, b, pb: IDENTITY })));
    return { name: label, describe, parts: as1.parts, queries, perUnit: others.length, unit: 'µs per step' };
  };
  // The rod runs through both brackets: pull it out along its longest OBB axis, past its own length.
  const rod = findPartByPath(as1.parts, 'as1/rod-assembly/rod');
  const h = Array.from(rod.obb.halfExtents);
  const k = h.indexOf(Math.max(...h));
  const axis = Array.from(rod.obb.axes.subarray(3 * k, 3 * k + 3));
  const out = 2 * h[k]! + 5;
  const plate = findPartByPath(as1.parts, 'as1/plate/plate');
  const a = normalizedCopy(plate, 'plate A'), b = normalizedCopy(plate, 'plate B');
  const tumbleSteps = opts.quick ? 24 : 72;
  const tumble: Query[] = [];
  for (const d of [0.5, 1, 1.5]) for (let s = 0; s < tumbleSteps; s++) tumble.push({ a, pa: IDENTITY, b, pb: tumblePose((2 * Math.PI * s) / tumbleSteps, d) });
  return [
    path('as1 bolt path', 'as1/l-bracket-assembly#1/bolt#2', [[0, 0, 0], [0, 0, 45], [40, 0, 45]], `bolt#2 out 45 mm along +z, then 40 mm along +x; ${steps} steps`),
    path('as1 rod path', 'as1/rod-assembly/rod', [[0, 0, 0], axis.map((v) => v * out) as [number, number, number]], `rod pulled ${fmt(out)} mm along its axis out of both brackets; ${steps} steps`),
    { name: 'as1 plate tumble', describe: `two copies of the plate (${plate.indices.length / 3} triangles) in a cube of side 2, one tumbling about z and x at d = 0.5, 1, 1.5; ${tumble.length} queries`, parts: [a], queries: tumble, perUnit: 1, unit: 'µs per query' },
  ];
}

export async function narrowComparison(opts: BenchOptions): Promise<ScenarioOutput> {
  if (!hasShared()) {
    process.stdout.write('\nNarrow-phase comparison: SKIPPED (../shared/data/step/as1-oc-214.stp not found)\n');
    return { json: { skipped: true }, targets: [] };
  }
  const warmup = 1, repeats = opts.quick ? 3 : 5;
  const json: unknown[] = [];
  for (const scene of await scenes(opts)) {
    const parts = [...new Set(scene.queries.flatMap((q) => [q.a, q.b]))];
    const triangles = parts.reduce((n, p) => n + p.indices.length / 3, 0);
    note(`narrow ${scene.name}: ${scene.queries.length} queries, ${parts.length} parts, ${triangles} triangles`);
    const peers = new Map(parts.map((p) => [p, peerOf(p)] as const));
    const costs = CONTENDERS.map((c) => buildCost(c, parts));
    // Warm every index before timing (the registry builds phase indices on first use).
    for (const c of CONTENDERS) if (c.options) for (const q of scene.queries.slice(0, 1)) collide(q.a, q.pa, q.b, q.pb, c.options);
    const refFirst = work(CONTENDERS[0]!, scene, FIRST, null).answers;
    const refAll = work(CONTENDERS[0]!, scene, ALL, null).answers;
    const timings = sampleInterleaved(CONTENDERS.flatMap((c) => [run(c, scene, FIRST, peers), run(c, scene, ALL, peers)]), warmup, repeats);
    const scd = { first: timings[0]!.median, all: timings[1]!.median };
    const timeRows: string[][] = [];
    const workRows: string[][] = [];
    const entries: unknown[] = [];
    CONTENDERS.forEach((c, i) => {
      const first = timings[2 * i]!, all = timings[2 * i + 1]!;
      const cost = costs[i]!;
      timeRows.push([c.name, fmt(cost.ms), fmt(cost.bytes / triangles), fmtSummary(first), fmtRatio(first.median / scd.first), fmtSummary(all), fmtRatio(all.median / scd.all)]);
      const entry: Record<string, unknown> = { name: c.name, options: c.options, buildMs: cost.ms, bytesPerTriangle: cost.bytes / triangles, first, allTriangles: all };
      if (c.options) {
        const wf = work(c, scene, FIRST, refFirst), wa = work(c, scene, ALL, refAll);
        for (const [label, w] of [['first', wf], ['all-tri', wa]] as const) {
          workRows.push([label === 'first' ? c.name : '', label, fmt(w.stats.obbTests), fmt(w.stats.aabbTests), fmt(w.stats.aabbUpdates), fmt(w.stats.triangleTests), String(w.mismatches)]);
        }
        entry['workPerUnit'] = { first: wf.stats, allTriangles: wa.stats };
        entry['mismatchesWithScd'] = { first: wf.mismatches, allTriangles: wa.mismatches };
      }
      entries.push(entry);
    });
    process.stdout.write(
      table(
        `Narrow phases — ${scene.name}: ${scene.describe}; ${parts.length} parts, ${triangles} triangles\n` +
          `CPU ${scene.unit} (process user + system time; the machine is shared): median [min–max] of ${repeats} interleaved passes; "first" = first intersecting triangle (S-CD: first-surface), "all" = all intersecting triangle pairs; ×S-CD = time / S-CD's`,
        ['method', 'build CPU ms', 'B/tri', 'first', '×S-CD', 'all triangles', '×S-CD'],
        timeRows,
      ),
    );
    process.stdout.write(
      table(`Work ${scene.unit.replace('µs ', '')} — ${scene.name}; "≠S-CD" = queries whose answer differs from S-CD's (must be 0)`, ['method', 'mode', 'OBB tests', 'AABB tests', 'AABB updates', 'triangle tests', '≠S-CD'], workRows),
    );
    json.push({ scene: scene.name, describe: scene.describe, unit: scene.unit, parts: parts.length, triangles, queries: scene.queries.length, contenders: entries });
  }
  return { json: { scenes: json }, targets: [] };
}
