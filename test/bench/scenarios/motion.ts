// Continuous collision checking: swept translations against discrete sampling,
// against three-mesh-bvh sampled at 0.01 mm, part distance against closestPointToGeometry,
// and time per step of whole maintenance sequences.
import { readFileSync } from 'node:fs';
import { Matrix4, Vector3 } from 'three';
import { collide, distance, partFromMesh, timeOfImpact, type Assembly, type Part } from '../../../entries/index.js';
import { identityRigid } from '../../../src/math/rigid.js';
import { sweepParts, type RigidMotion } from '../../../src/motion/index.js';
import { firstImpact } from '../../../src/motion/firstImpact.js';
import { PairsNeverMeeting } from '../../../src/motion/neverMeet.js';
import { addStats, emptyStats, type QueryStats } from '../../../src/traverse/stats.js';
import { contactKeptByMotion } from '../../../src/motion/verdict.js';
import { simulate } from '../../../src/simulate/simulate.js';
import { findPartByPath, peerOf, sharedAssembly, type BenchOptions, type ScenarioOutput, type TargetCheck } from '../context.js';
import { IDENTITY } from '../meshes.js';
import { peerIntersects } from '../peer.js';
import { fmt, fmtRatio, hasShared, note, sample, sampleInterleaved, samplePath, sharedStep, sink, table, type Summary } from '../util.js';

const translationMatrix = (v: number[], f: number): Matrix4 => new Matrix4().makeTranslation(v[0]! * f, v[1]! * f, v[2]! * f);
const columnMajor = (m: Matrix4): number[] => Array.from(m.elements);
const rigidIdentity = identityRigid();
const motionOf = (v: number[]): RigidMotion => ({ kind: 'translate', vector: [v[0]!, v[1]!, v[2]!] });

/** Parts (other than `moving`) whose box overlaps the moving part's box swept along `move`. */
function candidates(assembly: Assembly, moving: Part, move: number[]): Part[] {
  const b = moving.bounds;
  const lo = [0, 1, 2].map((k) => Math.min(b[k]!, b[k]! + move[k]!));
  const hi = [0, 1, 2].map((k) => Math.max(b[k + 3]!, b[k + 3]! + move[k]!));
  return assembly.parts.filter((p) => p !== moving && p.indices.length > 0 && [0, 1, 2].every((k) => p.bounds[k]! <= hi[k]! && p.bounds[k + 3]! >= lo[k]!));
}

