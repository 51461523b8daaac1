// Tumbling (Zachmann 2002, §5): two copies of a part scaled into a cube of side 2; one
// tumbles a full turn about z and x while the centre distance is swept; per distance the
// mean query time of a revolution.
import type { Matrix4 } from 'three';
import { collide, loadAssembly, partFromMesh, type Part } from '../../../entries/index.js';
import { findPartByPath, peerOf, sharedAssembly, type BenchOptions, type ScenarioOutput, type TargetCheck } from '../context.js';
import { explain } from '../diagnose.js';
import { IDENTITY, normalizedCopy, torusPart, tumblePose } from '../meshes.js';
import { consume, MODES, optionsFor, peerKey, peerQuery, surfcdQuery, type ModeTiming } from '../modes.js';
import { agreementJson, compareSurfacePairs, emptyAgreement, fmtAgreement, peerAllPairs, peerIntersects, peerStats } from '../peer.js';
import { fmt, fmtRatio, fmtSummary, hasShared, note, sampleInterleaved, sharedStep, table } from '../util.js';

interface Subject {
  name: string;
  make: () => Promise<Part>;
  /** Fewer poses for a subject whose queries take hundreds of ms (the fine plate). */
  sweep?: { steps: number; distances: number[]; warmup: number; repeats: number };
}

/** The case "fine plate tumble": as1 read at this tessellation gives the plate 12,420 triangles (852 at occt's default). */
const FINE = { linearDeflection: 0.1, angularDeflection: 0.03 } as const;

/** The part turned by 0.7 rad about x, then 0.4 rad about y, in its own frame. */
function tiltedCopy(part: Part): Part {
  const [c1, s1, c2, s2] = [Math.cos(0.7), Math.sin(0.7), Math.cos(0.4), Math.sin(0.4)];
  const p = part.positions, positions = new Float64Array(p.length);
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]!, y = p[i + 1]!, z = p[i + 2]!;
    const y1 = c1 * y - s1 * z, z1 = s1 * y + c1 * z;
    positions[i] = c2 * x - s2 * z1;
    positions[i + 1] = y1;
    positions[i + 2] = s2 * x + c2 * z1;
  }
  const surfaces = part.surfaces.map((f) => ({ first: f.firstTriangle, last: f.firstTriangle + f.triangleCount - 1 }));
  return partFromMesh({ name: `${part.name} tilted`, positions, indices: part.indices, surfaces });
}

