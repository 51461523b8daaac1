// The state one S-CD query shares with its traversal strategies (collide.ts picks one per B
// surface, strategies/): the parts and pose, the prunings' inputs, and what a triangle pair
// that meets does to the answer.
//
// One QueryRun lives in each QueryScratch for the scratch's whole life, re-armed by `begin`
// for every query and emptied by `end`; it is never allocated per query. With a new run per
// query, the engine discarded the strategies' optimized code at every garbage collection
// (V8 deoptimizes code for "weak objects" it embedded that have died) and ran the hot loops
// unoptimized until it recompiled them, with the same work done; a long-lived run keeps that
// code alive. Check with `node --trace-deopt` on the bench before changing this.
import type { Rigid } from '../math/rigid.js';
import { crossingDepth, trianglesCross } from '../math/triangleCross.js';
import type { Part, Surface } from '../model/types.js';
import { pushPair, type PairList } from '../traverse/pairDescent.js';
import type { TrianglePairTest } from '../traverse/pairTest.js';
import type { QueryStats } from '../traverse/stats.js';
import { triangleRecordsOf, type TriangleRecords } from '../traverse/triangleRecords.js';
import type { ResolvedOptions, SurfacePair } from './collideOptions.js';
import { crossFree } from './crossFree.js';
import type { QueryScratch } from './queryScratch.js';
import type { ShellFilter } from './shellFilter.js';
import { flatSurface, measureFlatMoved, MovedSurfaceScratch, slabsOf, type SurfaceSlab } from './surfaceSlab.js';

/** Pair states per A surface, for the B surface being processed. */
export const UNSEEN = 0, HIT = 1, CROSSING = 2;

type Slabs = (SurfaceSlab | null | undefined)[];

const NO_RECORDS: TriangleRecords = [];

export class QueryRun {
  // The query's parts, pose and options (set by begin, dropped by end so a pooled scratch keeps no part alive).
  a: Part | null = null;
  b: Part | null = null;
  bToA: Rigid = new Float64Array(12);
  stats: QueryStats | null = null;
  tolerance = 0;
  classify = false;
  /** Box growth of every triangle box: the tolerance plus the transform's rounding margin. */
  reach = 0;
  magnitudeA = 0;
  /** A's triangle normals and lengths, cached per part in A's frame (triangleRecords.ts). */
  recordsA: TriangleRecords = NO_RECORDS;
  pairs: SurfacePair[] = [];
  /** all-triangles: the pairs found (the scratch's buffer; the result gets one exact-size copy). */
  triPairs: PairList | null = null;
  stopAtFirst = false;
  /** Per A surface: pairs not searched again (every known pair, or in classify mode those proven cross-free), or null. */
  skip: Uint8Array | null = null;
  /** Classify mode: A's flat surfaces, for the cross-free proof (crossFree.ts). */
  flatsA: Slabs | null = null;
  /** Exact mode: B triangles strictly beyond a flat A surface's slab skip it whole (surfaceSlab.ts). */
  slabsA: Slabs | null = null;
  done = false;
  slabCuts = 0;
  crossFreePairs = 0;
  /** The B surface being processed, its shells (or null), and its flatness in A's frame (measured when first needed). */
  surfaceB: Surface | null = null;
  shells: ShellFilter | null = null;
  flatB: SurfaceSlab | null | undefined = undefined;
  touchedCount = 0;

  readonly pairTest: TrianglePairTest;
  /** Where B's surface is moved into A's frame to measure its flatness. */
  private readonly movedSurface = new MovedSurfaceScratch();

  /** `scratch` owns this run; its per-surface arrays are read through it (fit may replace them). */
  constructor(private readonly scratch: QueryScratch) {
    this.pairTest = scratch.pairTest;
  }

