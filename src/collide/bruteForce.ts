import { toRigid, relativeRigid, type Pose } from '../math/rigid.js';
import { crossingDepth, trianglesCross } from '../math/triangleCross.js';
import { trianglesIntersect } from '../math/triangleIntersect.js';
import { trianglesWithin } from '../math/triangleDistance.js';
import type { Part } from '../model/types.js';
import { resolveCollideOptions, type CollideOptions, type CollisionResult, type SurfacePair } from './collide.js';
import { emptyStats } from '../traverse/stats.js';
import { loadTransformedTriangle, loadTriangle } from '../traverse/triangles.js';
import { assertPart, assertPose } from '../model/validate.js';

/**
 * The oracle: every triangle of A against every triangle of B, no trees, no boxes.
 * Same signature and triangle test as `collide`, so "collide = oracle" tests the pruning.
 * `first-surface` returns the smallest pair (a, b), while collide may return any one.
 */
export function bruteForceCollide(a: Part, poseA: Pose, b: Part, poseB: Pose, options?: CollideOptions): CollisionResult {
  assertPart(a, 'bruteForceCollide', 'a'); assertPose(poseA, 'bruteForceCollide', 'poseA'); assertPart(b, 'bruteForceCollide', 'b'); assertPose(poseB, 'bruteForceCollide', 'poseB');
  const opts = resolveCollideOptions(options);
  const bToA = relativeRigid(toRigid(poseA, `poseA of part "${a.path}"`), toRigid(poseB, `poseB of part "${b.path}"`));
  const stats = emptyStats();
  const triA = new Float64Array(9);
  const triB = new Float64Array(9);
  const pairState = new Map<number, SurfacePair>();
  const triPairs: number[] = [];
  const exact = opts.tolerance === 0;
  const countA = a.indices.length / 3, countB = b.indices.length / 3;
  for (let tb = 0; tb < countB; tb++) {
    loadTransformedTriangle(b, tb, bToA, triB);
    for (let ta = 0; ta < countA; ta++) {
      loadTriangle(a, ta, triA);
      stats.triangleTests++;
      if (!(exact ? trianglesIntersect(triA, triB) : trianglesWithin(triA, triB, opts.tolerance))) continue;
      const sa = a.triangleSurface[ta]!, sb = b.triangleSurface[tb]!;
      const key = sa * b.surfaces.length + sb;
      let pair = pairState.get(key);
      if (!pair) {
        pair = { a: sa, b: sb, ...(opts.classify ? { relation: 'touching' as const, depth: 0 } : {}) };
        pairState.set(key, pair);
      }
      if (opts.classify && trianglesCross(triA, triB)) {
        pair.relation = 'intersecting';
        pair.depth = Math.max(pair.depth!, crossingDepth(triA, triB));
      }
      if (opts.mode === 'all-triangles') triPairs.push(ta, tb);
    }
  }
  let pairs = [...pairState.values()].sort((p, q) => p.a - q.a || p.b - q.b);
  if (opts.mode === 'first-surface') pairs = pairs.slice(0, 1);
  return {
    intersecting: pairs.length > 0,
    surfacePairs: pairs,
    ...(opts.mode === 'all-triangles' ? { trianglePairs: Uint32Array.from(triPairs) } : {}),
    stats,
  };
}
