// docs/papers.md: each paper's headline claims beside what surfcd measures for the same
// experiment, generated from one bench run's `narrow` and `obbtests` results (and the trees
// of as1's parts for node sizes), so the page never drifts from the code.
import { boxtreeNodeBytes } from '../../plugins/narrow-boxtree/index.js';
import { buildPaperBoxtree } from '../../plugins/narrow-boxtree/paperBuild.js';
import { buildBoxtree, LEAF } from '../../plugins/narrow-boxtree/build.js';
import { obbtree } from '../../plugins/narrow-obbtree/index.js';
import type { Part, QueryStats } from '../../entries/index.js';
import { fmt, fmtRatio, type Summary } from './util.js';

interface Contender {
  name: string;
  buildMs: number;
  bytesPerTriangle: number;
  first: Summary;
  allTriangles: Summary;
  workPerUnit?: { first: QueryStats; allTriangles: QueryStats };
}
interface NarrowScene {
  scene: string;
  unit: string;
  triangles: number;
  contenders: Contender[];
}
interface NarrowJson {
  scenes?: NarrowScene[];
}
interface ObbJson {
  sets?: Record<string, Record<string, { nsPerTest: Summary; falsePositives: number; falseNegatives: number; tests: number }>>;
}

export interface PaperRow {
  paper: string;
  claim: string;
  theirs: string;
  ours: string;
  ratio: string;
  why: string;
}

const SCD = 'S-CD';
const OBBTREE = 'OBBTree (15-axis SAT)';
const PAPER_BOX = ['restricted boxtree, paper (axis alignment)', 'restricted boxtree, paper (SAT lite)', 'restricted boxtree, paper (SAT)'] as const;

function contender(scene: NarrowScene, name: string): Contender | undefined {
  return scene.contenders.find((c) => c.name === name);
}

/** Node sizes measured on the trees themselves (bytes of the node arrays over the node count). */
export interface TreeSizes {
  paper: number;
  quantized: number;
  obbtree: number;
  /** Mean leaf depth of the paper's construction, of the centroid split, and log2 of the triangles (a balanced tree). */
  depth: { paper: number; quantized: number; balanced: number };
}

/** Mean depth of the leaves of a tree stored as first-child links with a leaf bit. */
function meanLeafDepth(link: Uint32Array, leafBit: number): number {
  let sum = 0, leaves = 0;
  const stack: number[] = [0, 0];
  while (stack.length) {
    const depth = stack.pop()!, node = stack.pop()!;
    const l = link[node]!;
    if (l & leafBit) {
      sum += depth;
      leaves++;
    } else stack.push(l, depth + 1, l + 1, depth + 1);
  }
  return leaves ? sum / leaves : 0;
}

export function nodeBytes(parts: Part[]): TreeSizes {
  let paperBytes = 0, paperNodes = 0, quantBytes = 0, quantNodes = 0, obbBytes = 0, obbNodes = 0;
  let paperDepth = 0, quantDepth = 0, balanced = 0, triangles = 0;
  for (const part of parts) {
    const p = buildPaperBoxtree(part), q = buildBoxtree(part), o = obbtree.build(part);
    const n = part.indices.length / 3;
    if (n > 0) {
      paperDepth += n * meanLeafDepth(p.link, LEAF);
      quantDepth += n * meanLeafDepth(q.link, LEAF);
      balanced += n * Math.log2(n);
      triangles += n;
    }
    paperBytes += boxtreeNodeBytes(p);
    paperNodes += p.nodeCount;
    quantBytes += boxtreeNodeBytes(q);
    quantNodes += q.nodeCount;
    obbBytes += obbtree.indexBytes!(o);
    obbNodes += o.nodeCount;
  }
  return {
    paper: paperBytes / paperNodes,
    quantized: quantBytes / quantNodes,
    obbtree: obbBytes / obbNodes,
    depth: { paper: paperDepth / triangles, quantized: quantDepth / triangles, balanced: balanced / triangles },
  };
}

