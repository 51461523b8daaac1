// Maintenance path (S-CD paper, Tables 2, 5, 6): one part moves along a removal path in
// N steps and is queried against every other part at each step.
import type { Matrix4 } from 'three';
import { collide, type Assembly, type CollideMode, type Part, type QueryStats } from '../../../entries/index.js';
import { findPartByPath, peerOf, sharedAssembly, type BenchOptions, type ScenarioOutput, type TargetCheck } from '../context.js';
import { IDENTITY, polylinePoses } from '../meshes.js';
import { consume, MODES, optionsFor, peerKey, peerQuery, surfcdQuery } from '../modes.js';
import { explain } from '../diagnose.js';
import { agreementJson, compareSurfacePairs, emptyAgreement, fmtAgreement, peerAllPairs, peerIntersects, type PeerPart } from '../peer.js';
import { fmt, fmtRatio, fmtSummary, hasShared, note, sampleInterleaved, sharedStep, samplePath, table } from '../util.js';

export interface PathSpec {
  label: string;
  file: string;
  moving: string;
  /** Translations of the moving part (mm), from the assembled state. */
  waypoints: [number, number, number][];
  describe: string;
}

export function pathSpecs(): { specs: PathSpec[]; skipped: string[] } {
  const specs: PathSpec[] = [];
  const skipped: string[] = [];
  if (hasShared()) {
    specs.push({
      label: 'as1-oc-214',
      file: sharedStep('as1-oc-214.stp'),
      moving: 'as1/l-bracket-assembly#1/bolt#2',
      // Up out of the bracket foot and the plate (bolt is 37 mm long), then sideways over the plate, passing the rod at 0.5 mm.
      waypoints: [[0, 0, 0], [0, 0, 45], [40, 0, 45]],
      describe: 'bolt#2 of l-bracket-assembly#1 pulled out 45 mm along +z, then 40 mm along +x',
    });
  } else skipped.push('as1-oc-214 (../shared/data/step/as1-oc-214.stp not found)');
  specs.push({
    label: 'rig',
    file: samplePath('rig.step'),
    moving: 'bolt',
    waypoints: [[0, 0, 0], [0, 0, 35], [-60, 0, 35]],
    describe: 'bolt pulled out 35 mm along +z, then 60 mm along −x',
  });
  return { specs, skipped };
}

export interface PathSetup {
  moving: Part;
  others: Part[];
  poses: Matrix4[];
}

export function setupPath(assembly: Assembly, spec: PathSpec, steps: number): PathSetup {
  const moving = findPartByPath(assembly.parts, spec.moving);
  return { moving, others: assembly.parts.filter((p) => p !== moving), poses: polylinePoses(spec.waypoints, steps) };
}

/** One pass of a surfcd configuration along the path; returns µs per step. */
export function surfcdPathRun(setup: PathSetup, mode: CollideMode, oaabb: boolean): () => number {
  const { moving, others, poses } = setup;
  const options = optionsFor(mode, oaabb);
  return () => {
    const t0 = performance.now();
    for (const pose of poses) for (const other of others) consume(surfcdQuery(moving, pose, other, IDENTITY, options));
    return ((performance.now() - t0) * 1000) / poses.length;
  };
}

/** One pass of the peer's call for a mode along the path; returns µs per step. */
function peerPathRun(setup: PathSetup, mode: CollideMode, pm: PeerPart, po: PeerPart[]): () => number {
  const { poses } = setup;
  return () => {
    const t0 = performance.now();
    for (const pose of poses) for (const p of po) consume(peerQuery(mode, pm, pose, p, IDENTITY));
    return ((performance.now() - t0) * 1000) / poses.length;
  };
}

