/**
 * The vertices of one surface patch, brought into a local frame for fitting:
 * centred on the patch's vertex bounding-box centre and divided by its half-diagonal,
 * so every fit works on numbers of order 1 whatever the part's position (offsets of
 * 1e4 mm lose nothing) and size.
 */
import { SurfcdError } from '../../errors.js';
import { badIndex, collect } from './patchCollect.js';
import { PatchScratch } from './patchBuffers.js';
import { hyp3 } from './vec.js';

export interface FitInput {
  /** xyz flat, the part's vertices. */
  positions: ArrayLike<number>;
  /** xyz flat per vertex; missing → estimated from the triangles. */
  normals?: ArrayLike<number> | null;
  /** 3 vertex indices per triangle. */
  indices: ArrayLike<number>;
  firstTriangle: number;
  triangleCount: number;
  /** Largest allowed distance of a vertex to the primitive (model units). */
  tolerance: number;
  /** Largest allowed angle (radians) between a vertex normal and the primitive's normal; default 3°. */
  angleTolerance?: number;
}

export interface Patch {
  /** Number of distinct vertex indices used by the patch. */
  count: number;
  /** Local coordinates (x - origin) / scale, 3 per vertex. */
  p: Float64Array;
  /** Unit normal per vertex (given or estimated); all zero when unknown. */
  n: Float64Array;
  /** 1 where `n` is a given (exact-surface) normal, 0 where it was estimated or is unknown. */
  given: Uint8Array;
  /** Weld group per vertex: vertices at exactly the same position share one. */
  group: Uint32Array;
  groupCount: number;
  /** Local vertex indices, 3 per triangle of the patch. */
  tri: Uint32Array;
  /** Winding, centroid and area: see `triangleSums` (computed on first use). */
  sums: TriangleSums | null;
  origin: [number, number, number];
  scale: number;
  /** True when the caller gave normals. */
  normalsGiven: boolean;
  /**
   * Per-patch results shared by several fits and rule-outs, filled by their modules
   * (a field, not a WeakMap: ephemeron tables made the collector slow).
   */
  memo: PatchMemo;
}

/** Sums over the patch's triangles, local frame. */
export interface TriangleSums {
  /** Area-weighted sum of triangle normals (winding). */
  winding: [number, number, number];
  /** Area-weighted centroid of the triangles (vertex mean when the area is zero). */
  centroid: [number, number, number];
  /** Total triangle area. */
  area: number;
}

/**
 * Slots of `Patch.memo`; each module owns its slot and its type. All slots exist from the
 * start: a property added later gives the object a transition map, which a full GC may
 * drop while optimised code still checks for it (each pass would then deoptimise).
 */
export interface PatchMemo {
  scatterAll: unknown;
  scatterGiven: unknown;
  pluecker: unknown;
  /** ruleOutQuadric.ts: null until asked, then whether no cylinder, cone or sphere fits. */
  quadric: boolean | null;
  /** cone.ts: null until asked, then whether the normals rule out every cone. */
  cone: boolean | null;
  /** quadricMoments.ts: the vertices' 10×10 moment matrix, shared by the cone start and the no-quadric proof. */
  quadricMoments: Float64Array | null;
  /** cylinder.ts: the start cylinderStart returned and its largest vertex residual, so neither refine nor the acceptance test measures it again. */
  cylinderStart: { fit: unknown; residual: number } | null;
}

/**
 * Validates the range, collects the patch's vertices and estimates missing normals.
 * @param scratch build on this scratch's buffers (patchBuffers.ts): the patch is valid only
 *   until the next patch built on it. Without one, the patch owns all its arrays.
 */