  /** Arms the run for one query (the scratch already fitted to both parts). */
  begin(a: Part, b: Part, bToA: Rigid, opts: ResolvedOptions, stats: QueryStats, reach: number, magnitudeA: number): void {
    this.a = a;
    this.b = b;
    this.bToA = bToA;
    this.stats = stats;
    this.tolerance = opts.tolerance;
    this.classify = opts.classify;
    this.reach = reach;
    this.magnitudeA = magnitudeA;
    this.recordsA = triangleRecordsOf(a);
    this.pairs = [];
    this.triPairs = opts.mode === 'all-triangles' ? this.scratch.triPairs : null;
    if (this.triPairs !== null) this.triPairs.count = 0;
    this.stopAtFirst = opts.mode === 'first-surface';
    const skipKnownPairs = opts.mode !== 'all-triangles';
    const settle = skipKnownPairs && opts.classify;
    this.skip = skipKnownPairs ? (settle ? this.scratch.settled : this.scratch.pairState) : null;
    const slabs = settle || opts.tolerance === 0 ? slabsOf(a) : null;
    this.flatsA = settle ? slabs : null;
    this.slabsA = opts.tolerance === 0 ? slabs : null;
    this.done = false;
    this.slabCuts = 0;
    this.crossFreePairs = 0;
    this.surfaceB = null;
    this.shells = null;
  }

  /** Lets go of the query's parts and answer (the scratch may wait in the pool a long time). */
  end(): void {
    this.a = this.b = null;
    this.stats = null;
    this.recordsA = NO_RECORDS;
    this.pairs = [];
    this.triPairs = null;
    this.skip = this.flatsA = this.slabsA = null;
    this.surfaceB = null;
    this.shells = null;
    this.flatB = undefined;
  }

  /** Starts B surface `surfaceB` with its shells (null when it has none). */
  beginSurface(surfaceB: Surface, shells: ShellFilter | null): void {
    this.surfaceB = surfaceB;
    this.shells = shells;
    this.flatB = undefined;
    this.touchedCount = 0;
  }

  /**
   * Triangle ta of A's surface sa met B's loaded triangle tb (pairTest holds both, in A's
   * frame): records the surface pair and the triangle pair, settles a pair proven cross-free,
   * classifies, and ends the query at the first hit in first-surface mode.
   */
  hit(sa: number, ta: number, tb: number): void {
    const { pairState, settled, pairDepth } = this.scratch;
    const surfaceB = this.surfaceB!;
    const before = pairState[sa]!;
    if (before === UNSEEN) {
      this.scratch.touchedA[this.touchedCount++] = sa;
      pairState[sa] = HIT;
      this.pairs.push({ a: sa, b: surfaceB.index });
    }
    if (this.triPairs !== null) pushPair(this.triPairs, ta, tb);
    if (before === UNSEEN && this.flatsA !== null) {
      // A's surface flat with B's on one side of it, or B's (moved, measured once) with A's.
      const a = this.a!, surfaceA = a.surfaces[sa]!;
      const flat = flatSurface(this.flatsA, surfaceA);
      let free = flat !== null && crossFree(flat, this.b!, surfaceB, this.bToA);
      if (!free) {
        if (this.flatB === undefined) this.flatB = measureFlatMoved(surfaceB, this.bToA, this.movedSurface);
        free = this.flatB !== null && crossFree(this.flatB, a, surfaceA, null);
      }
      if (free) {
        settled[sa] = 1; // touching, depth 0: no other pair of these two surfaces can cross
        this.crossFreePairs++;
      }
    }
    if (this.classify && settled[sa] === 0 && trianglesCross(this.pairTest.triA, this.pairTest.triB)) {
      pairState[sa] = CROSSING;
      const depth = crossingDepth(this.pairTest.triA, this.pairTest.triB);
      if (depth > pairDepth[sa]!) pairDepth[sa] = depth;
    }
    if (this.stopAtFirst) this.done = true;
  }

  /** Records the current B surface's relations (classify), then resets the states it used. */
  endSurface(): void {
    const { pairState, settled, pairDepth, touchedA } = this.scratch;
    const b = this.surfaceB!.index;
    for (let k = 0; k < this.touchedCount; k++) {
      const sa = touchedA[k]!;
      if (this.classify) {
        const pair = findPair(this.pairs, sa, b);
        pair.relation = pairState[sa] === CROSSING ? 'intersecting' : 'touching';
        pair.depth = pairDepth[sa]!;
      }
      pairState[sa] = UNSEEN;
      pairDepth[sa] = 0;
      settled[sa] = 0;
    }
  }
}

function findPair(pairs: SurfacePair[], a: number, b: number): SurfacePair {
  for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i]!.a === a && pairs[i]!.b === b) return pairs[i]!;
  throw new Error(`internal: surface pair ${a}/${b} not recorded`);
}
