// At rest: as1 as assembled, every pair of parts queried in all-surfaces mode
// (what `surfcd contacts` does without the broad phase), against three-mesh-bvh's bvhcast
// on the same pairs. Mean µs per part pair over all pairs.
import { collide } from '../../../entries/index.js';
import { peerOf, sharedAssembly, type BenchOptions, type ScenarioOutput, type TargetCheck } from '../context.js';
import { IDENTITY } from '../meshes.js';
import { consume, optionsFor, peerQuery, surfcdQuery } from '../modes.js';
import { fmt, fmtRatio, fmtSummary, hasShared, note, sampleInterleaved, sharedStep, table, type Summary } from '../util.js';

export async function atRest(opts: BenchOptions): Promise<ScenarioOutput> {
  if (!hasShared()) {
    process.stdout.write('\nAt rest: SKIPPED (../shared/data/step/as1-oc-214.stp not found)\n');
    return { json: { skipped: 'no ../shared' }, targets: [] };
  }
  const assembly = await sharedAssembly(sharedStep('as1-oc-214.stp'));
  const parts = assembly.parts;
  const pairs: [number, number][] = [];
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) pairs.push([i, j]);
  const peers = parts.map((p) => peerOf(p));
  note(`at rest: ${parts.length} parts, ${pairs.length} pairs`);
  let hits = 0, triangleTests = 0;
  for (const [i, j] of pairs) {
    const r = collide(parts[i]!, IDENTITY, parts[j]!, IDENTITY, optionsFor('all-surfaces'));
    hits += r.surfacePairs.length;
    triangleTests += r.stats.triangleTests;
  }
  const perPair = (query: (i: number, j: number) => number) => (): number => {
    const t0 = performance.now();
    for (const [i, j] of pairs) consume(query(i, j));
    return ((performance.now() - t0) * 1000) / pairs.length;
  };
  const repeats = opts.quick ? 5 : 11;
  const [surfcd, peer] = sampleInterleaved(
    [
      perPair((i, j) => surfcdQuery(parts[i]!, IDENTITY, parts[j]!, IDENTITY, optionsFor('all-surfaces'))),
      perPair((i, j) => peerQuery('all-surfaces', peers[i]!, IDENTITY, peers[j]!, IDENTITY)),
    ],
    1,
    repeats,
  ) as [Summary, Summary];
  const ratio = surfcd.median / peer.median;
  process.stdout.write(
    table(
      `At rest — as1-oc-214 as assembled, every part pair (${pairs.length}), all-surfaces (µs per pair: median [min–max] of ${repeats} passes, interleaved)`,
      ['surfcd µs/pair', 'bvhcast µs/pair', 'surfcd/peer', 'surface pairs', 'tri tests/pair'],
      [[fmtSummary(surfcd), fmtSummary(peer), fmtRatio(ratio), String(hits), fmt(triangleTests / pairs.length)]],
    ),
  );
  const targets: TargetCheck[] = [{ target: 'at rest all pairs ≤ 0.35× three-mesh-bvh', where: 'at-rest, as1 all-surfaces', value: fmtRatio(ratio), met: ratio <= 0.35 }];
  return { json: { unit: 'µs per part pair', pairs: pairs.length, surfcd, peer, ratio, surfacePairs: hits, triangleTestsPerPair: triangleTests / pairs.length }, targets };
}
