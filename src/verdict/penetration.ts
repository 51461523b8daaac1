/**
 * Penetration depth of two solids, not of two triangles: the largest depth of a point of
 * one part inside the other, measured as that point's distance to the other part's
 * surface, with the direction that takes it out.
 *
 * Where two surfaces cross, the points sampled are those of each surface that lie inside
 * the other part: its vertices within the other part's box, and a march from the middle
 * of each crossing segment across the triangle, perpendicular to the segment, into the
 * other part (a belt through a plate is deepest at the plate's mid-plane, in the middle
 * of a belt facet).
 * Faces that only meet along an edge have no point deeper than rounding, so their depth
 * is ~0 however wide the faces are.
 *
 * Inside tests are exact on a closed mesh; on an open one they use the generalized winding
 * number, and the result says so (`openMesh`).
 */
import { transformAabb } from '../math/aabb.js';
import { invertRigid, relativeRigid, type Rigid } from '../math/rigid.js';
import { trianglesCross } from '../math/triangleCross.js';
import type { Vec3 } from '../model/surfaceKind.js';
import type { Part, Surface } from '../model/types.js';
import { closestPointOnTriangle } from '../math/pointInSolid.js';
import { distanceToPart, partIsClosed, pointInPart } from './partSolid.js';
import { SolidProbe } from './solidProbe.js';
import { emptyStats } from '../traverse/stats.js';
import { loadTransformedTriangle, loadTriangle, triangleBox } from '../traverse/triangles.js';
import { queryBoxTree } from '../traverse/treeQuery.js';
import { triangleTreeOf } from '../spatial/triangleTree.js';
import { derivedOf, type DerivedKind, type Encoded } from '../model/derived.js';

export interface Penetration {
  /** mm; 0 when no sampled point of either part lies inside the other. */
  depth: number;
  /** World frame, unit: moving part A this way by `depth` takes the deepest point out. Null when depth is 0. */
  direction: Vec3 | null;
  /** The deepest point (world frame), or null. */
  point: Vec3 | null;
  /** A part's mesh is open, so "inside" could not be decided; depth then comes from the triangles alone. */
  openMesh: boolean;
}

/** Crossing triangle pairs examined per surface pair at most (evenly thinned beyond). */
const MAX_CROSSINGS = 256;
/** Vertex slots examined per surface at most (evenly thinned beyond). */
const MAX_VERTICES = 3000;
/** Samples per march across a triangle, then ternary steps around the deepest. */
const MARCH_STEPS = 8;
const REFINE_STEPS = 8;

const triA = new Float64Array(9);
const triB = new Float64Array(9);
const box = new Float64Array(6);
const stats = emptyStats();

/** Tracks the deepest sample, in A's frame. */
class Deepest {
  depth = 0;
  point: Vec3 | null = null;
  move: Vec3 | null = null; // how A must move (A's frame)
  private readonly inB: SolidProbe;
  private readonly inA: SolidProbe;
  constructor(
    readonly a: Part,
    readonly b: Part,
    readonly aToB: Rigid,
    readonly bToA: Rigid,
  ) {
    this.inB = new SolidProbe(b);
    this.inA = new SolidProbe(a);
  }

  /** A point of A's surface (A's frame): if inside B, its depth (returned, 0 outside). */
  sampleOfA(x: number, y: number, z: number): number {
    const m = this.aToB;
    const bx = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    const by = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    const bz = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
    const d = this.inB.depthInside(bx, by, bz);
    if (!(d > this.depth)) return d;
    this.depth = d;
    const r = this.bToA, c = this.inB.closest;
    const cx = r[0]! * c[0]! + r[1]! * c[1]! + r[2]! * c[2]! + r[3]!;
    const cy = r[4]! * c[0]! + r[5]! * c[1]! + r[6]! * c[2]! + r[7]!;
    const cz = r[8]! * c[0]! + r[9]! * c[1]! + r[10]! * c[2]! + r[11]!;
    this.point = [x, y, z];
    this.move = [cx - x, cy - y, cz - z];
    return d;
  }

  /** A point of B's surface (A's frame): if inside A, its depth (returned, 0 outside). */
  sampleOfB(x: number, y: number, z: number): number {
    const d = this.inA.depthInside(x, y, z);
    if (!(d > this.depth)) return d;
    this.depth = d;
    const c = this.inA.closest;
    this.point = [x, y, z];
    this.move = [x - c[0]!, y - c[1]!, z - c[2]!];
    return d;
  }

