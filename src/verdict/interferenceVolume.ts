/**
 * Volume and centroid of the overlap of two posed parts (an interference's size, as
 * SolidWorks, Inventor and Creo report it). Where both meshes are closed once coincident
 * vertices are welded, the overlap is the exact intersection of the two meshes, computed by
 * manifold-3d (given by the caller: a WASM module, started only when volumes are asked
 * for). Otherwise, or when manifold-3d rejects a mesh, it is estimated by sampling the
 * common box on a jittered grid and keeping the points both meshes' winding numbers put
 * inside, with a stated error bound.
 */
import type { Rigid } from '../math/rigid.js';
import { windingNumber } from '../math/pointInSolid.js';
import type { Part } from '../model/types.js';
import { surfaceKindOf } from '../model/surfaceKindOf.js';
import { refineOnKinds } from './refineOnKinds.js';

/** The part of manifold-3d's module surfcd uses (`await Module(); module.setup()`). */
export interface ManifoldModule {
  Mesh: new (options: { numProp: number; vertProperties: Float32Array; triVerts: Uint32Array }) => unknown;
  Manifold: new (mesh: unknown) => ManifoldSolid;
}
export interface ManifoldSolid {
  intersect(other: ManifoldSolid): ManifoldSolid;
  volume(): number;
  getMesh(): { vertProperties: Float32Array; triVerts: Uint32Array; numProp: number };
  delete(): void;
}

export type Vec3 = [number, number, number];

export interface OverlapVolume {
  /** mm³ */
  volume: number;
  /** World frame; null when the overlap is empty. */
  centroid: Vec3 | null;
  /** `exact`: manifold-3d's intersection of the closed meshes; `estimate`: winding-number sampling. */
  volumeMethod: 'exact' | 'estimate';
  /** Estimate only: the volume is within ± this (mm³), three standard deviations of the sampling plus one cell. */
  volumeError?: number;
  /** Why the estimate was used when an exact answer was tried (manifold-3d's message). */
  warning?: string;
}

export interface VolumeOptions {
  /** manifold-3d's set-up module; without it every volume is an estimate. */
  manifold?: ManifoldModule | null;
  /** Sample points of an estimate (default 4096, a 16³ jittered grid). */
  samples?: number;
  /**
   * Times a closed mesh is subdivided onto its fitted surfaces before the exact intersection
   * (default 2: the chordal sag divided by about 16).
   */
  refine?: number;
}

/** A part's triangles in the world frame with coincident vertices welded, less `origin`. */
export interface WeldedMesh {
  positions: Float64Array;
  indices: Uint32Array;
  /** Every edge used by exactly two triangles, once in each direction. */
  closed: boolean;
}

/**
 * Welds the vertices that share exact coordinates (occt writes each face's vertices apart,
 * but a B-rep edge's points are the same numbers in both faces) and checks the result is a
 * closed, consistently wound surface. A closed mesh is then refined `refine` times onto the
 * surfaces' fitted primitives (refineOnKinds.ts). Positions come out in the world frame less `origin`.
 */
export function weldPart(part: Part, rigid: Rigid, origin: Vec3, refine = 0): WeldedMesh {
  const byKey = new Map<string, number>();
  const src = part.positions;
  const remap = new Uint32Array(src.length / 3);
  const local: number[] = [];
  for (let v = 0; v < remap.length; v++) {
    const x = src[3 * v]!, y = src[3 * v + 1]!, z = src[3 * v + 2]!;
    const key = `${x},${y},${z}`;
    let id = byKey.get(key);
    if (id === undefined) {
      id = local.length / 3;
      byKey.set(key, id);
      local.push(x, y, z);
    }
    remap[v] = id;
  }
  let indices: Uint32Array = new Uint32Array(part.indices.length);
  for (let i = 0; i < indices.length; i++) indices[i] = remap[part.indices[i]!]!;
  const closed = isClosed(indices, local.length / 3);
  let points = local;
  if (closed && refine > 0) {
    const refined = refineOnKinds(local, indices, part.triangleSurface, part.surfaces.map((s) => surfaceKindOf(s)), refine);
    points = refined.positions;
    indices = refined.indices;
  }
  const positions = new Float64Array(points.length);
  for (let v = 0; v < points.length; v += 3) {
    const x = points[v]!, y = points[v + 1]!, z = points[v + 2]!;
    positions[v] = rigid[0]! * x + rigid[1]! * y + rigid[2]! * z + rigid[3]! - origin[0];
    positions[v + 1] = rigid[4]! * x + rigid[5]! * y + rigid[6]! * z + rigid[7]! - origin[1];
    positions[v + 2] = rigid[8]! * x + rigid[9]! * y + rigid[10]! * z + rigid[11]! - origin[2];
  }
  return { positions, indices, closed };
}

function isClosed(indices: Uint32Array, vertices: number): boolean {
  if (indices.length === 0) return false;
  const directed = new Map<number, number>();
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const i = indices[t + k]!, j = indices[t + ((k + 1) % 3)]!;
      if (i === j) return false; // a collapsed triangle: manifold-3d would drop it, the solid is not this mesh
      const key = i * vertices + j;
      if (directed.has(key)) return false; // an edge used twice the same way: not consistently wound
      directed.set(key, 1);
    }
  }
  for (const key of directed.keys()) {
    const i = Math.floor(key / vertices), j = key % vertices;
    if (!directed.has(j * vertices + i)) return false;
  }
  return true;
}