export async function tumbling(opts: BenchOptions): Promise<ScenarioOutput> {
  const defaultSweep = {
    steps: opts.quick ? 24 : 120,
    distances: opts.quick ? [0.5, 1, 1.5, 2, 3] : [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3],
    warmup: 1,
    repeats: opts.quick ? 3 : 5,
  };
  const [nu, nv] = opts.quick ? [48, 24] : [64, 32];

  const subjects: Subject[] = [];
  if (hasShared()) {
    const as1 = async (): Promise<Part[]> => (await sharedAssembly(sharedStep('as1-oc-214.stp'))).parts;
    subjects.push(
      { name: 'as1 plate', make: async () => findPartByPath(await as1(), 'as1/plate/plate') },
      { name: 'as1 l-bracket', make: async () => findPartByPath(await as1(), 'as1/l-bracket-assembly#1/l-bracket') },
      // The same plate with its faces tilted in its own frame (a placed part, a chamfer): where
      // flat-surface slabs cut what the boxes cannot (collide/surfaceSlab.ts).
      { name: 'as1 plate tilted', make: async () => tiltedCopy(findPartByPath(await as1(), 'as1/plate/plate')) },
      {
        name: `as1 plate fine (lin ${FINE.linearDeflection}, ang ${FINE.angularDeflection})`,
        make: async () => {
          note(`loading as1 at linearDeflection ${FINE.linearDeflection}, angularDeflection ${FINE.angularDeflection}`);
          return findPartByPath((await loadAssembly(sharedStep('as1-oc-214.stp'), FINE)).parts, 'as1/plate');
        },
        // Its axis-aligned steps report ~485k triangle pairs (bvhcast ~0.7 s a query): a
        // quick run samples 12 steps (both axis-aligned ones included) at one distance; the
        // untimed pass over the same poses is the warm-up.
        sweep: opts.quick ? { steps: 12, distances: [1], warmup: 0, repeats: 3 } : { steps: 24, distances: [0.5, 1, 2], warmup: 1, repeats: 3 },
      },
    );
  } else {
    process.stdout.write('\nTumbling: as1 plate and l-bracket SKIPPED (../shared/data/step/as1-oc-214.stp not found)\n');
  }
  subjects.push({ name: 'torus', make: async () => torusPart(1, 0.4, nu, nv, 4) });

  const json: unknown[] = [];
  const targets: TargetCheck[] = [];
  for (const subject of subjects) {
    const { steps, distances, warmup, repeats } = subject.sweep ?? defaultSweep;
    const source = await subject.make();
    const a = normalizedCopy(source, `${subject.name} A`);
    const b = normalizedCopy(source, `${subject.name} B`);
    const pa = peerOf(a), pb = peerOf(b);
    const triangles = a.indices.length / 3;
    note(`tumbling ${subject.name}: ${triangles} triangles, ${a.surfaces.length} surfaces, ${distances.length} distances × ${steps} steps`);
    const rows: string[][] = [];
    const perDistance: unknown[] = [];
    const agreement = emptyAgreement();
    const meanOf: Record<string, { surfcd: number; peer: number }> = {};
    for (const m of MODES) meanOf[m.mode] = { surfcd: 0, peer: 0 };

    for (const d of distances) {
      const poses: Matrix4[] = [];
      for (let k = 0; k < steps; k++) poses.push(tumblePose((2 * Math.PI * k) / steps, d));
      // Untimed pass: hits, agreement, work counters.
      let hits = 0, surfcdTriTests = 0, peerTriTests = 0, aabbTests = 0, allTriTests = 0, allAabbTests = 0, allTriPairs = 0;
      const peerPairs = new Set<number>();
      for (let k = 0; k < steps; k++) {
        const pose = poses[k]!;
        const all = collide(a, IDENTITY, b, pose, optionsFor('all-surfaces'));
        const first = collide(a, IDENTITY, b, pose, optionsFor('first-surface'));
        const everyPair = collide(a, IDENTITY, b, pose, optionsFor('all-triangles'));
        allTriTests += everyPair.stats.triangleTests;
        allAabbTests += everyPair.stats.aabbTests;
        allTriPairs += everyPair.trianglePairs!.length / 2;
        if (all.intersecting) hits++;
        surfcdTriTests += all.stats.triangleTests;
        aabbTests += all.stats.aabbTests;
        peerAllPairs(pa, IDENTITY, pb, pose, [], peerPairs);
        peerTriTests += peerStats.triangleTests;
        compareSurfacePairs(agreement, all.surfacePairs, peerPairs, b.surfaces.length, subject.name, `${subject.name} d=${d} step ${k}`, (sa, sb, onlySurfcd) =>
          explain(a, pa, IDENTITY, b, pb, pose, sa, sb, onlySurfcd),
        );
        if (first.intersecting !== peerIntersects(pa, IDENTITY, pb, pose)) agreement.firstDisagree++;
      }
      // One interleaved sampling per distance: the three surfcd modes and the two peer calls.
      const perQuery = (run: (k: number) => number) => (): number => {
        const t0 = performance.now();
        for (let k = 0; k < steps; k++) consume(run(k));
        return ((performance.now() - t0) * 1000) / steps;
      };
      const peerKeys = [...new Set(MODES.map((m) => peerKey(m.mode)))];
      const runs = [
        ...MODES.map((m) => perQuery((k) => surfcdQuery(a, IDENTITY, b, poses[k]!, optionsFor(m.mode)))),
        ...peerKeys.map((key) => perQuery((k) => peerQuery(MODES.find((m) => peerKey(m.mode) === key)!.mode, pa, IDENTITY, pb, poses[k]!))),
      ];
      const summaries = sampleInterleaved(runs, warmup, repeats);
      const timings: ModeTiming[] = MODES.map((m, i) => {
        const surfcd = summaries[i]!;
        const peerTime = summaries[MODES.length + peerKeys.indexOf(peerKey(m.mode))]!;
        meanOf[m.mode]!.surfcd += surfcd.median / distances.length;
        meanOf[m.mode]!.peer += peerTime.median / distances.length;
        return { mode: m.mode, peer: m.peerName, surfcd, peerTime, ratio: peerTime.median / surfcd.median };
      });
      timings.forEach((t, i) => {
        rows.push([
          i === 0 ? fmt(d) : '',
          i === 0 ? `${((100 * hits) / steps).toFixed(0)}%` : '',
          t.mode,
          fmtSummary(t.surfcd),
          t.peer,
          i === 2 ? '〃' : fmtSummary(t.peerTime),
          fmtRatio(t.ratio),
          i === 1 ? `${fmt(surfcdTriTests / steps)} / ${fmt(peerTriTests / steps)}` : i === 2 ? `${fmt(allTriTests / steps)} (${fmt(allTriPairs / steps)} meet), ${fmt(allAabbTests / steps)} box` : '',
        ]);
      });
      perDistance.push({
        distance: d,
        hitFraction: hits / steps,
        meanWorkAllSurfaces: { aabbTests: aabbTests / steps, triangleTests: surfcdTriTests / steps },
        meanWorkAllTriangles: { aabbTests: allAabbTests / steps, triangleTests: allTriTests / steps, trianglePairs: allTriPairs / steps },
        peerTriangleTestsPerQuery: peerTriTests / steps,
        modes: timings,
      });
    }
    for (const m of MODES) {
      const mean = meanOf[m.mode]!;
      rows.push(['mean', '', m.mode, fmt(mean.surfcd), m.peerName, fmt(mean.peer), fmtRatio(mean.peer / mean.surfcd), '']);
    }
    process.stdout.write(
      table(
        `Tumbling — ${subject.name} (${triangles} triangles, ${a.surfaces.length} surfaces, in a cube of side 2; ${steps} steps per revolution about z and x)\n` +
          `µs per query: median [min–max] of ${repeats} revolutions${subject.sweep ? ` (this subject: ${distances.length} distance${distances.length > 1 ? 's' : ''}, ${steps} steps)` : ''} (surfcd and peer runs interleaved); "mean" = mean over distances; tri tests = triangle tests per query, surfcd all-surfaces / peer bvhcast; all-triangles row: its triangle tests (pairs that meet), box tests`,
        ['d', 'hits', 'surfcd mode', 'surfcd µs/query', 'peer', 'peer µs/query', 'peer/surfcd', 'tri tests'],
        rows,
      ),
    );
    process.stdout.write(`agreement: ${fmtAgreement(agreement)}\n`);
    for (const e of agreement.examples) process.stdout.write(`  ${e}\n`);
    const ratios = Object.fromEntries(MODES.map((m) => [m.mode, meanOf[m.mode]!.peer / meanOf[m.mode]!.surfcd]));
    targets.push(
      { target: 'all-surfaces ≥2× faster than bvhcast', where: `tumbling ${subject.name}`, value: fmtRatio(ratios['all-surfaces']!), met: ratios['all-surfaces']! >= 2 },
      { target: 'all-triangles no slower than bvhcast', where: `tumbling ${subject.name}`, value: fmtRatio(ratios['all-triangles']!), met: ratios['all-triangles']! >= 1 },
      { target: 'first-surface no slower than intersectsGeometry', where: `tumbling ${subject.name}`, value: fmtRatio(ratios['first-surface']!), met: ratios['first-surface']! >= 1 },
    );
    json.push({ part: subject.name, triangles, surfaces: a.surfaces.length, steps, repeats, distances: perDistance, meanOverDistances: meanOf, agreement: agreementJson(agreement) });
  }
  return { json: { unit: 'µs per query', subjects: json }, targets };
}