export function buildPatch(input: FitInput, scratch?: PatchScratch): Patch {
  const reuse = scratch !== undefined;
  const work = scratch ?? new PatchScratch();
  const { positions, indices, normals } = input;
  const first = input.firstTriangle;
  const count = input.triangleCount;
  if (!Number.isInteger(first) || first < 0 || !Number.isInteger(count) || count < 0) {
    throw new SurfcdError('INVALID_OPTION', `fitSurface: firstTriangle ${first} / triangleCount ${count} must be non-negative integers`);
  }
  if ((first + count) * 3 > indices.length) {
    throw new SurfcdError('INVALID_MESH', `fitSurface: triangles ${first}..${first + count - 1} lie beyond the ${Math.floor(indices.length / 3)} triangles of indices`);
  }
  const vertexCount = Math.floor(positions.length / 3);
  const base = first * 3;
  const end = base + count * 3;
  // typed index arrays hold integers by construction: collect checks their range as it goes
  const typed = indices instanceof Uint32Array || indices instanceof Uint16Array || indices instanceof Int32Array;
  if (count > 0 && !typed) {
    for (let t = base; t < end; t++) {
      const g = indices[t]!;
      if (!Number.isInteger(g) || g < 0 || g >= vertexCount) throw badIndex(t, g, vertexCount);
    }
  }
  const tri = reuse ? work.u32View(count * 3) : new Uint32Array(count * 3);
  // local indices, and the vertices' bounding box → origin and scale
  const globalOf = count > 0 ? collect(indices, base, end, vertexCount, positions, tri, work) : EMPTY;
  const box = work.collectedBox;
  const m = globalOf.length;
  let lx = box[0]!, ly = box[1]!, lz = box[2]!, hx = box[3]!, hy = box[4]!, hz = box[5]!;
  if (m === 0) lx = ly = lz = hx = hy = hz = 0;
  const origin: [number, number, number] = [0.5 * (lx + hx), 0.5 * (ly + hy), 0.5 * (lz + hz)];
  const half = 0.5 * hyp3(hx - lx, hy - ly, hz - lz);
  const scale = half > 0 ? half : 1;
  const p = reuse ? work.f64(0, m * 3) : new Float64Array(m * 3);
  const [ox, oy, oz] = origin;
  // the positions collect read, in local order (the same numbers as positions[global])
  const raw = work.collectedPositions;
  for (let i = 0; i < m * 3; i += 3) {
    p[i] = (raw[i]! - ox) / scale;
    p[i + 1] = (raw[i + 1]! - oy) / scale;
    p[i + 2] = (raw[i + 2]! - oz) / scale;
  }
  // given normals
  const normalsGiven = !!normals && normals.length >= vertexCount * 3;
  // scratch is filled below when normals are given (every entry written), zeroed otherwise
  const n = reuse ? work.f64(1, m * 3) : new Float64Array(m * 3);
  const given = reuse ? work.u8View(m) : new Uint8Array(m);
  if (reuse && !normalsGiven) {
    n.fill(0);
    given.fill(0);
  }
  let needEstimate = !normalsGiven && m > 0;
  if (normalsGiven) {
    const nv = normals!;
    for (let i = 0; i < m; i++) {
      const g = globalOf[i]! * 3;
      const x = nv[g]!, y = nv[g + 1]!, z = nv[g + 2]!;
      const len = hyp3(x, y, z);
      if (Number.isFinite(len) && len > 1e-6) {
        n[i * 3] = x / len;
        n[i * 3 + 1] = y / len;
        n[i * 3 + 2] = z / len;
        given[i] = 1;
      } else {
        n[i * 3] = n[i * 3 + 1] = n[i * 3 + 2] = 0;
        given[i] = 0;
        needEstimate = true;
      }
    }
  }
  // weld groups (by exact position) matter only where normals are estimated
  const { group, groupCount } = needEstimate ? weldGroups(positions, globalOf) : NO_WELD;
  const patch: Patch = { count: m, p, n, given, group, groupCount, tri, sums: null, origin, scale, normalsGiven, memo: { scatterAll: null, scatterGiven: null, pluecker: null, quadric: null, cone: null, quadricMoments: null, cylinderStart: null } };
  // estimated normals need the triangle pass now; otherwise only a cylinder's kind (the
  // centroid) and an orientation without given normals (the winding) read it
  if (needEstimate) patch.sums = sumTriangles(patch, new Float64Array(groupCount * 3));
  return patch;
}

/** Winding, centroid and area of the patch's triangles (computed once per patch). */
export function triangleSums(patch: Patch): TriangleSums {
  return (patch.sums ??= sumTriangles(patch, null));
}

/**
 * True when the triangles have a total area above 1e-24 (local units), as
 * `triangleSums(patch).area > 1e-24`: the partial sums of positive areas only grow, so the
 * scan stops at the first triangles that reach it.
 */
export function hasArea(patch: Patch): boolean {
  if (patch.sums) return patch.sums.area > 1e-24;
  const { p, tri } = patch;
  let area = 0;
  for (let t = 0; t < tri.length; t += 3) {
    const a = tri[t]!, b = tri[t + 1]!, c = tri[t + 2]!;
    const ux = p[b * 3]! - p[a * 3]!, uy = p[b * 3 + 1]! - p[a * 3 + 1]!, uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
    const vx = p[c * 3]! - p[a * 3]!, vy = p[c * 3 + 1]! - p[a * 3 + 1]!, vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = hyp3(nx, ny, nz);
    if (!(len > 1e-30)) continue;
    area += 0.5 * len;
    if (area > 1e-24) return true;
  }
  return false;
}

/**
 * The triangle pass: winding, centroid, area and, with `est` (zeroed, 3 per weld group),
 * the angle-weighted estimated normals of the vertices without a given one.
 */
