// The peer: three-mesh-bvh on exactly the triangles of a surfcd Part.
import { BufferAttribute, BufferGeometry, Matrix4 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { Part } from '../../entries/index.js';

export interface PeerPart {
  part: Part;
  geometry: BufferGeometry;
  bvh: MeshBVH;
  /**
   * MeshBVH reorders the geometry's index buffer in place (non-indirect mode, its
   * default): BVH triangle i is original triangle `original[i]` of the Part.
   */
  original: Uint32Array;
  /** Surface of BVH triangle i (= part.triangleSurface[original[i]]). */
  surface: Uint32Array;
}

/**
 * Builds the peer's geometry from the Part's own arrays: the same Float64 positions
 * (shared, never written by three-mesh-bvh) and a copy of the indices, no groups (one
 * BVH root; the peer knows nothing of surfaces). The BVH uses three-mesh-bvh's defaults
 * and is attached as `geometry.boundsTree`, as its docs recommend for intersectsGeometry.
 */
export function makePeer(part: Part): PeerPart {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(part.positions, 3));
  geometry.setIndex(new BufferAttribute(part.indices.slice(), 1));
  const bvh = new MeshBVH(geometry);
  geometry.boundsTree = bvh;
  const original = mapReorderedTriangles(part.indices, geometry.index!.array as Uint32Array);
  const surface = new Uint32Array(original.length);
  for (let i = 0; i < original.length; i++) surface[i] = part.triangleSurface[original[i]!]!;
  return { part, geometry, bvh, original, surface };
}

/** For each triangle of the reordered index, the original triangle with the same three vertex ids (in order). */
function mapReorderedTriangles(before: Uint32Array, after: Uint32Array): Uint32Array {
  const byKey = new Map<string, number[]>();
  for (let t = 0; t < before.length / 3; t++) {
    const key = `${before[3 * t]},${before[3 * t + 1]},${before[3 * t + 2]}`;
    const list = byKey.get(key);
    if (list) list.push(t);
    else byKey.set(key, [t]);
  }
  const out = new Uint32Array(after.length / 3);
  for (let t = 0; t < out.length; t++) {
    const key = `${after[3 * t]},${after[3 * t + 1]},${after[3 * t + 2]}`;
    const t0 = byKey.get(key)?.pop();
    if (t0 === undefined) throw new Error(`peer: BVH triangle ${t} (${key}) matches no original triangle; three-mesh-bvh changed how it reorders`);
    out[t] = t0;
  }
  return out;
}

const relative = new Matrix4();

/** B's frame → A's frame, the way a three.js user computes it: PA⁻¹ · PB. */
function relativeMatrix(poseA: Matrix4, poseB: Matrix4): Matrix4 {
  return relative.copy(poseA).invert().multiply(poseB);
}

/** Counters of the peer's work on its last all-pairs query. */
export const peerStats = { triangleTests: 0 };

/** first-surface's peer: does any triangle of A touch any of B? */
export function peerIntersects(a: PeerPart, poseA: Matrix4, b: PeerPart, poseB: Matrix4): boolean {
  return a.bvh.intersectsGeometry(b.geometry, relativeMatrix(poseA, poseB));
}

/**
 * The peer of all-triangles and all-surfaces: one bvhcast over both BVHs visiting every
 * intersecting triangle pair. Writes the pairs to `pairs` as original triangle ids
 * (a0, b0, a1, b1, …) and the surface pairs to `surfaces` as keys a·|S_B| + b.
 * three-mesh-bvh has no surface level, so there is no early exit per surface pair: the
 * same call answers both modes, and the bench times it once for both rows.
 */
export function peerAllPairs(a: PeerPart, poseA: Matrix4, b: PeerPart, poseB: Matrix4, pairs: number[], surfaces: Set<number>): number {
  pairs.length = 0;
  surfaces.clear();
  let tests = 0;
  const oa = a.original, ob = b.original, sa = a.surface, sb = b.surface, nb = b.part.surfaces.length;
  a.bvh.bvhcast(b.bvh, relativeMatrix(poseA, poseB), {
    intersectsTriangles(t1, t2, i1, i2) {
      tests++;
      if (t1.intersectsTriangle(t2)) {
        pairs.push(oa[i1]!, ob[i2]!);
        surfaces.add(sa[i1]! * nb + sb[i2]!);
      }
      return false;
    },
  });
  peerStats.triangleTests = tests;
  return pairs.length / 2;
}

/** Agreement on surface pairs, counted over many queries. */
export interface Agreement {
  both: number;
  onlySurfcd: number;
  onlyPeer: number;
  /** Queries where first-surface's `intersecting` ≠ intersectsGeometry's answer. */
  firstDisagree: number;
  /** Explained examples of disagreeing pairs, one per distinct (parts, surfaces, side). */
  examples: string[];
  seen: Set<string>;
}

export function emptyAgreement(): Agreement {
  return { both: 0, onlySurfcd: 0, onlyPeer: 0, firstDisagree: 0, examples: [], seen: new Set() };
}

const MAX_EXAMPLES = 6;

/**
 * Adds one query's comparison: surfcd's pairs (a, b) against the peer's keys a·nb + b.
 * `kind` names the part pair (for distinct examples), `label` the query; `why` explains
 * a disagreeing pair (called for the first few distinct ones only).
 */
export function compareSurfacePairs(
  agreement: Agreement,
  surfcd: { a: number; b: number }[],
  peer: Set<number>,
  nb: number,
  kind: string,
  label: string,
  why?: (sa: number, sb: number, onlySurfcd: boolean) => string,
): void {
  const mine = new Set(surfcd.map((p) => p.a * nb + p.b));
  const example = (k: number, onlySurfcd: boolean): void => {
    const sa = Math.floor(k / nb), sb = k % nb;
    const key = `${kind} ${sa}/${sb} ${onlySurfcd}`;
    if (agreement.examples.length >= MAX_EXAMPLES || agreement.seen.has(key)) return;
    agreement.seen.add(key);
    agreement.examples.push(`only ${onlySurfcd ? 'surfcd' : 'peer'}: ${label}, surfaces ${sa}/${sb}${why ? ` — ${why(sa, sb, onlySurfcd)}` : ''}`);
  };
  for (const k of mine) {
    if (peer.has(k)) agreement.both++;
    else {
      agreement.onlySurfcd++;
      example(k, true);
    }
  }
  for (const k of peer) {
    if (!mine.has(k)) {
      agreement.onlyPeer++;
      example(k, false);
    }
  }
}

export function agreementJson(a: Agreement): Omit<Agreement, 'seen'> {
  const { seen: _seen, ...rest } = a;
  void _seen;
  return rest;
}

export function fmtAgreement(a: Agreement): string {
  const total = a.both + a.onlySurfcd + a.onlyPeer;
  const pct = total === 0 ? 100 : (100 * a.both) / total;
  return `surface pairs: both ${a.both}, only surfcd ${a.onlySurfcd}, only peer ${a.onlyPeer} (${pct.toFixed(1)}% agree); first-surface vs intersectsGeometry disagree on ${a.firstDisagree} queries`;
}