export function paperRows(narrow: NarrowJson, obb: ObbJson, sizes: TreeSizes): PaperRow[] {
  const rows: PaperRow[] = [];
  const scenes = narrow.scenes ?? [];
  const path = scenes.find((s) => s.scene === 'as1 bolt path');
  const tumble = scenes.find((s) => s.scene === 'as1 plate tumble');
  for (const scene of [path, tumble]) {
    if (!scene) continue;
    const scd = contender(scene, SCD), rapid = contender(scene, OBBTREE), noOaabb = contender(scene, 'S-CD without OAABB');
    if (!scd || !rapid) continue;
    rows.push({
      paper: 'S-CD (Figueiredo et al.)',
      claim: `first triangle: S-CD about as fast as RAPID (Table 3) — ${scene.scene}`,
      theirs: 'RAPID / S-CD 0.7–1.5×',
      ours: `${fmt(rapid.first.median)} / ${fmt(scd.first.median)} ${scene.unit}`,
      ratio: fmtRatio(rapid.first.median / scd.first.median),
      why: 'S-CD rejects most part pairs with one OBB test and prunes the rest with the OAABB and AABB compares; a JavaScript OBB node test costs far more relative to an AABB compare than in C++.',
    });
    rows.push({
      paper: 'S-CD (Figueiredo et al.)',
      claim: `all triangles: S-CD faster than RAPID (Table 4) — ${scene.scene}`,
      theirs: 'RAPID / S-CD 1.6–3.4×',
      ours: `${fmt(rapid.allTriangles.median)} / ${fmt(scd.allTriangles.median)} ${scene.unit}`,
      ratio: fmtRatio(rapid.allTriangles.median / scd.allTriangles.median),
      why: 'Same direction as the paper; the OBBTree needs fewer triangle tests (tighter boxes) but pays a 15-axis test per node pair.',
    });
    if (noOaabb && scd.workPerUnit && noOaabb.workPerUnit) {
      rows.push({
        paper: 'S-CD (Figueiredo et al.)',
        claim: `the OAABB prunes box work (Tables 5–6) — ${scene.scene}, first triangle`,
        theirs: 'fewer box tests with the OAABB',
        ours: `AABB tests ${fmt(noOaabb.workPerUnit.first.aabbTests)} → ${fmt(scd.workPerUnit.first.aabbTests)}; time ${fmt(noOaabb.first.median)} → ${fmt(scd.first.median)}`,
        ratio: fmtRatio(noOaabb.workPerUnit.first.aabbTests / Math.max(1, scd.workPerUnit.first.aabbTests)),
        why: 'Counts, not times: the same units as the paper.',
      });
    }
  }
  if (path) {
    const scd = contender(path, SCD);
    if (scd) {
      rows.push({
        paper: 'S-CD (Figueiredo et al.)',
        claim: 'time per step on a maintenance path (Tables 3–4: digger / sener / process plant)',
        theirs: 'first 0.04–0.15 ms, all 0.36–1.26 ms (Core 2 Duo 2 GHz, C++)',
        ours: `first ${fmt(scd.first.median / 1000)} ms, all ${fmt(scd.allTriangles.median / 1000)} ms (as1 bolt path, 17 parts)`,
        ratio: '—',
        why: 'Different scenes (as1 is 5k triangles; the paper\'s plants are far larger) and hardware: compare orders of magnitude only.',
      });
    }
  }
  rows.push({
    paper: 'Restricted boxtree (Zachmann 2002)',
    claim: 'memory per node (Table 1)',
    theirs: '9 bytes per node',
    ours: `${fmt(sizes.paper)} bytes per node (paper layout); ${fmt(sizes.quantized)} (16-bit cuts); OBBTree ${fmt(sizes.obbtree)}`,
    ratio: fmtRatio(sizes.paper / 9),
    why: 'The paper layout stores exactly what the paper does: a float, the axis and side, one link. The quantized variant trades the float for 16 bits.',
  });
  rows.push({
    paper: 'Restricted boxtree (Zachmann 2002)',
    claim: 'the least-volume criterion (§4.1) with seeds and least volume increase (§4.2) builds good hierarchies',
    theirs: 'good hierarchies (no depth figures given)',
    ours: `mean leaf depth on as1: ${fmt(sizes.depth.paper)} (paper construction), ${fmt(sizes.depth.quantized)} (centroid split at the mean), ${fmt(sizes.depth.balanced)} (log2 n)`,
    ratio: fmtRatio(sizes.depth.paper / sizes.depth.quantized),
    why: 'CAD tessellations have long slivers across whole faces: a child that takes one grows along the split axis, then takes every triangle below its new side for free, so splits often peel off a few triangles and trees run deeper than balanced. The boxes are tighter all the same: compare the box and triangle tests of the two constructions in the rows below and in docs/performance.md.',
  });
  for (const scene of [path, tumble]) {
    if (!scene) continue;
    const variants = PAPER_BOX.map((n) => contender(scene, n));
    const [axis, lite, sat] = variants;
    const rapid = contender(scene, OBBTREE);
    if (!axis || !lite || !sat || !rapid) continue;
    const best = [axis, lite, sat].reduce((a, b) => (b.allTriangles.median < a.allTriangles.median ? b : a));
    rows.push({
      paper: 'Restricted boxtree (Zachmann 2002)',
      claim: `"SAT lite" is the best of the three box tests (Fig. 7) — ${scene.scene}, all triangles`,
      theirs: 'SAT lite fastest',
      ours: `axis ${fmt(axis.allTriangles.median)}, lite ${fmt(lite.allTriangles.median)}, SAT ${fmt(sat.allTriangles.median)} ${scene.unit}; box tests ${fmt(axis.workPerUnit?.allTriangles.aabbTests ?? NaN)} / ${fmt(lite.workPerUnit?.allTriangles.aabbTests ?? NaN)} / ${fmt(sat.workPerUnit?.allTriangles.aabbTests ?? NaN)}`,
      ratio: `fastest: ${best.name.replace('restricted boxtree, paper ', '')}`,
      why: 'Each extra axis rejects node pairs earlier but costs an interval update per child; which wins depends on how tumbled the boxes are (on a translation-only path B\'s axes are A\'s, so lite and SAT add no rejection, only cost).',
    });
    rows.push({
      paper: 'Restricted boxtree (Zachmann 2002)',
      claim: `as fast as other hierarchies (Fig. 8: vs DOP trees) — ${scene.scene}, all triangles`,
      theirs: 'about as fast as a 24-DOP tree',
      ours: `best paper boxtree ${fmt(best.allTriangles.median)}, centroid-split boxtree ${fmt(contender(scene, 'restricted boxtree')?.allTriangles.median ?? NaN)}, OBBTree ${fmt(rapid.allTriangles.median)} ${scene.unit}`,
      ratio: fmtRatio(best.allTriangles.median / rapid.allTriangles.median),
      why: 'Compared with surfcd\'s OBBTree (no DOP tree here). Loose restricted boxes mean more triangle tests, which JavaScript pays for.',
    });
    rows.push({
      paper: 'Restricted boxtree (Zachmann 2002)',
      claim: `construction in O(n), ≈ 20,000 polygons/s on a 1 GHz Pentium III — ${scene.scene}`,
      theirs: '≈ 50 µs per polygon',
      ours: `${fmt((axis.buildMs * 1000) / scene.triangles)} µs per triangle`,
      ratio: fmtRatio(50 / ((axis.buildMs * 1000) / scene.triangles)),
      why: 'Three cases × three axes of linear passes per node, as the paper describes; a 2020s core.',
    });
  }
  const sets = obb.sets ?? {};
  for (const [name, tests] of Object.entries(sets)) {
    const sat = tests['sat'], eff = tests['effective'], lite = tests['lite'];
    if (!sat || !eff) continue;
    rows.push({
      paper: 'Effective constraints (Bai et al. 2015)',
      claim: `faster than SAT — ${name}`,
      theirs: '2–3× faster (Matlab)',
      ours: `${fmt(eff.nsPerTest.median)} vs ${fmt(sat.nsPerTest.median)} ns per test; ${eff.falsePositives} false +, ${eff.falseNegatives} false −`,
      ratio: fmtRatio(sat.nsPerTest.median / eff.nsPerTest.median),
      why: 'Our SAT exits at the first separating axis; the effective-constraint test must exhaust its candidate constraints to prove a set empty. Exact, as the paper says (no false answers).',
    });
    if (lite) {
      rows.push({
        paper: 'OBBTree (Gottschalk et al. 1996) / SAT lite',
        claim: `the 15-axis SAT is exact; 6 face axes give false positives — ${name}`,
        theirs: '15 axes suffice; < 200 operations per OBB pair',
        ours: `SAT ${fmt(sat.nsPerTest.median)} ns, ${sat.falsePositives} false +; lite ${fmt(lite.nsPerTest.median)} ns, ${lite.falsePositives} false +`,
        ratio: fmtRatio(sat.nsPerTest.median / lite.nsPerTest.median),
        why: 'Ratio = SAT time / lite time. Operation counts are not measurable in JavaScript; ns per test on this machine stand in.',
      });
    }
  }
  return rows;
}

