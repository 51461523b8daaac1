// Clearance and interference volume. Three comparisons, each in the same run:
//  - distance between posed parts: surfcd's two-level descent against three-mesh-bvh's
//    closestPointToGeometry and manifold-3d's minGap, on the same parts and random poses;
//  - a whole assembly's clearance check (every part pair) at 1, 2 and 5 mm, warm;
//  - interference volume: manifold-3d's exact intersection against a brute-force
//    winding-number estimate of the same overlap.
import { Matrix4 } from 'three';
import { findClearances, overlapVolume, startManifold, type ManifoldModule, type Part } from '../../../entries/index.js';
import { distance } from '../../../src/motion/index.js';
import { weldPart } from '../../../src/verdict/interferenceVolume.js';
import { emptyAabb, intersectAabbs, transformAabb } from '../../../src/math/aabb.js';
import { identityRigid, toRigid } from '../../../src/math/rigid.js';
import { findPartByPath, peerOf, sharedAssembly, type BenchOptions, type ScenarioOutput, type TargetCheck } from '../context.js';
import { fmt, fmtRatio, hasShared, note, samplePath, sampleInterleaved, sharedStep, sink, table } from '../util.js';

/** A deterministic random pose of B around its place: a small rotation and a shift (mm). */
function randomPoses(count: number, shift: number, seed: number): Matrix4[] {
  let s = seed >>> 0;
  const rnd = (): number => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  return Array.from({ length: count }, () => {
    const axis = [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5];
    const l = Math.hypot(...axis) || 1;
    const m = new Matrix4().makeRotationAxis({ x: axis[0]! / l, y: axis[1]! / l, z: axis[2]! / l } as never, 0.2 * (rnd() - 0.5));
    return m.setPosition((rnd() - 0.5) * shift, (rnd() - 0.5) * shift, (rnd() - 0.5) * shift + shift);
  });
}

/** A manifold-3d solid of a part under a pose (built outside the timed minGap calls). */
function solidOf(wasm: ManifoldModule, part: Part, pose: Matrix4): ReturnType<ManifoldModule['Manifold']['prototype']['intersect']> | null {
  const mesh = weldPart(part, toRigid(Array.from(pose.elements)), [0, 0, 0]);
  if (!mesh.closed) return null;
  try {
    return new wasm.Manifold(new wasm.Mesh({ numProp: 3, vertProperties: Float32Array.from(mesh.positions), triVerts: mesh.indices }));
  } catch {
    return null;
  }
}

async function distanceRows(wasm: ManifoldModule, pairs: [string, Part, Part][], poses: number, repeats: number): Promise<{ rows: string[][]; json: unknown[] }> {
  const rows: string[][] = [];
  const json: unknown[] = [];
  for (const [label, a, b] of pairs) {
    const list = randomPoses(poses, 2, label.length * 7919);
    const identity = new Matrix4();
    const pa = peerOf(a), pb = peerOf(b);
    const solidA = solidOf(wasm, a, identity);
    const solidsB = list.map((p) => solidOf(wasm, b, p));
    const answers = list.map((p) => distance(a, identity, b, p).closest?.distance ?? NaN);
    // Agreement: the peers' answers against surfcd's, pose by pose.
    let worstPeer = 0, worstManifold = 0;
    list.forEach((p, i) => {
      const hit = pa.bvh.closestPointToGeometry(pb.geometry, p);
      worstPeer = Math.max(worstPeer, Math.abs((hit?.distance ?? NaN) - answers[i]!));
      const gap = solidA && solidsB[i] ? solidA.minGap(solidsB[i]!, answers[i]! + 1) : NaN;
      if (answers[i]! > 0) worstManifold = Math.max(worstManifold, Math.abs(gap - answers[i]!));
    });
    const perPose = (f: (p: Matrix4, i: number) => number) => (): number => {
      const t = performance.now();
      list.forEach((p, i) => { sink.value += f(p, i); });
      return ((performance.now() - t) * 1000) / list.length;
    };
    const runs = [
      perPose((p) => distance(a, identity, b, p).closest?.distance ?? 0),
      perPose((p) => pa.bvh.closestPointToGeometry(pb.geometry, p)?.distance ?? 0),
      ...(solidA && solidsB.every(Boolean) ? [perPose((_p, i) => solidA.minGap(solidsB[i]!, answers[i]! + 1))] : []),
    ];
    const [ours, bvh, gap] = sampleInterleaved(runs, 1, repeats);
    solidA?.delete();
    for (const s of solidsB) s?.delete();
    const triangles = `${a.indices.length / 3} × ${b.indices.length / 3}`;
    rows.push([label, triangles, fmt(ours!.median), fmt(bvh!.median), fmtRatio(bvh!.median / ours!.median), gap ? fmt(gap.median) : '–', gap ? fmtRatio(gap.median / ours!.median) : '–', fmt(worstPeer), Number.isFinite(worstManifold) ? fmt(worstManifold) : '–']);
    json.push({ pair: label, triangles, surfcdUs: ours!.median, bvhUs: bvh!.median, manifoldMinGapUs: gap?.median ?? null, worstDiffBvh: worstPeer, worstDiffManifold: worstManifold });
  }
  return { rows, json };
}

