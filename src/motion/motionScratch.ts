// The working memory of one motion query (time of impact, distance, the surface-pair
// verdict), in one object handed down the query, so that nothing a query writes lives in a
// module. These queries call out while they run (a caller's `ignore`, a part's lazily built
// trees), so a query started meanwhile must not find its scratch in use: each query borrows
// one from the pool for its whole run, and a query started inside another gets another.
import { ScratchPool, type Lendable } from '../math/scratchPool.js';
import { emptyStats } from '../traverse/stats.js';
import { ToiWork } from './triangleToi.js';

export class MotionScratch implements Lendable {
  busy = false;
  /** Rigid transforms between the two parts' frames. */
  readonly aToB = new Float64Array(12);
  readonly bToA = new Float64Array(12);
  /** The move in B's and in A's frame (time of impact). */
  readonly dB = new Float64Array(3);
  readonly dA = new Float64Array(3);
  /** One triangle of each part, 3 vertices. */
  readonly triA = new Float64Array(9);
  readonly triB = new Float64Array(9);
  /** Boxes (min xyz, max xyz): a query box, a box grown by the reach, A's cover, the swept parts. */
  readonly box = new Float64Array(6);
  readonly reach = new Float64Array(6);
  readonly coverA = new Float64Array(6);
  readonly sweptAInB = new Float64Array(6);
  readonly sweptBInA = new Float64Array(6);
  /** Tree query answers: surfaces and triangles of A and B. */
  surfacesA: Uint32Array = new Uint32Array(64);
  surfacesB: Uint32Array = new Uint32Array(64);
  trianglesA: Uint32Array = new Uint32Array(64);
  trianglesB: Uint32Array = new Uint32Array(64);
  /** distance: per surface of B, its box gap and index. */
  order: Float64Array = new Float64Array(64);
  /** Tree work of the surface-pair verdict, which reports none (counted and not read). */
  readonly uncounted = emptyStats();
  /** translationToi's working memory and the hit it found. */
  readonly toi = new ToiWork();
}

/** Scratches lent to motion queries, at most as many as queries ever ran nested at once. */
export const motionScratch = new ScratchPool(() => new MotionScratch(), 'motion query');