  result(rigidA: Rigid, openMesh: boolean): Penetration {
    if (this.depth === 0 || !this.point || !this.move) return { depth: 0, direction: null, point: null, openMesh };
    const m = rigidA, p = this.point, v = this.move;
    const l = Math.hypot(v[0], v[1], v[2]) || 1;
    return {
      depth: this.depth,
      direction: [(m[0]! * v[0] + m[1]! * v[1] + m[2]! * v[2]) / l, (m[4]! * v[0] + m[5]! * v[1] + m[6]! * v[2]) / l, (m[8]! * v[0] + m[9]! * v[1] + m[10]! * v[2]) / l],
      point: [m[0]! * p[0] + m[1]! * p[1] + m[2]! * p[2] + m[3]!, m[4]! * p[0] + m[5]! * p[1] + m[6]! * p[2] + m[7]!, m[8]! * p[0] + m[9]! * p[1] + m[10]! * p[2] + m[11]!],
      openMesh,
    };
  }
}

/**
 * Deepest point where surface `sa` (part A at rigidA) and `sb` (part B at rigidB) cross:
 * samples of sa inside B and of sb inside A. Both parts must be closed; otherwise
 * `openMesh` is set when a part's mesh is open: inside is then its generalized winding number.
 */
export function surfacePairPenetration(sa: Surface, rigidA: Rigid, sb: Surface, rigidB: Rigid): Penetration {
  const a = sa.part, b = sb.part;
  const open = !partIsClosed(a) || !partIsClosed(b);
  const bToA = relativeRigid(rigidA, rigidB);
  const aToB = invertRigid(bToA);
  const deepest = new Deepest(a, b, aToB, bToA);
  // Vertices of each surface inside the other part's box: a bump's peak lies in no
  // crossing triangle, yet it is the deepest point.
  const boxOfBInA = transformAabb(b.bounds, bToA), boxOfAInB = transformAabb(a.bounds, aToB);
  // Vertices sampled once need no second sample: a march's corner that was one changes nothing.
  const sampledOfA = new Set<number>(), sampledOfB = new Set<number>();
  forEachVertexIn(sa, boxOfBInA, sampledOfA, (x, y, z) => deepest.sampleOfA(x, y, z));
  forEachVertexIn(sb, boxOfAInB, sampledOfB, (x, y, z) => {
    const m = bToA;
    deepest.sampleOfB(m[0]! * x + m[1]! * y + m[2]! * z + m[3]!, m[4]! * x + m[5]! * y + m[6]! * z + m[7]!, m[8]! * x + m[9]! * y + m[10]! * z + m[11]!);
  });
  const pairs = crossingPairs(sa, sb, bToA);
  const stride = Math.max(1, Math.ceil(pairs.length / 2 / MAX_CROSSINGS));
  for (let k = 0; k < pairs.length; k += 2 * stride) {
    loadTriangle(a, pairs[k]!, triA);
    loadTransformedTriangle(b, pairs[k + 1]!, bToA, triB);
    marchInto(triA, triB, deepest.depth, a.indices, pairs[k]!, sampledOfA, (x, y, z) => deepest.sampleOfA(x, y, z));
    marchInto(triB, triA, deepest.depth, b.indices, pairs[k + 1]!, sampledOfB, (x, y, z) => deepest.sampleOfB(x, y, z));
  }
  return deepest.result(rigidA, open);
}

/**
 * Deepest point of part A inside part B over A's vertices and interior samples (the
 * midpoints of inward chords from A's triangle centroids), and symmetrically of B inside
 * A, at most `maxSamples` per part (evenly thinned). For containment and duplicates,
 * where no surfaces cross.
 */
export function solidPenetration(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, maxSamples = 1200): Penetration {
  const open = !partIsClosed(a) || !partIsClosed(b);
  const bToA = relativeRigid(rigidA, rigidB);
  const aToB = invertRigid(bToA);
  const deepest = new Deepest(a, b, aToB, bToA);
  for (const [part, toA, sample] of [
    [a, null, (x: number, y: number, z: number) => deepest.sampleOfA(x, y, z)],
    [b, bToA, (x: number, y: number, z: number) => deepest.sampleOfB(x, y, z)],
  ] as const) {
    forEachSolidSample(part, maxSamples, (x, y, z) => {
      if (!toA) {
        sample(x, y, z);
        return;
      }
      const m = toA;
      sample(m[0]! * x + m[1]! * y + m[2]! * z + m[3]!, m[4]! * x + m[5]! * y + m[6]! * z + m[7]!, m[8]! * x + m[9]! * y + m[10]! * z + m[11]!);
    });
  }
  return deepest.result(rigidA, open);
}

