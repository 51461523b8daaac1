// Bai et al. 2015 (OBB intersection test by effective constraints), §3: static sets of
// intersecting and of non-intersecting OBB pairs (10,000 each) and dynamic sets (1,000 each)
// where one box rotates a full turn or translates towards the other until the test first
// reports an overlap. Every OBB test surfcd has (15-axis SAT, SAT-lite, effective
// constraints) runs on the same cases, interleaved; false positives / negatives are
// counted against the exact 15-axis SAT.
import type { Obb } from '../../../src/math/obb.js';
import { OBB_TEST_NAMES, OBB_TESTS, type ObbTestName } from '../../../src/math/obbTests.js';
import type { Rigid } from '../../../src/math/rigid.js';
import type { BenchOptions, ScenarioOutput } from '../context.js';
import { mulberry32 } from '../../helpers/soup.js';
import { fmt, fmtRatio, fmtSummary, note, sampleInterleaved, sink, table, type Summary } from '../util.js';

interface Pair {
  a: Obb;
  b: Obb;
  bToA: Rigid;
}

const STEPS_ROTATION = 360;
/** Passes over a static set per timed run, so a run lasts long enough for the CPU clock. */
const STATIC_ROUNDS = 10;

/**
 * CPU time (user + system, µs) since `start`: the machine is shared, and CPU time does not
 * count the time other processes hold the cores, which wall time does.
 */
export function cpuMicros(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return d.user + d.system;
}
const STEPS_TRANSLATION = 100;

function rotation(rnd: () => number): number[] {
  let q: number[];
  do q = [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5];
  while (Math.hypot(...q) < 0.1);
  const l = Math.hypot(...q);
  const [w, x, y, z] = q.map((v) => v / l) as [number, number, number, number];
  return [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), 2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x), 2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)];
}

function box(rnd: () => number, lo: number, hi: number): Obb {
  return { center: new Float64Array(3), axes: Float64Array.from(rotation(rnd)), halfExtents: Float64Array.from([0, 1, 2], () => lo + (hi - lo) * rnd()) };
}

/** Rigid from a rotation (row-major 3×3) and translation. */
function rigid(r: number[], t: number[]): Rigid {
  return Float64Array.from([r[0]!, r[1]!, r[2]!, t[0]!, r[3]!, r[4]!, r[5]!, t[1]!, r[6]!, r[7]!, r[8]!, t[2]!]);
}

function randomDirection(rnd: () => number): number[] {
  let v: number[];
  do v = [2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1];
  while (Math.hypot(...v) < 0.1 || Math.hypot(...v) > 1);
  const l = Math.hypot(...v);
  return v.map((x) => x / l);
}

/** Static sets: random pairs at random distances, sorted into intersecting / not by exact SAT. */
function staticSets(count: number, rnd: () => number): { intersecting: Pair[]; separate: Pair[] } {
  const intersecting: Pair[] = [], separate: Pair[] = [];
  while (intersecting.length < count || separate.length < count) {
    const a = box(rnd, 0.5, 2), b = box(rnd, 0.5, 2);
    const d = randomDirection(rnd).map((x) => x * 6 * rnd());
    const pair = { a, b, bToA: rigid(rotation(rnd), d) };
    const list = OBB_TESTS.sat(a, b, pair.bToA) ? intersecting : separate;
    if (list.length < count) list.push(pair);
  }
  return { intersecting, separate };
}

/** Rotation about the axis `u` by `angle` (Rodrigues), row-major. */
function axisAngle(u: number[], angle: number): number[] {
  const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  const [x, y, z] = u as [number, number, number];
  return [t * x * x + c, t * x * y - s * z, t * x * z + s * y, t * x * y + s * z, t * y * y + c, t * y * z - s * x, t * x * z - s * y, t * y * z + s * x, t * z * z + c];
}

const mul3 = (p: number[], q: number[]): number[] => [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => p[3 * r]! * q[c]! + p[3 * r + 1]! * q[3 + c]! + p[3 * r + 2]! * q[6 + c]!));

/**
 * Dynamic sets: each case is a sequence of relative poses (B rotating a full turn about a
 * random axis through its centre, or translating towards A), starting apart (exact SAT says
 * separate) and meeting at some step.
 */
function dynamicSet(kind: 'rotation' | 'translation', count: number, rnd: () => number): Pair[][] {
  const cases: Pair[][] = [];
  while (cases.length < count) {
    const a = box(rnd, 0.2, 2), b = box(rnd, 0.2, 2);
    const dir = randomDirection(rnd);
    const r0 = rotation(rnd);
    const steps: Pair[] = [];
    if (kind === 'rotation') {
      const axis = randomDirection(rnd);
      const dist = 1 + 3 * rnd();
      for (let k = 0; k < STEPS_ROTATION; k++) steps.push({ a, b, bToA: rigid(mul3(axisAngle(axis, (2 * Math.PI * k) / STEPS_ROTATION), r0), dir.map((x) => x * dist)) });
    } else {
      for (let k = 0; k < STEPS_TRANSLATION; k++) steps.push({ a, b, bToA: rigid(r0, dir.map((x) => x * 8 * (1 - k / STEPS_TRANSLATION))) });
    }
    const hit = steps.findIndex((p) => OBB_TESTS.sat(p.a, p.b, p.bToA));
    if (hit > 0) cases.push(steps);
  }
  return cases;
}

