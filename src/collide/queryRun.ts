// The state one S-CD query shares between its traversal strategies (collide.ts picks one per
// B surface): the parts and pose, what the prunings need, and what a triangle pair that meets
// does to the answer. Built once per query on the query's scratch; the strategies read their
// hot fields into locals.
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
import { flatSurface, measureFlatMoved, slabsOf, type SurfaceSlab } from './surfaceSlab.js';

/** Pair states per A surface, for the B surface being processed. */
export const UNSEEN = 0, HIT = 1, CROSSING = 2;

type Slabs = (SurfaceSlab | null | undefined)[];

export class QueryRun {
  readonly pairs: SurfacePair[] = [];
  /** all-triangles: the pairs found (the scratch's buffer; the result gets one exact-size copy). */
  readonly triPairs: PairList | null;
  readonly pairTest: TrianglePairTest;
  /** A's triangle normals and lengths, cached per part in A's frame (triangleRecords.ts). */
  readonly recordsA: TriangleRecords;
  readonly magnitudeA: number;
  readonly stopAtFirst: boolean;
  /** Per A surface: pairs not searched again (every known pair, or in classify mode those proven cross-free), or null. */
  readonly skip: Uint8Array | null;
  /** Classify mode: A's flat surfaces, for the cross-free proof (crossFree.ts). */
  readonly flatsA: Slabs | null;
  /** Exact mode: B triangles strictly beyond a flat A surface's slab skip it whole (surfaceSlab.ts). */
  readonly slabsA: Slabs | null;
  done = false;
  slabCuts = 0;
  crossFreePairs = 0;
  /** The B surface being processed, its shells (or null), and its flatness in A's frame (measured when first needed). */
  surfaceB: Surface | null = null;
  shells: ShellFilter | null = null;
  flatB: SurfaceSlab | null | undefined = undefined;
  touchedCount = 0;

  constructor(
    readonly a: Part,
    readonly b: Part,
    readonly bToA: Rigid,
    readonly opts: ResolvedOptions,
    readonly stats: QueryStats,
    readonly scratch: QueryScratch,
    readonly reach: number,
    magnitudeA: number,
  ) {
    this.triPairs = opts.mode === 'all-triangles' ? scratch.triPairs : null;
    if (this.triPairs) this.triPairs.count = 0;
    this.pairTest = scratch.pairTest;
    this.recordsA = triangleRecordsOf(a);
    this.magnitudeA = magnitudeA;
    this.stopAtFirst = opts.mode === 'first-surface';
    const skipKnownPairs = opts.mode !== 'all-triangles';
    const settle = skipKnownPairs && opts.classify;
    this.skip = skipKnownPairs ? (settle ? scratch.settled : scratch.pairState) : null;
    this.flatsA = settle ? slabsOf(a) : null;
    this.slabsA = opts.tolerance === 0 ? slabsOf(a) : null;
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
    if (this.triPairs) pushPair(this.triPairs, ta, tb);
    if (before === UNSEEN && this.flatsA !== null) {
      // A's surface flat with B's on one side of it, or B's (moved, measured once) with A's.
      const surfaceA = this.a.surfaces[sa]!;
      const flat = flatSurface(this.flatsA, surfaceA);
      let free = flat !== null && crossFree(flat, this.b, surfaceB, this.bToA);
      if (!free) {
        if (this.flatB === undefined) this.flatB = measureFlatMoved(surfaceB, this.bToA);
        free = this.flatB !== null && crossFree(this.flatB, this.a, surfaceA, null);
      }
      if (free) {
        settled[sa] = 1; // touching, depth 0: no other pair of these two surfaces can cross
        this.crossFreePairs++;
      }
    }
    if (this.opts.classify && settled[sa] === 0 && trianglesCross(this.pairTest.triA, this.pairTest.triB)) {
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
      if (this.opts.classify) {
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