/**
 * Vertices, and the midpoints of the inward chords from triangle centroids (part frame).
 * The samples depend on the part alone, not its pose, and each chord costs a bisection of
 * nearest-surface searches: they are computed once per part and sample count.
 */
export function forEachSolidSample(part: Part, maxSamples: number, visit: (x: number, y: number, z: number) => void): void {
  const byCount = derivedOf(part).of(SOLID_SAMPLES, part, () => new Map<number, Float64Array>(), true);
  let samples = byCount.get(maxSamples);
  if (!samples) {
    byCount.set(maxSamples, (samples = solidSamples(part, maxSamples)));
    derivedOf(part).touch(SOLID_SAMPLES);
  }
  for (let i = 0; i < samples.length; i += 3) visit(samples[i]!, samples[i + 1]!, samples[i + 2]!);
}

/** Solid samples by sample count, kept with the part (and by the cache). */
const SOLID_SAMPLES: DerivedKind<Map<number, Float64Array>> = {
  name: 'solid-samples',
  encode: (byCount) => Object.fromEntries([...byCount].sort(([a], [b]) => a - b).map(([n, samples]) => [String(n), samples])),
  decode: (data) => {
    const out = new Map<number, Float64Array>();
    for (const [n, samples] of Object.entries(data as Record<string, Encoded>)) {
      if (!/^[1-9]\d*$/.test(n) || !(samples instanceof Float64Array) || samples.length % 3 !== 0) throw new Error('not solid samples');
      out.set(Number(n), samples);
    }
    return out;
  },
};

function solidSamples(part: Part, maxSamples: number): Float64Array {
  const { positions: p, indices } = part;
  const out: number[] = [];
  const vertexCount = p.length / 3, triangleCount = indices.length / 3;
  const vStride = Math.max(1, Math.ceil(vertexCount / (maxSamples / 2)));
  for (let v = 0; v < vertexCount; v += vStride) out.push(p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!);
  const tStride = Math.max(1, Math.ceil(triangleCount / (maxSamples / 2)));
  for (let t = 0; t < triangleCount; t += tStride) {
    loadTriangle(part, t, triA);
    const mid = inwardChordMidpoint(part, triA);
    if (mid) out.push(mid[0], mid[1], mid[2]);
  }
  return Float64Array.from(out);
}

const closestScratch = new Float64Array(3);

/**
 * Midpoint of the chord from the triangle's centroid straight into the part (against
 * its outward normal) to the opposite wall, found as the nearest wall point along the
 * inward normal by bisection on "inside" — or null for a degenerate triangle.
 */
function inwardChordMidpoint(part: Part, t: Float64Array): Vec3 | null {
  const ux = t[3]! - t[0]!, uy = t[4]! - t[1]!, uz = t[5]! - t[2]!;
  const vx = t[6]! - t[0]!, vy = t[7]! - t[1]!, vz = t[8]! - t[2]!;
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const l = Math.hypot(nx, ny, nz);
  if (!(l > 0)) return null;
  nx /= -l; ny /= -l; nz /= -l; // inward
  const cx = (t[0]! + t[3]! + t[6]!) / 3, cy = (t[1]! + t[4]! + t[7]!) / 3, cz = (t[2]! + t[5]! + t[8]!) / 3;
  const b = part.bounds;
  const span = Math.hypot(b[3]! - b[0]!, b[4]! - b[1]!, b[5]! - b[2]!);
  // A point just inside: its distance to the surface bounds how far the chord goes at least.
  const eps = 1e-6 * span;
  if (pointInPart(part, cx + eps * nx, cy + eps * ny, cz + eps * nz) !== 'inside') return null;
  // Sphere tracing: step by the distance to the surface until it vanishes (the far wall).
  let s = eps;
  for (let i = 0; i < 24 && s < span; i++) {
    const d = distanceToPart(part, cx + s * nx, cy + s * ny, cz + s * nz, closestScratch);
    if (!(d > 1e-7 * span)) break;
    s += d;
  }
  return [cx + (s / 2) * nx, cy + (s / 2) * ny, cz + (s / 2) * nz];
}