function thinBox(name: string, x0: number, x1: number): Part {
  const [y0, y1, z0, z1] = [-10, 10, -10, 10];
  const v = [[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0], [x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]];
  const f = [[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [2, 3, 7, 6], [1, 2, 6, 5], [0, 4, 7, 3]];
  const positions: number[] = [];
  for (const [a, b, c, d] of f) positions.push(...v[a!]!, ...v[b!]!, ...v[c!]!, ...v[a!]!, ...v[c!]!, ...v[d!]!);
  return partFromMesh({ name, positions, surfaces: f.map((_, i) => ({ first: 2 * i, last: 2 * i + 1 })) });
}

interface PathCase {
  label: string;
  /** Parts taken out first (the nut off before the bolt comes out): the whole path is then free. */
  without?: string[];
  assembly: Assembly;
  moving: Part;
  move: number[];
}

export async function motionScenario(o: BenchOptions): Promise<ScenarioOutput> {
  const repeats = o.quick ? 5 : 15;
  const targets: TargetCheck[] = [];
  const json: Record<string, unknown> = {};
  let out = '';

  // 1. Continuous vs 10 discrete queries, and a hit that 1 mm sampling misses.
  const blade = thinBox('blade', 0, 0.1);
  const wall = thinBox('wall', 50.45, 50.55);
  const move = [100, 0, 0];
  const toi = timeOfImpact(blade, IDENTITY, wall, IDENTITY, move).hit;
  let sampledHit = -1;
  for (let k = 0; k <= 100 && sampledHit < 0; k++) if (collide(blade, columnMajor(translationMatrix(move, k / 100)), wall, IDENTITY, { mode: 'first-surface' }).intersecting) sampledHit = k;
  const thin = {
    continuousHitMm: toi ? toi.distance : null,
    sampled1mmHitMm: sampledHit < 0 ? null : sampledHit,
  };
  json['thinWall'] = thin;
  note(`thin blade vs 0.1 mm wall: continuous hit at ${thin.continuousHitMm} mm, 1 mm sampling ${thin.sampled1mmHitMm === null ? 'misses it' : `hits at ${thin.sampled1mmHitMm} mm`}`);
  targets.push({ target: '1 mm sampling misses a hit the continuous check finds', where: 'blade 0.1 mm through a 0.1 mm wall, 100 mm move', value: `continuous ${fmt(thin.continuousHitMm ?? NaN)} mm, sampled ${thin.sampled1mmHitMm ?? 'miss'}`, met: thin.continuousHitMm !== null && thin.sampled1mmHitMm === null });

  const cases: PathCase[] = [];
  const rig = await sharedAssembly(samplePath('rig.step'));
  cases.push({ label: 'rig bolt out (+z 35 mm)', assembly: rig, moving: findPartByPath(rig.parts, 'bolt'), move: [0, 0, 35] });
  cases.push({ label: 'rig bolt out, nut off first (free)', without: ['nut'], assembly: rig, moving: findPartByPath(rig.parts, 'bolt'), move: [0, 0, 35] });
  let as1: Assembly | null = null;
  if (hasShared()) {
    as1 = await sharedAssembly(sharedStep('as1-oc-214.stp'));
    cases.push({ label: 'as1 bolt#2 out (+z 45 mm)', assembly: as1, moving: findPartByPath(as1.parts, 'as1/l-bracket-assembly#1/bolt#2'), move: [0, 0, 45] });
    cases.push({ label: 'as1 rod out (+x 200 mm)', assembly: as1, moving: findPartByPath(as1.parts, 'as1/rod-assembly/rod'), move: [200, 0, 0] });
    cases.push({ label: 'as1 bolt#2 out, nut#2 off first (free)', without: ['as1/l-bracket-assembly#1/nut#2'], assembly: as1, moving: findPartByPath(as1.parts, 'as1/l-bracket-assembly#1/bolt#2'), move: [0, 0, 45] });
    cases.push({ label: 'as1 rod out, both nuts off first (free)', without: ['as1/rod-assembly/nut#1', 'as1/rod-assembly/nut#2'], assembly: as1, moving: findPartByPath(as1.parts, 'as1/rod-assembly/rod'), move: [200, 0, 0] });
  }
  const rows: string[][] = [];
  const pathJson: unknown[] = [];
  for (const c of cases) {
    const others = candidates(c.assembly, c.moving, c.move).filter((p) => !c.without?.includes(p.path));
    // Interleaved, so machine load hits both alike. The discrete side runs all-surfaces: to
    // tell a new contact from the starting ones it must see every surface pair at each pose.
    const work = { continuous: emptyStats(), discrete: emptyStats() };
    const continuousQuery = (stats: QueryStats | null): number => {
      // As sweepParts searches for its first event: one query for the starting contacts,
      // the contacts the move keeps and the surface pairs it can never make interfere left
      // out, then the earliest contact over every part near the path, in windows of the move.
      const apart = others.map((other) => {
        const pairs = new PairsNeverMeeting(c.moving, rigidIdentity, other, rigidIdentity, motionOf(c.move), 0.05);
        const near = collide(c.moving, IDENTITY, other, IDENTITY, { mode: 'all-surfaces', tolerance: 0.05 });
        if (stats) addStats(stats, near.stats);
        for (const p of near.surfacePairs) if (contactKeptByMotion(c.moving.surfaces[p.a]!, rigidIdentity, other.surfaces[p.b]!, rigidIdentity, motionOf(c.move), 0.01)) pairs.leaveOut(p.a, p.b);
        return pairs;
      });
      const found = firstImpact(others.map((_, k) => k), (k, after, until) => {
        const r = timeOfImpact(c.moving, IDENTITY, others[k]!, IDENTITY, c.move, { mode: 'approach', skin: 0.05, minDepth: 0.05, after, until, horizon: 1, ignore: (a, b) => apart[k]!.has(a, b) });
        if (stats) addStats(stats, r.stats);
        return r.hit;
      }, -1);
      return found ? found.hit.fraction : 1;
    };
    const discreteQuery = (stats: QueryStats | null): number => {
      let n = 0;
      for (let k = 1; k <= 10; k++) {
        const pose = columnMajor(translationMatrix(c.move, k / 10));
        for (const other of others) {
          const r = collide(c.moving, pose, other, IDENTITY, { mode: 'all-surfaces' });
          if (stats) addStats(stats, r.stats);
          n += r.surfacePairs.length;
        }
      }
      return n;
    };
    const firstHit = continuousQuery(work.continuous);
    discreteQuery(work.discrete);
    // Interleaved, so machine load hits both alike. The discrete side runs all-surfaces: to
    // tell a new contact from the starting ones it must see every surface pair at each pose.
    const [continuous, discrete10] = sampleInterleaved(
      [
        () => {
          const t0 = performance.now();
          sink.value += continuousQuery(null);
          return (performance.now() - t0) * 1000;
        },
        () => {
          const t0 = performance.now();
          sink.value += discreteQuery(null);
          return (performance.now() - t0) * 1000;
        },
      ],
      2,
      repeats,
    ) as [Summary, Summary];
    // three-mesh-bvh sampled every 0.01 mm: timed over a stretch, then per mm of path.
    const length = Math.hypot(...c.move);
    const stretchMm = Math.min(length, o.quick ? 1 : 5);
    const samplesPerStretch = Math.round(stretchMm / 0.01);
    const peerMoving = peerOf(c.moving);
    const peerOthers = others.map(peerOf);
    const peer = sample(() => {
      const t0 = performance.now();
      for (let k = 0; k < samplesPerStretch; k++) {
        const pose = translationMatrix(c.move, (k * 0.01) / length);
        for (const p of peerOthers) sink.value += peerIntersects(peerMoving, pose, p, new Matrix4()) ? 1 : 0;
      }
      return ((performance.now() - t0) * 1000 * length) / stretchMm;
    }, 1, Math.max(2, Math.floor(repeats / 3)));
    const sweep = sample(() => {
      const t0 = performance.now();
      const parts = c.assembly.parts.filter((p) => !c.without?.includes(p.path));
      const scene = { parts, poses: parts.map(() => identityRigid()) };
      sink.value += sweepParts(scene, [parts.indexOf(c.moving)], { kind: 'translate', vector: c.move as [number, number, number] }).fraction;
      return (performance.now() - t0) * 1000;
    }, 1, Math.max(2, Math.floor(repeats / 3)));
    const ratio10 = continuous.median / discrete10.median;
    const ratioPeer = peer.median / continuous.median;
    const counters = (w: QueryStats): string => `${fmt(w.aabbTests)} / ${fmt(w.triangleTests)}`;
    rows.push([c.label, String(others.length), fmt(firstHit * Math.hypot(...c.move)), fmt(continuous.median), counters(work.continuous), fmt(discrete10.median), counters(work.discrete), fmtRatio(ratio10), fmt(peer.median / 1000), fmtRatio(ratioPeer), fmt(sweep.median / 1000), fmtRatio((sweep.median) / discrete10.median)]);
    pathJson.push({ label: c.label, otherParts: others.length, firstContactMm: firstHit * Math.hypot(...c.move), continuousUs: continuous.median, continuousStats: work.continuous, discrete10Us: discrete10.median, discreteStats: work.discrete, continuousOverDiscrete10: ratio10, peerSampled001mmMs: peer.median / 1000, peerOverContinuous: ratioPeer, sweepPartsMs: sweep.median / 1000, sweepPartsOverDiscrete10: sweep.median / discrete10.median });
    targets.push({ target: 'continuous translation ≤ 10 discrete collide queries', where: c.label, value: `${fmtRatio(ratio10)} of 10 queries`, met: ratio10 <= 1 });
  }
  json['paths'] = pathJson;
  out += table(
    'Continuous translation (the first event as sweepParts finds it: start contacts, then timeOfImpact in approach mode over every part near the path, in windows, without the contacts the move keeps or the surface pairs it can never make interfere) vs 10 discrete queries; work = AABB / triangle tests. sweepParts = the whole verdict: every event confirmed, passed ones resumed, clearance searched',
    ['path', 'parts', 'first contact mm', 'continuous µs', 'work', '10× collide (all-surfaces) µs', 'work', 'ratio', 'three-mesh-bvh @0.01 mm, ms', 'peer / continuous', 'sweepParts ms', 'sweepParts / 10 queries'],
    rows,
  );

  // 2. distance vs three-mesh-bvh closestPointToGeometry.
  const dRows: string[][] = [];
  const dJson: unknown[] = [];
  const distCases: [string, Assembly, string, string, number[]][] = [['rig bolt 20 mm above the plate', rig, 'bolt', 'plate', [0, 0, 20]]];
  if (as1) distCases.push(['as1 bolt#2 30 mm above the plate', as1, 'as1/l-bracket-assembly#1/bolt#2', 'as1/plate', [0, 0, 30]]);
  for (const [label, assembly, a, b, lift] of distCases) {
    const pa = findPartByPath(assembly.parts, a), pb = findPartByPath(assembly.parts, b);
    const pose = translationMatrix(lift, 1);
    const ours = sample(() => {
      const t0 = performance.now();
      sink.value += distance(pa, pose, pb, IDENTITY).closest?.distance ?? 0;
      return (performance.now() - t0) * 1000;
    }, 3, repeats * 4);
    const peerA = peerOf(pa), peerB = peerOf(pb);
    const toA = new Matrix4().copy(pose).invert();
    const t1 = { point: new Vector3(), distance: 0 }, t2 = { point: new Vector3(), distance: 0 };
    const theirs = sample(() => {
      const t0 = performance.now();
      peerA.bvh.closestPointToGeometry(peerB.geometry, toA, t1 as never, t2 as never);
      sink.value += t1.distance;
      return (performance.now() - t0) * 1000;
    }, 3, repeats * 4);
    const d = distance(pa, pose, pb, IDENTITY).closest!.distance;
    dRows.push([label, fmt(d), fmt(t1.distance), fmt(ours.median), fmt(theirs.median), fmtRatio(theirs.median / ours.median)]);
    dJson.push({ label, distance: d, peerDistance: t1.distance, surfcdUs: ours.median, peerUs: theirs.median });
  }
  json['distance'] = dJson;
  out += table('Part distance: surfcd distance vs three-mesh-bvh closestPointToGeometry', ['case', 'surfcd mm', 'peer mm', 'surfcd µs', 'peer µs', 'peer / surfcd'], dRows);

  // 3. Whole sequences: time per step.
  const seqRows: string[][] = [];
  const seqJson: unknown[] = [];
  const rigScript = JSON.parse(readFileSync(samplePath('rig.motion.json'), 'utf8'));
  const sequences: [string, Assembly, unknown][] = [['rig (samples/rig.motion.json)', rig, rigScript]];
  if (as1) sequences.push(['as1 (rod nuts, rod, one bracket bolt)', as1, as1Script()]);
  for (const [label, assembly, script] of sequences) {
    const times: number[] = [];
    const result = simulate(assembly, script, { onStep: () => times.push(performance.now()) });
    const t0 = performance.now();
    times.length = 0;
    simulate(assembly, script, { onStep: () => times.push(performance.now()) });
    const perStep = times.map((t, i) => t - (i === 0 ? t0 : times[i - 1]!));
    const steps = result.steps.map((s, i) => `${s.id} ${s.status} ${fmt(perStep[i]!)} ms`);
    seqRows.push([label, String(result.steps.length), `${result.summary.met}/${result.summary.steps}`, fmt(perStep.reduce((x, y) => x + y, 0) / perStep.length), steps.join('; ')]);
    seqJson.push({ label, steps: result.steps.map((s, i) => ({ id: s.id, status: s.status, met: s.met, ms: perStep[i] })) });
  }
  json['sequences'] = seqJson;
  out += table('Maintenance sequences (simulate): time per step', ['sequence', 'steps', 'met', 'mean ms/step', 'per step'], seqRows);
  process.stdout.write(out);
  return { json, targets };
}

/** An as1 maintenance sequence: the rod's nuts off, the rod out, one bracket bolt out. */
function as1Script(): unknown {
  return {
    schema: 'surfcd/motion@1',
    steps: [
      { id: 'rod-nut-1-off', move: ['as1/rod-assembly/nut#1'], translate: { direction: [1, 0, 0], distance: 'clear' }, expect: 'free', then: 'remove' },
      { id: 'rod-nut-2-off', move: ['as1/rod-assembly/nut#2'], translate: { direction: [-1, 0, 0], distance: 'clear' }, expect: 'free', then: 'remove' },
      { id: 'rod-sideways', move: ['as1/rod-assembly/rod'], translate: { direction: [0, 0, 1], distance: 5 }, expect: 'blocked' },
      { id: 'rod-out', move: ['as1/rod-assembly/rod'], translate: { direction: [1, 0, 0], distance: 'clear' }, expect: 'free', then: 'remove' },
      { id: 'bolt-2-out', move: ['as1/l-bracket-assembly#1/bolt#2'], translate: { direction: [0, 0, 1], distance: 'clear' }, expect: 'free', then: 'remove' },
    ],
  };
}