function sumTriangles(patch: Patch, est: Float64Array | null): TriangleSums {
  const { p, n, given, group, tri } = patch;
  const m = patch.count;
  const count = tri.length / 3;
  // scalar sums (element stores into small arrays were this loop's hot line)
  let wx = 0, wy = 0, wz = 0;
  let cx = 0, cy = 0, cz = 0;
  let area = 0;
  for (let t = 0; t < count; t++) {
    const a = tri[t * 3]!, b = tri[t * 3 + 1]!, c = tri[t * 3 + 2]!;
    const ux = p[b * 3]! - p[a * 3]!, uy = p[b * 3 + 1]! - p[a * 3 + 1]!, uz = p[b * 3 + 2]! - p[a * 3 + 2]!;
    const vx = p[c * 3]! - p[a * 3]!, vy = p[c * 3 + 1]! - p[a * 3 + 1]!, vz = p[c * 3 + 2]! - p[a * 3 + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = hyp3(nx, ny, nz);
    if (!(len > 1e-30)) continue;
    wx += 0.5 * nx;
    wy += 0.5 * ny;
    wz += 0.5 * nz;
    const ar = 0.5 * len;
    area += ar;
    cx += (ar * (p[a * 3]! + p[b * 3]! + p[c * 3]!)) / 3;
    cy += (ar * (p[a * 3 + 1]! + p[b * 3 + 1]! + p[c * 3 + 1]!)) / 3;
    cz += (ar * (p[a * 3 + 2]! + p[b * 3 + 2]! + p[c * 3 + 2]!)) / 3;
    if (!est) continue;
    // slivers (e.g. a fan triangle at a pole whose two pole corners differ by rounding) have
    // a normal made of rounding noise: they must not vote
    const e2 = Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz, (vx - ux) ** 2 + (vy - uy) ** 2 + (vz - uz) ** 2);
    if (len <= 1e-8 * e2) continue;
    for (let j = 0; j < 3; j++) {
      const o = j === 0 ? a : j === 1 ? b : c;
      const q = j === 0 ? b : j === 1 ? c : a;
      const r = j === 0 ? c : j === 1 ? a : b;
      const w = cornerAngle(p, o, q, r) / len;
      const gi = group[o]!;
      est[gi * 3] = est[gi * 3]! + w * nx;
      est[gi * 3 + 1] = est[gi * 3 + 1]! + w * ny;
      est[gi * 3 + 2] = est[gi * 3 + 2]! + w * nz;
    }
  }
  if (area > 0) {
    cx /= area;
    cy /= area;
    cz /= area;
  } else if (m > 0) {
    for (let i = 0; i < m; i++) {
      cx += p[i * 3]! / m;
      cy += p[i * 3 + 1]! / m;
      cz += p[i * 3 + 2]! / m;
    }
  }
  if (est) {
    for (let i = 0; i < m; i++) {
      if (given[i]) continue;
      const gi = group[i]!;
      const x = est[gi * 3]!, y = est[gi * 3 + 1]!, z = est[gi * 3 + 2]!;
      const len = hyp3(x, y, z);
      if (len > 1e-12) {
        n[i * 3] = x / len;
        n[i * 3 + 1] = y / len;
        n[i * 3 + 2] = z / len;
      }
    }
  }
  return { winding: [wx, wy, wz], centroid: [cx, cy, cz], area };
}

const EMPTY = new Uint32Array(0);
const NO_WELD = { group: EMPTY, groupCount: 0 };

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

function mixFloat(h: number, x: number): number {
  f64[0] = x + 0; // −0 → +0
  h = Math.imul(h ^ u32[0]!, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15) ^ u32[1]!, 0x85ebca77);
  return h ^ (h >>> 13);
}

/** Groups the listed vertices by exactly equal position (open-addressing hash, no strings). */
function weldGroups(positions: ArrayLike<number>, globalOf: Uint32Array): { group: Uint32Array; groupCount: number } {
  const m = globalOf.length;
  let size = 16;
  while (size < 2 * m) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  const group = new Uint32Array(m);
  let groupCount = 0;
  for (let i = 0; i < m; i++) {
    const g = globalOf[i]!;
    const x = positions[g * 3]!, y = positions[g * 3 + 1]!, z = positions[g * 3 + 2]!;
    let h = mixFloat(mixFloat(mixFloat(0x1234567, x), y), z) & mask;
    for (;;) {
      const e = table[h]!;
      if (e < 0) {
        table[h] = i;
        group[i] = groupCount++;
        break;
      }
      const ge = globalOf[e]!;
      if (positions[ge * 3] === x && positions[ge * 3 + 1] === y && positions[ge * 3 + 2] === z) {
        group[i] = group[e]!;
        break;
      }
      h = (h + 1) & mask;
    }
  }
  return { group, groupCount };
}

function cornerAngle(p: Float64Array, o: number, q: number, r: number): number {
  const ax = p[q * 3]! - p[o * 3]!, ay = p[q * 3 + 1]! - p[o * 3 + 1]!, az = p[q * 3 + 2]! - p[o * 3 + 2]!;
  const bx = p[r * 3]! - p[o * 3]!, by = p[r * 3 + 1]! - p[o * 3 + 1]!, bz = p[r * 3 + 2]! - p[o * 3 + 2]!;
  const cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
  return Math.atan2(hyp3(cx, cy, cz), ax * bx + ay * by + az * bz);
}