/** Each vertex of the surface (its part's frame) inside `box`, once, at most MAX_VERTICES (evenly thinned). */
function forEachVertexIn(surface: Surface, box: Float64Array, visited: Set<number>, visit: (x: number, y: number, z: number) => void): void {
  const { positions: p, indices } = surface.part;
  const seen = new Set<number>();
  const stride = Math.max(1, Math.ceil((3 * surface.triangleCount) / MAX_VERTICES));
  for (let k = 3 * surface.firstTriangle, end = 3 * (surface.firstTriangle + surface.triangleCount); k < end; k += stride) {
    const v = indices[k]!;
    if (seen.has(v)) continue;
    seen.add(v);
    const x = p[3 * v]!, y = p[3 * v + 1]!, z = p[3 * v + 2]!;
    if (x >= box[0]! && y >= box[1]! && z >= box[2]! && x <= box[3]! && y <= box[4]! && z <= box[5]!) {
      visited.add(v);
      visit(x, y, z);
    }
  }
}

/** Flat (triangle of sa, triangle of sb) pairs that cross; sb moved into A's frame by bToA. */
function crossingPairs(sa: Surface, sb: Surface, bToA: Rigid): number[] {
  const out: number[] = [];
  if (!triangleTreeOf(sa) || !triangleTreeOf(sb)) return out;
  const hits = new Uint32Array(sa.triangleCount); // one per call: a call covers a whole surface pair
  const b = sb.part, a = sa.part;
  for (let j = 0; j < sb.triangleCount; j++) {
    const tb = sb.firstTriangle + j;
    loadTransformedTriangle(b, tb, bToA, triB);
    triangleBox(triB, 1e-12 * Math.max(1, Math.abs(triB[0]!)), box);
    const n = queryBoxTree(triangleTreeOf(sa)!, box, hits, stats);
    for (let i = 0; i < n; i++) {
      const ta = sa.firstTriangle + hits[i]!;
      loadTriangle(a, ta, triA);
      if (trianglesCross(triA, triB)) out.push(ta, tb);
    }
  }
  return out;
}

const nP = new Float64Array(3);
const nQ = new Float64Array(3);
const onQ = new Float64Array(3);

/**
 * Samples of triangle p (triangle t of its part's `indices`) that lie on the other side of
 * q's plane (behind q's outward face, i.e. toward q's solid): p's vertices behind q's plane
 * not sampled before (`sampled`), and a march from the
 * middle of the p–q crossing segment across p, perpendicular to the segment.
 */