/**
 * The overlap of part a (posed by rigidA) and part b (rigidB): exact when both welded meshes
 * are closed and manifold-3d is given and accepts them, else the sampled estimate.
 */
export function overlapVolume(a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, box: Float64Array, options: VolumeOptions = {}): OverlapVolume {
  // Work near the common box: manifold-3d takes float32 coordinates.
  const origin: Vec3 = [0.5 * (box[0]! + box[3]!), 0.5 * (box[1]! + box[4]!), 0.5 * (box[2]! + box[5]!)];
  const ma = weldPart(a, rigidA, origin), mb = weldPart(b, rigidB, origin);
  let warning: string | undefined;
  if (options.manifold && ma.closed && mb.closed) {
    const refine = options.refine ?? 2;
    try {
      const fine = (part: Part, rigid: Rigid, coarse: WeldedMesh): WeldedMesh => (refine > 0 ? weldPart(part, rigid, origin, refine) : coarse);
      return exactOverlap(options.manifold, fine(a, rigidA, ma), fine(b, rigidB, mb), origin);
    } catch (error) {
      warning = `manifold-3d could not intersect ${a.path} and ${b.path} (${error instanceof Error ? error.message : String(error)}); the volume is estimated`;
    }
  }
  return { ...estimateOverlap(ma, mb, box, origin, options.samples ?? 4096), ...(warning ? { warning } : {}) };
}

function exactOverlap(wasm: ManifoldModule, ma: WeldedMesh, mb: WeldedMesh, origin: Vec3): OverlapVolume {
  const made: ManifoldSolid[] = [];
  try {
    const solid = (m: WeldedMesh): ManifoldSolid => {
      const s = new wasm.Manifold(new wasm.Mesh({ numProp: 3, vertProperties: Float32Array.from(m.positions), triVerts: m.indices }));
      made.push(s);
      return s;
    };
    const both = solid(ma).intersect(solid(mb));
    made.push(both);
    const volume = both.volume();
    const mesh = both.getMesh();
    return { volume, centroid: meshCentroid(mesh.vertProperties, mesh.numProp, mesh.triVerts, origin), volumeMethod: 'exact' };
  } finally {
    for (const s of made) s.delete();
  }
}

/** Centroid of a closed mesh's solid: the volume-weighted centroids of the tetrahedra from the origin. */
function meshCentroid(props: Float32Array, stride: number, tri: Uint32Array, origin: Vec3): Vec3 | null {
  let v = 0, cx = 0, cy = 0, cz = 0;
  for (let t = 0; t < tri.length; t += 3) {
    const i = stride * tri[t]!, j = stride * tri[t + 1]!, k = stride * tri[t + 2]!;
    const ax = props[i]!, ay = props[i + 1]!, az = props[i + 2]!;
    const bx = props[j]!, by = props[j + 1]!, bz = props[j + 2]!;
    const qx = props[k]!, qy = props[k + 1]!, qz = props[k + 2]!;
    const d = ax * (by * qz - bz * qy) - ay * (bx * qz - bz * qx) + az * (bx * qy - by * qx);
    v += d;
    cx += d * (ax + bx + qx); cy += d * (ay + by + qy); cz += d * (az + bz + qz);
  }
  if (!(Math.abs(v) > 0)) return null;
  return [origin[0] + cx / (4 * v), origin[1] + cy / (4 * v), origin[2] + cz / (4 * v)];
}

/**
 * Jittered-grid sampling of the common box: a point counts when both meshes' generalized
 * winding numbers exceed ½ (robust to small holes and open edges). The jitter comes from a
 * fixed-seed generator, so identical input gives identical numbers.
 */
function estimateOverlap(ma: WeldedMesh, mb: WeldedMesh, box: Float64Array, origin: Vec3, samples: number): OverlapVolume {
  const n = Math.max(2, Math.round(Math.cbrt(samples)));
  const size = [box[3]! - box[0]!, box[4]! - box[1]!, box[5]! - box[2]!];
  const boxVolume = size[0]! * size[1]! * size[2]!;
  if (!(boxVolume > 0)) return { volume: 0, centroid: null, volumeMethod: 'estimate', volumeError: 0 };
  let state = 0x9e3779b9;
  const random = (): number => {
    // mulberry32: a small, fixed-seed generator (reproducible output, no Math.random).
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let inside = 0, sx = 0, sy = 0, sz = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) {
    const x = box[0]! + ((i + random()) / n) * size[0]! - origin[0];
    const y = box[1]! + ((j + random()) / n) * size[1]! - origin[1];
    const z = box[2]! + ((k + random()) / n) * size[2]! - origin[2];
    if (windingNumber(ma.positions, ma.indices, x, y, z) <= 0.5) continue;
    if (windingNumber(mb.positions, mb.indices, x, y, z) <= 0.5) continue;
    inside++;
    sx += x; sy += y; sz += z;
  }
  const total = n * n * n;
  const p = inside / total;
  const volume = p * boxVolume;
  const volumeError = boxVolume * (3 * Math.sqrt((p * (1 - p)) / total) + 1 / total);
  const centroid: Vec3 | null = inside > 0 ? [origin[0] + sx / inside, origin[1] + sy / inside, origin[2] + sz / inside] : null;
  return { volume, centroid, volumeMethod: 'estimate', volumeError };
}