/** Every method's work in the same units, per scene: bytes, box tests (OBB + AABB), triangle tests, time. */
function workTables(narrow: NarrowJson): string[] {
  const out: string[] = [];
  for (const scene of narrow.scenes ?? []) {
    out.push('', `### Work — ${scene.scene} (${scene.unit.replace('µs ', '')}, all triangles)`, '', '| method | bytes per triangle | OBB tests | AABB tests | triangle tests | CPU µs |', '| --- | --- | --- | --- | --- | --- |');
    for (const c of scene.contenders) {
      const w = c.workPerUnit?.allTriangles;
      out.push(`| ${c.name} | ${fmt(c.bytesPerTriangle)} | ${w ? fmt(w.obbTests) : '—'} | ${w ? fmt(w.aabbTests) : '—'} | ${w ? fmt(w.triangleTests) : '—'} | ${fmt(c.allTriangles.median)} |`);
    }
  }
  return out;
}

export function papersMarkdown(rows: PaperRow[], narrow: NarrowJson, meta: { date: string; machine: string; quick: boolean }): string {
  const esc = (s: string): string => s.replace(/\|/g, '\\|');
  return [
    '# The papers side by side',
    '',
    'Generated by `npm run bench -- --only narrow,obbtests` (any run that includes both scenarios',
    'rewrites this page). Each row is one headline claim of a paper, the figure the paper gives,',
    'the figure surfcd measures for the same experiment on comparable data, and why they differ.',
    'Times are CPU on a shared machine: read the ratios and the counts.',
    '',
    `Run: ${meta.date}${meta.quick ? ' (--quick)' : ''}, ${meta.machine}.`,
    '',
    '| paper | claim | the paper | surfcd | ratio | why |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${[r.paper, r.claim, r.theirs, r.ours, r.ratio, r.why].map(esc).join(' | ')} |`),
    '',
    '## Work counters',
    '',
    'The same runs, every method in the same units (three-mesh-bvh counts none of these; the boxtrees\' box tests are in the AABB column).',
    ...workTables(narrow),
    '',
  ].join('\n');
}