function marchInto(p: Float64Array, q: Float64Array, deepest: number, indices: Uint32Array, t: number, sampled: Set<number>, visit: (x: number, y: number, z: number) => number): void {
  if (!normal(p, nP) || !normal(q, nQ)) return;
  // A sample's depth is its distance to the other part's surface, so at most its distance
  // to q, a triangle of that surface; the distance to a triangle is convex, so over a
  // segment or a triangle it peaks at a corner. Samples that cannot beat the deepest found
  // so far change nothing and are not taken (the margin covers the frames' rounding).
  const margin = 1e-9 * (1 + Math.abs(q[0]!) + Math.abs(q[1]!) + Math.abs(q[2]!));
  const cannotBeat = (x: number, y: number, z: number): boolean => Math.sqrt(closestPointOnTriangle(q, 0, x, y, z, onQ)) + margin <= deepest;
  if (deepest > 0 && cannotBeat(p[0]!, p[1]!, p[2]!) && cannotBeat(p[3]!, p[4]!, p[5]!) && cannotBeat(p[6]!, p[7]!, p[8]!)) return;
  const signed = (x: number, y: number, z: number): number => nQ[0]! * (x - q[0]!) + nQ[1]! * (y - q[1]!) + nQ[2]! * (z - q[2]!);
  for (let k = 0; k < 3; k++) {
    const v = indices[3 * t + k]!;
    if (sampled.has(v) || !(signed(p[3 * k]!, p[3 * k + 1]!, p[3 * k + 2]!) < 0)) continue;
    sampled.add(v);
    visit(p[3 * k]!, p[3 * k + 1]!, p[3 * k + 2]!);
  }
  // Where p's edges cross q's plane: the segment of p on q's plane.
  const seg: number[] = [];
  for (let k = 0; k < 3; k++) {
    const j = (k + 1) % 3;
    const dk = signed(p[3 * k]!, p[3 * k + 1]!, p[3 * k + 2]!), dj = signed(p[3 * j]!, p[3 * j + 1]!, p[3 * j + 2]!);
    if ((dk < 0 && dj > 0) || (dk > 0 && dj < 0)) {
      const s = dk / (dk - dj);
      seg.push(p[3 * k]! + s * (p[3 * j]! - p[3 * k]!), p[3 * k + 1]! + s * (p[3 * j + 1]! - p[3 * k + 1]!), p[3 * k + 2]! + s * (p[3 * j + 2]! - p[3 * k + 2]!));
    }
  }
  if (seg.length < 6) return;
  const mx = (seg[0]! + seg[3]!) / 2, my = (seg[1]! + seg[4]!) / 2, mz = (seg[2]! + seg[5]!) / 2;
  const dx = seg[3]! - seg[0]!, dy = seg[4]! - seg[1]!, dz = seg[5]! - seg[2]!;
  // In p's plane, perpendicular to the segment, toward the back of q.
  let ux = nP[1]! * dz - nP[2]! * dy, uy = nP[2]! * dx - nP[0]! * dz, uz = nP[0]! * dy - nP[1]! * dx;
  const ul = Math.hypot(ux, uy, uz);
  if (!(ul > 0)) return;
  ux /= ul; uy /= ul; uz /= ul;
  if (ux * nQ[0]! + uy * nQ[1]! + uz * nQ[2]! > 0) {
    ux = -ux; uy = -uy; uz = -uz;
  }
  const reach = exitDistance(p, mx, my, mz, ux, uy, uz);
  if (deepest > 0 && cannotBeat(mx, my, mz) && cannotBeat(mx + reach * ux, my + reach * uy, mz + reach * uz)) return;
  const at = (t: number): number => visit(mx + t * ux, my + t * uy, mz + t * uz);
  let bestT = 0, best = 0;
  for (let s = 1; s <= MARCH_STEPS; s++) {
    const t = (reach * s) / MARCH_STEPS;
    const d = at(t);
    if (d > best) [best, bestT] = [d, t];
  }
  if (!(best > 0)) return;
  // The depth along the march rises then falls (a belt through a plate peaks at the
  // plate's mid-plane): narrow in on the peak around the best sample.
  let lo = Math.max(0, bestT - reach / MARCH_STEPS), hi = Math.min(reach, bestT + reach / MARCH_STEPS);
  for (let i = 0; i < REFINE_STEPS; i++) {
    const t1 = lo + (hi - lo) / 3, t2 = hi - (hi - lo) / 3;
    if (at(t1) < at(t2)) lo = t1;
    else hi = t2;
  }
}

/** How far from m (inside triangle p, in its plane) along u until p's boundary. */
function exitDistance(p: Float64Array, mx: number, my: number, mz: number, ux: number, uy: number, uz: number): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const j = (k + 1) % 3;
    // Edge k→j; the inward normal of the edge within p's plane: nP × e.
    const ex = p[3 * j]! - p[3 * k]!, ey = p[3 * j + 1]! - p[3 * k + 1]!, ez = p[3 * j + 2]! - p[3 * k + 2]!;
    const ix = nP[1]! * ez - nP[2]! * ey, iy = nP[2]! * ex - nP[0]! * ez, iz = nP[0]! * ey - nP[1]! * ex;
    const along = ix * ux + iy * uy + iz * uz;
    if (!(along < 0)) continue;
    const offset = ix * (mx - p[3 * k]!) + iy * (my - p[3 * k + 1]!) + iz * (mz - p[3 * k + 2]!);
    const t = offset / -along;
    if (t < best) best = t;
  }
  return Number.isFinite(best) && best > 0 ? best : 0;
}

function normal(t: Float64Array, out: Float64Array): boolean {
  const ux = t[3]! - t[0]!, uy = t[4]! - t[1]!, uz = t[5]! - t[2]!;
  const vx = t[6]! - t[0]!, vy = t[7]! - t[1]!, vz = t[8]! - t[2]!;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const l = Math.hypot(nx, ny, nz);
  if (!(l > 0)) return false;
  out[0] = nx / l;
  out[1] = ny / l;
  out[2] = nz / l;
  return true;
}
