import { crossingDepth, trianglesCross } from '../math/triangleCross.js';
import { trianglesIntersect } from '../math/triangleIntersect.js';
import { trianglesWithin } from '../math/triangleDistance.js';
import type { Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import type { CollisionResult, ResolvedOptions, SurfacePair } from './collide.js';
import type { QueryStats } from '../traverse/stats.js';
import { loadTransformedTriangle, loadTriangle } from '../traverse/triangles.js';
import { emptyPairList, pushPair, type PairList } from '../traverse/pairDescent.js';

/**
 * The leaf end of a hierarchy traversal, shared by narrow phases whose leaves are triangles
 * (OBBTree, boxtree): the exact triangle test (or distance ≤ tolerance) on the same
 * triangles as S-CD and the oracle (B's triangle moved into A's frame), the per-mode
 * bookkeeping (first hit, each surface pair once, every triangle pair, classification) and
 * the result. One collector per query; the traversal asks `known` to skip a leaf pair whose
 * surface pair is already found, and stops when `test` returns true.
 */
export class LeafPairs {
  private readonly triA = new Float64Array(9);
  private readonly triB = new Float64Array(9);
  private loadedB = -1;
  private readonly pairs: SurfacePair[] = [];
  /** Surface pair key → index in `pairs` + 1 (0: not found yet). */
  private readonly seen = new Map<number, number>();
  private readonly triPairs: PairList | null;
  private readonly exact: boolean;
  private readonly skipKnown: boolean;
  private readonly stopAtFirst: boolean;
  private readonly surfacesB: number;

  constructor(
    private readonly a: Part,
    private readonly b: Part,
    private readonly bToA: Rigid,
    private readonly opts: ResolvedOptions,
    private readonly stats: QueryStats,
  ) {
    this.triPairs = opts.mode === 'all-triangles' ? emptyPairList() : null;
    this.exact = opts.tolerance === 0;
    this.skipKnown = opts.mode === 'all-surfaces' && !opts.classify;
    this.stopAtFirst = opts.mode === 'first-surface';
    this.surfacesB = Math.max(1, b.surfaces.length);
  }

  /** True when the surface pair of triangles ta, tb is already found and need not be tested again. */
  known(ta: number, tb: number): boolean {
    return this.skipKnown && this.seen.has(this.a.triangleSurface[ta]! * this.surfacesB + this.b.triangleSurface[tb]!);
  }

  /** Tests triangle ta of A against tb of B (moved into A's frame); true when the query is done. */
  test(ta: number, tb: number): boolean {
    if (this.loadedB !== tb) {
      loadTransformedTriangle(this.b, tb, this.bToA, this.triB);
      this.stats.aabbUpdates++;
      this.loadedB = tb;
    }
    loadTriangle(this.a, ta, this.triA);
    this.stats.triangleTests++;
    const triA = this.triA, triB = this.triB;
    if (!(this.exact ? trianglesIntersect(triA, triB) : trianglesWithin(triA, triB, this.opts.tolerance))) return false;
    const sa = this.a.triangleSurface[ta]!, sb = this.b.triangleSurface[tb]!;
    const key = sa * this.surfacesB + sb;
    let slot = this.seen.get(key);
    if (slot === undefined) {
      this.pairs.push({ a: sa, b: sb, ...(this.opts.classify ? { relation: 'touching' as const, depth: 0 } : {}) });
      slot = this.pairs.length;
      this.seen.set(key, slot);
    }
    if (this.opts.classify && trianglesCross(triA, triB)) {
      const pair = this.pairs[slot - 1]!;
      pair.relation = 'intersecting';
      const depth = crossingDepth(triA, triB);
      if (depth > pair.depth!) pair.depth = depth;
    }
    if (this.triPairs) pushPair(this.triPairs, ta, tb);
    return this.stopAtFirst;
  }

  result(): CollisionResult {
    const pairs = this.pairs.sort((p, q) => p.a - q.a || p.b - q.b);
    return {
      intersecting: pairs.length > 0,
      surfacePairs: pairs,
      ...(this.triPairs ? { trianglePairs: this.triPairs.ids.slice(0, 2 * this.triPairs.count) } : {}),
      stats: this.stats,
    };
  }
}

/** The empty answer in the mode's shape. */
export function noCollision(opts: ResolvedOptions, stats: QueryStats): CollisionResult {
  return { intersecting: false, surfacePairs: [], stats, ...(opts.mode === 'all-triangles' ? { trianglePairs: new Uint32Array(0) } : {}) };
}
