// The working memory of one S-CD query (collide.ts), in one object passed down to every walk
// and test the query runs, so that nothing the query writes while it runs lives in a module.
// A query holds its scratch from start to end; a second query started meanwhile (from a
// narrow phase, from a part's lazily built data, from any callback) takes another one from
// the pool, or fails loudly when it was handed the busy one itself.
import { SurfcdError } from '../errors.js';
import { atLeast } from '../math/growable.js';
import { emptyCandidates } from '../traverse/leafQuery.js';
import { DescentScratch, emptyPairList } from '../traverse/pairDescent.js';
import { TrianglePairTest } from '../traverse/pairTest.js';
import { QueryRun } from './queryRun.js';
import { ShellFilter } from './shellFilter.js';

export class QueryScratch {
  /** True while a query runs on this scratch. */
  busy = false;
  readonly rigidA = new Float64Array(12);
  readonly rigidB = new Float64Array(12);
  readonly bToA = new Float64Array(12);
  readonly aToB = new Float64Array(12);
  readonly coverOfA = new Float64Array(6);
  readonly coverOfB = new Float64Array(6);
  readonly oaabbA = new Float64Array(6);
  readonly oaabbB = new Float64Array(6);
  readonly triBox = new Float64Array(6);
  readonly clipped = new Float64Array(6);
  readonly leafBox = new Float64Array(6);
  readonly leafBoxA = new Float64Array(6);
  readonly leafClip = new Float64Array(6);
  surfacesA: Uint32Array = new Uint32Array(64);
  surfacesB: Uint32Array = new Uint32Array(64);
  leavesB: Uint32Array = new Uint32Array(64);
  /** Per A surface, for the B surface being processed: unseen, hit or crossing (collide.ts). */
  pairState: Uint8Array = new Uint8Array(64);
  /** Classify mode: A surfaces whose pair with the current B surface is settled (touching, crossFree). */
  settled: Uint8Array = new Uint8Array(64);
  pairDepth: Float64Array = new Float64Array(64);
  touchedA: Uint32Array = new Uint32Array(64);
  /** The leaf-batched filter's picks (indices into `candidates`). */
  picked: Uint32Array = new Uint32Array(64);
  readonly candidates = emptyCandidates();
  /** all-triangles: the pairs found, copied once, exact-size, into the result. */
  readonly triPairs = emptyPairList();
  readonly descentPairs = emptyPairList();
  readonly descent = new DescentScratch();
  readonly pairTest = new TrianglePairTest();
  readonly shells = new ShellFilter();
  /** The query's shared state, armed per query (queryRun.ts says why it is not made per query). */
  readonly run = new QueryRun(this);

  /**
   * Back to the state a query starts from, after one ended by an exception: the per-surface
   * states are otherwise cleared surface by surface, as the query goes.
   */
  clear(): void {
    this.pairState.fill(0);
    this.settled.fill(0);
    this.pairDepth.fill(0);
    this.shells.end();
    this.run.end();
  }

  /** Makes the per-surface arrays long enough for parts of these surface counts. */
  fit(surfacesOfA: number, surfacesOfB: number): void {
    if (this.pairState.length < surfacesOfA) {
      this.pairState = new Uint8Array(surfacesOfA * 2);
      this.settled = new Uint8Array(surfacesOfA * 2);
      this.pairDepth = new Float64Array(surfacesOfA * 2);
    }
    this.touchedA = atLeast(this.touchedA, surfacesOfA);
    this.surfacesA = atLeast(this.surfacesA, surfacesOfA);
    this.surfacesB = atLeast(this.surfacesB, surfacesOfB);
  }
}


/**
 * Scratches lent to queries that bring none. A query takes one for its whole run and gives
 * it back at the end, so a query started inside another gets a different one; at most as
 * many exist as queries ever ran nested at once.
 */
const idle: QueryScratch[] = [];

/** Marks `given` (or a scratch from the pool) busy for one query; throws when `given` is already in use. */
export function claimScratch(given: QueryScratch | undefined): QueryScratch {
  if (given === undefined) {
    const scratch = idle.pop() ?? new QueryScratch();
    scratch.busy = true;
    return scratch;
  }
  if (!(given instanceof QueryScratch)) throw new SurfcdError('INVALID_OPTION', 'collide: scratch must be a QueryScratch (new QueryScratch())');
  if (given.busy) {
    throw new SurfcdError('INVALID_OPTION', 'collide: scratch is in use by a query still running (a query started inside another needs its own QueryScratch, or none)');
  }
  given.busy = true;
  return given;
}

/** Ends the query's hold on `scratch` (cleared when the query threw); one from the pool goes back to it. */
export function releaseScratch(scratch: QueryScratch, given: QueryScratch | undefined, completed: boolean): void {
  if (!completed) scratch.clear();
  scratch.busy = false;
  if (given === undefined) idle.push(scratch);
}