/** First step at which `test` reports an overlap (−1: never). */
function firstHit(test: (a: Obb, b: Obb, m: Rigid) => boolean, steps: Pair[]): number {
  for (let k = 0; k < steps.length; k++) if (test(steps[k]!.a, steps[k]!.b, steps[k]!.bToA)) return k;
  return -1;
}

export async function obbTests(opts: BenchOptions): Promise<ScenarioOutput> {
  const rnd = mulberry32(2015);
  const nStatic = opts.quick ? 2000 : 10000, nDynamic = opts.quick ? 200 : 1000;
  const warmup = 2, repeats = opts.quick ? 5 : 9;
  note(`obbtests: ${nStatic} + ${nStatic} static pairs, ${nDynamic} rotation and ${nDynamic} translation sequences`);
  const { intersecting, separate } = staticSets(nStatic, rnd);
  const rotations = dynamicSet('rotation', nDynamic, rnd);
  const translations = dynamicSet('translation', nDynamic, rnd);

  const rows: string[][] = [];
  const json: Record<string, unknown> = {};
  const sets: { name: string; paper: string; run: (t: ObbTestName) => () => number; errors: (t: ObbTestName) => { fp: number; fn: number; tests: number } }[] = [
    ...([['static intersecting', intersecting, true], ['static non-intersecting', separate, false]] as const).map(([name, pairs, truth]) => ({
      name,
      paper: `${pairs.length} pairs`,
      run: (t: ObbTestName) => (): number => {
        const test = OBB_TESTS[t];
        const c0 = process.cpuUsage();
        let hits = 0;
        for (let round = 0; round < STATIC_ROUNDS; round++) for (const p of pairs) if (test(p.a, p.b, p.bToA)) hits++;
        sink.value += hits;
        return (cpuMicros(c0) * 1e3) / (STATIC_ROUNDS * pairs.length);
      },
      errors: (t: ObbTestName) => {
        let fp = 0, fn = 0;
        for (const p of pairs) {
          const got = OBB_TESTS[t](p.a, p.b, p.bToA);
          if (got && !truth) fp++;
          if (!got && truth) fn++;
        }
        return { fp, fn, tests: pairs.length };
      },
    })),
    ...([['dynamic rotation', rotations], ['dynamic translation', translations]] as const).map(([name, cases]) => ({
      name,
      paper: `${cases.length} sequences`,
      // ns per test: every sequence runs until the test first reports an overlap.
      run: (t: ObbTestName) => (): number => {
        const test = OBB_TESTS[t];
        let tests = 0;
        const c0 = process.cpuUsage();
        for (const steps of cases) {
          const k = firstHit(test, steps);
          tests += k < 0 ? steps.length : k + 1;
        }
        sink.value += tests;
        return (cpuMicros(c0) * 1e3) / tests;
      },
      // A case whose first reported overlap comes before exact SAT's is a false positive; after, a false negative.
      errors: (t: ObbTestName) => {
        let fp = 0, fn = 0, tests = 0;
        for (const steps of cases) {
          const exact = firstHit(OBB_TESTS.sat, steps), got = firstHit(OBB_TESTS[t], steps);
          tests += got < 0 ? steps.length : got + 1;
          if (got < exact) fp++;
          if (got > exact) fn++;
        }
        return { fp, fn, tests };
      },
    })),
  ];
  for (const set of sets) {
    const summaries = sampleInterleaved(OBB_TEST_NAMES.map((t) => set.run(t)), warmup, repeats);
    const sat = summaries[OBB_TEST_NAMES.indexOf('sat')]!;
    const perTest: Record<string, { nsPerTest: Summary; falsePositives: number; falseNegatives: number; tests: number }> = {};
    OBB_TEST_NAMES.forEach((t, i) => {
      const e = set.errors(t);
      const s = summaries[i]!;
      perTest[t] = { nsPerTest: s, falsePositives: e.fp, falseNegatives: e.fn, tests: e.tests };
      rows.push([i === 0 ? `${set.name} (${set.paper})` : '', t, fmtSummary(s), fmtRatio(sat.median / s.median), fmt(e.fp), fmt(e.fn)]);
    });
    json[set.name] = perTest;
  }
  process.stdout.write(
    table(
      `OBB overlap tests (Bai et al. 2015 §3): CPU ns per test, median [min–max] of ${repeats} interleaved passes; errors against exact 15-axis SAT\n` +
        `dynamic: a sequence stops at the test's first reported overlap; a false positive is a sequence where it comes earlier than SAT's, a false negative later`,
      ['set', 'test', 'ns/test', 'speed vs SAT', 'false +', 'false −'],
      rows,
    ),
  );
  return { json: { unit: 'ns per test', sets: json }, targets: [] };
}
