// Parallel close proximity (Gottschalk et al. 1996, §6): two concentric spheres of
// 32,000 triangles each, radii 1 and 1 + ε. The tessellations are scaled copies, so the
// spheres never intersect: all the work is box tests that cannot separate them.
import { collide, type Part } from '../../../entries/index.js';
import { peerOf, type BenchOptions, type ScenarioOutput, type TargetCheck } from '../context.js';
import { IDENTITY, spherePart } from '../meshes.js';
import { consume, optionsFor, peerQuery, surfcdQuery } from '../modes.js';
import { agreementJson, compareSurfacePairs, emptyAgreement, fmtAgreement, peerAllPairs, peerIntersects, peerStats } from '../peer.js';
import { explain } from '../diagnose.js';
import { fmt, fmtRatio, fmtSummary, logLogSlope, note, sampleInterleaved, table, type Summary } from '../util.js';

/**
 * Times the queries as µs per call, interleaved: a first call of each (the warm-up)
 * sets how many calls one measured run makes, to last about `budgetMs`.
 */
function timeQueries(queries: (() => number)[], budgetMs: number, repeats: number): Summary[] {
  const runs = queries.map((query) => {
    const t0 = performance.now();
    consume(query());
    const count = Math.max(1, Math.ceil(budgetMs / Math.max(performance.now() - t0, 1e-3)));
    return (): number => {
      const t = performance.now();
      for (let i = 0; i < count; i++) consume(query());
      return ((performance.now() - t) * 1000) / count;
    };
  });
  return sampleInterleaved(runs, 0, repeats);
}

export async function proximity(opts: BenchOptions): Promise<ScenarioOutput> {
  const epsilons = opts.quick ? [1e-1, 1e-2, 1e-3, 1e-4, 1e-5] : [1e-1, 3e-2, 1e-2, 3e-3, 1e-3, 1e-4, 1e-5];
  // 2·segments·(rings − 1) triangles: 32,000 as in the paper; --quick uses 8,000.
  const [rings, segments] = opts.quick ? [51, 80] : [101, 160];
  const budgetMs = opts.quick ? 20 : 100, repeats = opts.quick ? 2 : 3;
  const inner = spherePart(1, rings, segments, 'sphere r=1');
  const pInner = peerOf(inner);
  const triangles = inner.indices.length / 3;
  note(`proximity: spheres of ${triangles} triangles, ε = ${epsilons.join(', ')}`);
  const rows: string[][] = [];
  const json: unknown[] = [];
  const agreement = emptyAgreement();
  const series = { eps: [] as number[], aabbTests: [] as number[], surfcd: [] as number[], peer: [] as number[], peerTests: [] as number[] };
  for (const eps of epsilons) {
    const outer: Part = spherePart(1 + eps, rings, segments, `sphere r=1+${eps}`);
    const pOuter = peerOf(outer);
    const exact = collide(inner, IDENTITY, outer, IDENTITY, optionsFor('all-surfaces'));
    const tol = collide(inner, IDENTITY, outer, IDENTITY, optionsFor('all-surfaces', true, 2 * eps));
    const peerPairs = new Set<number>();
    peerAllPairs(pInner, IDENTITY, pOuter, IDENTITY, [], peerPairs);
    const peerTests = peerStats.triangleTests;
    compareSurfacePairs(agreement, exact.surfacePairs, peerPairs, outer.surfaces.length, `ε=${eps}`, `ε=${eps}`, (sa, sb, onlySurfcd) =>
      explain(inner, pInner, IDENTITY, outer, pOuter, IDENTITY, sa, sb, onlySurfcd),
    );
    if (collide(inner, IDENTITY, outer, IDENTITY, optionsFor('first-surface')).intersecting !== peerIntersects(pInner, IDENTITY, pOuter, IDENTITY)) agreement.firstDisagree++;

    const [surfcd, first, peerFirst, peerAll, tolTime] = timeQueries(
      [
        () => surfcdQuery(inner, IDENTITY, outer, IDENTITY, optionsFor('all-surfaces')),
        () => surfcdQuery(inner, IDENTITY, outer, IDENTITY, optionsFor('first-surface')),
        () => peerQuery('first-surface', pInner, IDENTITY, pOuter, IDENTITY),
        () => peerQuery('all-surfaces', pInner, IDENTITY, pOuter, IDENTITY),
        () => surfcdQuery(inner, IDENTITY, outer, IDENTITY, optionsFor('all-surfaces', true, 2 * eps)),
      ],
      budgetMs,
      repeats,
    ) as [Summary, Summary, Summary, Summary, Summary];
    note(`proximity ε=${eps} done`);
    rows.push([
      eps.toExponential(0),
      fmtSummary(surfcd),
      fmt(exact.stats.aabbTests),
      fmt(exact.stats.triangleTests),
      String(exact.surfacePairs.length),
      `${exact.stats.shellRejects ?? 0}/${exact.stats.shellTests ?? 0}`,
      fmtSummary(peerAll),
      fmt(peerTests),
      fmtRatio(peerAll.median / surfcd.median),
      fmt(first.median),
      fmt(peerFirst.median),
      fmtRatio(peerFirst.median / first.median),
      `${fmt(tolTime.median)} (${tol.surfacePairs.length} pairs, ${fmt(tol.stats.triangleTests)} tests)`,
    ]);
    series.eps.push(eps);
    series.aabbTests.push(exact.stats.aabbTests);
    series.surfcd.push(surfcd.median);
    series.peer.push(peerAll.median);
    series.peerTests.push(peerTests);
    json.push({
      epsilon: eps,
      allSurfaces: { time: surfcd, stats: exact.stats, surfacePairs: exact.surfacePairs.length },
      firstSurface: { time: first },
      peer: { bvhcast: peerAll, intersectsGeometry: peerFirst, triangleTests: peerTests, surfacePairs: peerPairs.size },
      tolerance2eps: { time: tolTime, stats: tol.stats, surfacePairs: tol.surfacePairs.length },
    });
  }
  process.stdout.write(
    table(
      `Parallel close proximity — concentric spheres, ${triangles} triangles each, radii 1 and 1+ε (µs per query, median [min–max] of ${repeats}, all queries interleaved)`,
      ['ε', 'all-surfaces µs', 'AABB tests', 'tri tests', 'pairs', 'shell rejects/tests', 'bvhcast µs', 'peer tri tests', 'bvhcast/surfcd', 'first µs', 'intersectsGeometry µs', 'iG/first', 'all-surfaces tol=2ε µs'],
      rows,
    ),
  );
  const slopes = {
    aabbTests: logLogSlope(series.eps, series.aabbTests),
    surfcdTime: logLogSlope(series.eps, series.surfcd),
    peerTime: logLogSlope(series.eps, series.peer),
    peerTriangleTests: logLogSlope(series.eps, series.peerTests),
  };
  process.stdout.write(
    `log-log slope against ε: surfcd AABB tests ${fmt(slopes.aabbTests)}, surfcd time ${fmt(slopes.surfcdTime)}, bvhcast time ${fmt(slopes.peerTime)}, peer triangle tests ${fmt(slopes.peerTriangleTests)} (Gottschalk: AABB trees ≈ −2 until they level off, OBB trees ≈ −1)\n`,
  );
  process.stdout.write(`agreement: ${fmtAgreement(agreement)}\n`);
  for (const e of agreement.examples) process.stdout.write(`  ${e}\n`);
  const targets: TargetCheck[] = [];
  return { json: { unit: 'µs per query', triangles, epsilons: json, slopes, agreement: agreementJson(agreement) }, targets };
}
