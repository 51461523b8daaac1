// Explains a surface pair on which surfcd and the peer disagree, from the triangle pairs behind it.
import { Matrix4, Vector3 } from 'three';
import { ExtendedTriangle } from 'three-mesh-bvh';
import { collide, toRigid, triangleDistance, trianglesCross, trianglesIntersect, type Part } from '../../entries/index.js';
import { relativeRigid } from '../../src/math/rigid.js';
import { loadTransformedTriangle, loadTriangle } from '../../src/traverse/triangles.js';
import { peerAllPairs, type PeerPart } from './peer.js';
import { fmt } from './util.js';

const triA = new Float64Array(9);
const triB = new Float64Array(9);

/** The triangle pair as each side sees it: surfcd's (row-major rigid) and the peer's (three.js Matrix4, as bvhcast moves it). */
function load(a: Part, b: Part, ta: number, tb: number, bToA: Float64Array, rel: Matrix4): { p: ExtendedTriangle; q: ExtendedTriangle } {
  loadTriangle(a, ta, triA);
  loadTransformedTriangle(b, tb, bToA, triB);
  const p = new ExtendedTriangle(), q = new ExtendedTriangle();
  const vA = [p.a, p.b, p.c], vB = [q.a, q.b, q.c];
  for (let k = 0; k < 3; k++) {
    vA[k]!.set(triA[3 * k]!, triA[3 * k + 1]!, triA[3 * k + 2]!);
    const ib = 3 * b.indices[3 * tb + k]!;
    (vB[k] as Vector3).set(b.positions[ib]!, b.positions[ib + 1]!, b.positions[ib + 2]!).applyMatrix4(rel);
  }
  p.needsUpdate = true;
  q.needsUpdate = true;
  return { p, q };
}

/**
 * One line on why surfcd and the peer disagree on surface pair (sa, sb) of parts a, b:
 * `onlySurfcd` — surfcd's triangle pairs there, how many genuinely cross (the rest only
 * touch) and what the peer's own triangle test says of them; otherwise the peer's
 * triangle pairs there and the distance surfcd measures between them.
 */
export function explain(a: Part, pa: PeerPart, poseA: Matrix4, b: Part, pb: PeerPart, poseB: Matrix4, sa: number, sb: number, onlySurfcd: boolean): string {
  const bToA = relativeRigid(toRigid(poseA), toRigid(poseB));
  const rel = new Matrix4().copy(poseA).invert().multiply(poseB);
  const pairs: number[] = [];
  if (onlySurfcd) {
    const r = collide(a, poseA, b, poseB, { mode: 'all-triangles' });
    const t = r.trianglePairs!;
    for (let i = 0; i < t.length; i += 2) if (a.triangleSurface[t[i]!] === sa && b.triangleSurface[t[i + 1]!] === sb) pairs.push(t[i]!, t[i + 1]!);
    let crossing = 0, peerYes = 0;
    for (let i = 0; i < pairs.length; i += 2) {
      const { p, q } = load(a, b, pairs[i]!, pairs[i + 1]!, bToA, rel);
      if (trianglesCross(triA, triB)) crossing++;
      if (p.intersectsTriangle(q)) peerYes++;
    }
    const n = pairs.length / 2;
    return `${n} triangle pair(s) meet (${crossing} cross, ${n - crossing} only touch); three-mesh-bvh's own triangle test says ${peerYes} of them meet`;
  }
  peerAllPairs(pa, poseA, pb, poseB, pairs, new Set());
  const mine: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) if (a.triangleSurface[pairs[i]!] === sa && b.triangleSurface[pairs[i + 1]!] === sb) mine.push(pairs[i]!, pairs[i + 1]!);
  let minDistance = Infinity, surfcdYes = 0;
  for (let i = 0; i < mine.length; i += 2) {
    load(a, b, mine[i]!, mine[i + 1]!, bToA, rel);
    minDistance = Math.min(minDistance, triangleDistance(triA, triB));
    if (trianglesIntersect(triA, triB)) surfcdYes++;
  }
  const size = Math.max(a.bounds[3]! - a.bounds[0]!, a.bounds[4]! - a.bounds[1]!, a.bounds[5]! - a.bounds[2]!);
  return `${mine.length / 2} triangle pair(s) the peer calls intersecting; surfcd's test says ${surfcdYes} meet, smallest distance ${fmt(minDistance)} (${fmt(minDistance / size)} of the part size)`;
}