export async function clearanceScenario(opts: BenchOptions): Promise<ScenarioOutput> {
  const wasm = await startManifold();
  const targets: TargetCheck[] = [];
  const gaps = await sharedAssembly(samplePath('clearance-gaps.step'));
  const part = (asm: { parts: Part[] }, path: string): Part => findPartByPath(asm.parts, path);
  const pairs: [string, Part, Part][] = [
    ['blocks 1.5 apart', part(gaps, 'block-a'), part(gaps, 'block-b')],
    ['shaft in bore, 0.2 gap', part(gaps, 'bored-block'), part(gaps, 'shaft')],
    ['ball over plate', part(gaps, 'plate'), part(gaps, 'ball')],
  ];
  const gripper = hasShared() ? await sharedAssembly(sharedStep('gripper-fusion360.step')) : null;
  if (gripper) {
    const big = [...gripper.parts].sort((x, y) => y.indices.length - x.indices.length);
    pairs.push(['gripper: two largest parts', big[0]!, big[1]!]);
  }
  const dist = await distanceRows(wasm, pairs, opts.quick ? 8 : 32, opts.quick ? 3 : 5);
  process.stdout.write(table('Distance between posed parts (µs per query; same parts and poses; ratio = peer / surfcd)', ['pair', 'triangles', 'surfcd', 'three-mesh-bvh', 'ratio', 'manifold minGap', 'ratio', 'max |Δ| bvh', 'max |Δ| manifold'], dist.rows));

  const assemblies: [string, { parts: Part[]; name: string }][] = [['clearance-gaps', gaps]];
  if (gripper) assemblies.push(['gripper (140 parts)', gripper]);
  if (hasShared()) assemblies.push(['as1', await sharedAssembly(sharedStep('as1-oc-214.stp'))]);
  const checkRows: string[][] = [];
  const checkJson: unknown[] = [];
  for (const [label, asm] of assemblies) {
    for (const min of [1, 2, 5]) {
      findClearances(asm as never, { min }); // warm: triangle trees and fitted kinds built
      // Wall time and this thread's CPU time: on a shared machine the CPU time is what one core spends.
      const t = performance.now(), cpu = process.cpuUsage();
      const r = findClearances(asm as never, { min });
      const ms = performance.now() - t, cpuMs = process.cpuUsage(cpu).user / 1000;
      checkRows.push([label, String(min), String(r.candidatePairs), String(r.clearances.length), fmt(ms), fmt(cpuMs)]);
      checkJson.push({ assembly: label, min, candidatePairs: r.candidatePairs, below: r.clearances.length, ms, cpuMs });
      if (label.startsWith('gripper') && min === 5) targets.push({ target: 'all part pairs of a 140-part assembly at --min 5 under 3 s warm, one core', where: label, value: `${fmt(ms / 1000)} s wall, ${fmt(cpuMs / 1000)} s CPU`, met: cpuMs < 3000 });
    }
  }
  process.stdout.write(table('Clearance check, every part pair, warm (ms)', ['assembly', 'min mm', 'candidate pairs', 'closer', 'ms', 'CPU ms'], checkRows));

  const volumes = await sharedAssembly(samplePath('interference-volumes.step'));
  const volumeRows: string[][] = [];
  const volumeJson: unknown[] = [];
  for (const [a, b, truth] of [['box-a', 'box-b', 31.5], ['press-pin', 'pressed-block', Math.PI * (25 - 24.01) * 10], ['buried', 'host', 175]] as const) {
    const pa = part(volumes, a), pb = part(volumes, b);
    const box = emptyAabb();
    intersectAabbs(transformAabb(pa.bounds, identityRigid()), transformAabb(pb.bounds, identityRigid()), box);
    const time = (f: () => number): [number, number] => { const t = performance.now(); const v = f(); return [v, performance.now() - t]; };
    const [exact, exactMs] = time(() => overlapVolume(pa, identityRigid(), pb, identityRigid(), box, { manifold: wasm }).volume);
    const estimate = overlapVolume(pa, identityRigid(), pb, identityRigid(), box, { manifold: null, samples: opts.quick ? 4096 : 32768 });
    const [, estimateMs] = time(() => overlapVolume(pa, identityRigid(), pb, identityRigid(), box, { manifold: null, samples: opts.quick ? 4096 : 32768 }).volume);
    volumeRows.push([`${a} ∩ ${b}`, fmt(truth), fmt(exact, 6), fmt(Math.abs(exact - truth) / truth), fmt(exactMs), `${fmt(estimate.volume)} ± ${fmt(estimate.volumeError!)}`, fmt(estimateMs), fmtRatio(estimateMs / exactMs)]);
    volumeJson.push({ pair: `${a} ∩ ${b}`, truth, exact, exactMs, estimate: estimate.volume, estimateError: estimate.volumeError, estimateMs });
  }
  process.stdout.write(table('Interference volume (mm³): manifold-3d exact (refined onto the fitted surfaces) vs winding-number estimate', ['pair', 'truth', 'exact', 'rel. error', 'ms', 'estimate', 'ms', 'estimate / exact time'], volumeRows));
  note('clearance done');
  return { json: { distance: dist.json, clearanceCheck: checkJson, volume: volumeJson }, targets };
}