/** Average work per step (deterministic: counted once). */
function workPerStep(setup: PathSetup, mode: CollideMode, oaabb: boolean): QueryStats {
  const sum: QueryStats = { obbTests: 0, aabbTests: 0, aabbUpdates: 0, triangleTests: 0 };
  for (const pose of setup.poses) {
    for (const other of setup.others) {
      const s = collide(setup.moving, pose, other, IDENTITY, optionsFor(mode, oaabb)).stats;
      sum.obbTests += s.obbTests;
      sum.aabbTests += s.aabbTests;
      sum.aabbUpdates += s.aabbUpdates;
      sum.triangleTests += s.triangleTests;
    }
  }
  const n = setup.poses.length;
  return { obbTests: sum.obbTests / n, aabbTests: sum.aabbTests / n, aabbUpdates: sum.aabbUpdates / n, triangleTests: sum.triangleTests / n };
}

export async function maintenancePath(opts: BenchOptions): Promise<ScenarioOutput> {
  const steps = opts.quick ? 60 : 400;
  const warmup = 1, repeats = opts.quick ? 3 : 5;
  const { specs, skipped } = pathSpecs();
  for (const s of skipped) process.stdout.write(`\nMaintenance path: ${s} SKIPPED\n`);
  const json: unknown[] = [];
  const targets: TargetCheck[] = [];
  for (const spec of specs) {
    const assembly = await sharedAssembly(spec.file);
    const setup = setupPath(assembly, spec, steps);
    const pm = peerOf(setup.moving);
    const po = setup.others.map(peerOf);
    const triangles = assembly.parts.reduce((n, p) => n + p.indices.length / 3, 0);
    const surfaces = assembly.parts.reduce((n, p) => n + p.surfaces.length, 0);
    note(`path ${spec.label}: ${assembly.parts.length} parts, ${triangles} triangles, ${steps} steps`);

    // Untimed pass: contact steps, agreement, OAABB on/off consistency.
    const agreement = emptyAgreement();
    let contactSteps = 0, peerContactSteps = 0, oaabbMismatch = 0;
    const peerPairs = new Set<number>();
    setup.poses.forEach((pose, k) => {
      let contact = false, peerContact = false;
      setup.others.forEach((other, j) => {
        const all = collide(setup.moving, pose, other, IDENTITY, optionsFor('all-surfaces'));
        const plain = collide(setup.moving, pose, other, IDENTITY, optionsFor('all-surfaces', false));
        if (JSON.stringify(all.surfacePairs) !== JSON.stringify(plain.surfacePairs)) oaabbMismatch++;
        const first = collide(setup.moving, pose, other, IDENTITY, optionsFor('first-surface'));
        peerAllPairs(pm, pose, po[j]!, IDENTITY, [], peerPairs);
        compareSurfacePairs(agreement, all.surfacePairs, peerPairs, other.surfaces.length, other.path, `step ${k} ${setup.moving.path} × ${other.path}`, (sa, sb, onlySurfcd) =>
          explain(setup.moving, pm, pose, other, po[j]!, IDENTITY, sa, sb, onlySurfcd),
        );
        const peerHit = peerIntersects(pm, pose, po[j]!, IDENTITY);
        if (first.intersecting !== peerHit) agreement.firstDisagree++;
        contact ||= all.intersecting;
        peerContact ||= peerHit;
      });
      if (contact) contactSteps++;
      if (peerContact) peerContactSteps++;
    });

    const timeRows: string[][] = [];
    const workRows: string[][] = [];
    const modes: unknown[] = [];
    // All configurations in one interleaved sampling: 3 modes × OAABB on/off, and the two peer calls.
    const peerKeys = [...new Set(MODES.map((m) => peerKey(m.mode)))];
    const summaries = sampleInterleaved(
      [
        ...MODES.flatMap((m) => [surfcdPathRun(setup, m.mode, true), surfcdPathRun(setup, m.mode, false)]),
        ...peerKeys.map((key) => peerPathRun(setup, MODES.find((m) => peerKey(m.mode) === key)!.mode, pm, po)),
      ],
      warmup,
      repeats,
    );
    for (const [i, m] of MODES.entries()) {
      const withOaabb = summaries[2 * i]!, without = summaries[2 * i + 1]!;
      const peer = summaries[2 * MODES.length + peerKeys.indexOf(peerKey(m.mode))]!;
      const workYes = workPerStep(setup, m.mode, true);
      const workNo = workPerStep(setup, m.mode, false);
      const ratio = peer.median / withOaabb.median;
      timeRows.push([m.mode, fmtSummary(withOaabb), fmtSummary(without), fmtRatio(without.median / withOaabb.median), m.peerName, m.mode === 'all-triangles' ? '〃' : fmtSummary(peer), fmtRatio(ratio)]);
      const w = (s: QueryStats): string[] => [fmt(s.obbTests), fmt(s.aabbTests), fmt(s.aabbUpdates), fmt(s.triangleTests)];
      workRows.push([m.mode, 'yes', ...w(workYes)]);
      workRows.push(['', 'no', ...w(workNo)]);
      workRows.push([
        '',
        'no/yes',
        fmtRatio(workNo.obbTests / workYes.obbTests),
        fmtRatio(workNo.aabbTests / workYes.aabbTests),
        fmtRatio(workNo.aabbUpdates / workYes.aabbUpdates),
        fmtRatio(workNo.triangleTests / workYes.triangleTests),
      ]);
      modes.push({ mode: m.mode, surfcd: withOaabb, surfcdNoOaabb: without, peer: { method: m.peerName, time: peer }, peerOverSurfcd: ratio, workPerStep: { oaabb: workYes, noOaabb: workNo } });
      if (m.mode === 'all-surfaces') targets.push({ target: 'all-surfaces ≥2× faster than bvhcast', where: `path ${spec.label}`, value: fmtRatio(ratio), met: ratio >= 2 });
      if (m.mode === 'all-triangles') targets.push({ target: 'all-triangles no slower than bvhcast', where: `path ${spec.label}`, value: fmtRatio(ratio), met: ratio >= 1 });
      if (m.mode === 'first-surface') {
        targets.push({ target: 'first-surface no slower than intersectsGeometry', where: `path ${spec.label}`, value: fmtRatio(ratio), met: ratio >= 1 });
        const tests = workNo.aabbTests / workYes.aabbTests, updates = workNo.aabbUpdates / workYes.aabbUpdates;
        targets.push(
          { target: 'OAABB ≥2× fewer AABB tests (first-surface)', where: `path ${spec.label}`, value: fmtRatio(tests), met: tests >= 2 },
          { target: 'OAABB ≥4× fewer AABB updates (first-surface)', where: `path ${spec.label}`, value: fmtRatio(updates), met: updates >= 4 },
        );
      }
    }
    const head = `Maintenance path — ${spec.label}: ${spec.describe}; ${assembly.parts.length} parts, ${surfaces} surfaces, ${triangles} triangles; ${steps} steps × ${setup.others.length} queries; ${contactSteps} steps in contact`;
    process.stdout.write(
      table(`${head}\nµs per step: median [min–max] of ${repeats} passes (all configurations interleaved)`, ['mode', 'surfcd (OAABB)', 'surfcd (no OAABB)', 'OAABB gain', 'peer', 'peer µs/step', 'peer/surfcd'], timeRows),
    );
    process.stdout.write(table(`Work per step — ${spec.label} (S-CD paper Table 6)`, ['mode', 'OAABB', 'OBB tests', 'AABB tests', 'AABB updates', 'triangle tests'], workRows));
    process.stdout.write(`agreement: ${fmtAgreement(agreement)}; steps in contact: surfcd ${contactSteps}, peer ${peerContactSteps}\n`);
    for (const e of agreement.examples) process.stdout.write(`  ${e}\n`);
    if (oaabbMismatch > 0) process.stdout.write(`WARNING: oaabb:true and oaabb:false disagree on ${oaabbMismatch} queries (a pruning bug)\n`);
    json.push({ assembly: spec.label, path: spec.describe, moving: spec.moving, parts: assembly.parts.length, surfaces, triangles, steps, repeats, contactSteps, peerContactSteps, oaabbMismatch, agreement: agreementJson(agreement), modes });
  }
  return { json: { unit: 'µs per step (one step = the moving part against every other part)', assemblies: json }, targets };
}
