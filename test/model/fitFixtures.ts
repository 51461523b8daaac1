/**
 * Tessellations of known surfaces for the fit tests, built the way occt-import-js hands
 * them over: one indexed grid per face (vertices on the exact surface, normals from the
 * exact surface), optionally moved by a rigid motion, optionally without normals or as
 * a triangle soup (every triangle with its own three vertices).
 */

export type V3 = [number, number, number];

export interface Mesh {
  positions: Float64Array;
  normals: Float64Array | null;
  indices: Uint32Array;
  triangleCount: number;
}

/** A surface as position and unit normal of parameters (u, v). */
export interface ParamSurface {
  point(u: number, v: number): V3;
  normal(u: number, v: number): V3;
}

export interface GridOptions {
  u: [number, number];
  v: [number, number];
  nu: number;
  nv: number;
}

/** Indexed grid tessellation of S over [u0,u1]×[v0,v1] with nu × nv quads (2 triangles each). */
export function tessellate(s: ParamSurface, g: GridOptions): Mesh {
  const cols = g.nu + 1, rows = g.nv + 1;
  const positions = new Float64Array(cols * rows * 3);
  const normals = new Float64Array(cols * rows * 3);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const u = g.u[0] + ((g.u[1] - g.u[0]) * i) / g.nu;
      const v = g.v[0] + ((g.v[1] - g.v[0]) * j) / g.nv;
      const k = (j * cols + i) * 3;
      positions.set(s.point(u, v), k);
      normals.set(s.normal(u, v), k);
    }
  }
  const indices = new Uint32Array(g.nu * g.nv * 6);
  let t = 0;
  for (let j = 0; j < g.nv; j++) {
    for (let i = 0; i < g.nu; i++) {
      const a = j * cols + i, b = a + 1, c = a + cols, d = c + 1;
      // counter-clockwise seen from the normal side when (∂u × ∂v) points along the normal
      indices.set([a, b, d, a, d, c], t);
      t += 6;
    }
  }
  return { positions, normals, indices, triangleCount: g.nu * g.nv * 2 };
}

const norm = (v: V3): V3 => {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
};

export const planeSurface = (): ParamSurface => ({
  point: (u, v) => [u, v, 0],
  normal: () => [0, 0, 1],
});

/** Cylinder about +z through the origin; u = angle, v = height. */
export const cylinderSurface = (r: number): ParamSurface => ({
  point: (u, v) => [r * Math.cos(u), r * Math.sin(u), v],
  normal: (u) => [Math.cos(u), Math.sin(u), 0],
});

/** Elliptic cylinder with semi-axes a (x) and b (y); u = angle, v = height. */
export const ellipticCylinderSurface = (a: number, b: number): ParamSurface => ({
  point: (u, v) => [a * Math.cos(u), b * Math.sin(u), v],
  normal: (u) => norm([b * Math.cos(u), a * Math.sin(u), 0]),
});

/** Cone with apex at the origin opening along +z; u = angle, v = distance from the apex along a generator. */
export const coneSurface = (halfAngle: number): ParamSurface => {
  const s = Math.sin(halfAngle), c = Math.cos(halfAngle);
  return {
    point: (u, v) => [v * s * Math.cos(u), v * s * Math.sin(u), v * c],
    normal: (u) => [c * Math.cos(u), c * Math.sin(u), -s],
  };
};

/** Sphere about the origin; u = longitude, v = latitude. */
export const sphereSurface = (r: number): ParamSurface => ({
  point: (u, v) => [r * Math.cos(v) * Math.cos(u), r * Math.cos(v) * Math.sin(u), r * Math.sin(v)],
  normal: (u, v) => [Math.cos(v) * Math.cos(u), Math.cos(v) * Math.sin(u), Math.sin(v)],
});

/** Torus about +z centred at the origin; u = angle around the axis, v = angle around the tube. */
export const torusSurface = (major: number, minor: number): ParamSurface => ({
  point: (u, v) => [(major + minor * Math.cos(v)) * Math.cos(u), (major + minor * Math.cos(v)) * Math.sin(u), minor * Math.sin(v)],
  normal: (u, v) => [Math.cos(v) * Math.cos(u), Math.cos(v) * Math.sin(u), Math.sin(v)],
});

/** Freeform bump z = amp · sin x · cos y. */
export const bumpSurface = (amp: number): ParamSurface => ({
  point: (u, v) => [u, v, amp * Math.sin(u) * Math.cos(v)],
  normal: (u, v) => norm([-amp * Math.cos(u) * Math.cos(v), amp * Math.sin(u) * Math.sin(v), 1]),
});

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Row-major 3×4 rigid motion from a unit quaternion and a translation. */
export function rigidFromQuaternion(q: [number, number, number, number], t: V3): Float64Array {
  const [w, x, y, z] = q;
  return new Float64Array([
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), t[0],
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x), t[1],
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y), t[2],
  ]);
}

/** A random rigid motion: uniform rotation, translation with components in ±maxOffset. */
export function randomRigid(rand: () => number, maxOffset: number): Float64Array {
  // uniform random unit quaternion (Shoemake)
  const u1 = rand(), u2 = rand() * 2 * Math.PI, u3 = rand() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  const q: [number, number, number, number] = [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
  return rigidFromQuaternion(q, [(2 * rand() - 1) * maxOffset, (2 * rand() - 1) * maxOffset, (2 * rand() - 1) * maxOffset]);
}

export const IDENTITY = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);

export function applyPoint(m: ArrayLike<number>, p: V3): V3 {
  return [
    m[0]! * p[0] + m[1]! * p[1] + m[2]! * p[2] + m[3]!,
    m[4]! * p[0] + m[5]! * p[1] + m[6]! * p[2] + m[7]!,
    m[8]! * p[0] + m[9]! * p[1] + m[10]! * p[2] + m[11]!,
  ];
}

export function applyDir(m: ArrayLike<number>, p: V3): V3 {
  return [
    m[0]! * p[0] + m[1]! * p[1] + m[2]! * p[2],
    m[4]! * p[0] + m[5]! * p[1] + m[6]! * p[2],
    m[8]! * p[0] + m[9]! * p[1] + m[10]! * p[2],
  ];
}

export function invertRigid(m: ArrayLike<number>): Float64Array {
  const r = new Float64Array([m[0]!, m[4]!, m[8]!, 0, m[1]!, m[5]!, m[9]!, 0, m[2]!, m[6]!, m[10]!, 0]);
  const t = applyDir(r, [m[3]!, m[7]!, m[11]!]);
  r[3] = -t[0]; r[7] = -t[1]; r[11] = -t[2];
  return r;
}

/** The mesh moved by a rigid motion (positions and normals). */
export function transformMesh(mesh: Mesh, m: ArrayLike<number>): Mesh {
  const positions = new Float64Array(mesh.positions.length);
  const normals = mesh.normals ? new Float64Array(mesh.normals.length) : null;
  for (let i = 0; i < mesh.positions.length; i += 3) {
    positions.set(applyPoint(m, [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!]), i);
    if (normals) normals.set(applyDir(m, [mesh.normals![i]!, mesh.normals![i + 1]!, mesh.normals![i + 2]!]), i);
  }
  return { positions, normals, indices: mesh.indices, triangleCount: mesh.triangleCount };
}

/** Every triangle gets its own three vertices (positions unshared, as in a triangle soup). */
export function unweld(mesh: Mesh): Mesh {
  const n = mesh.indices.length;
  const positions = new Float64Array(n * 3);
  const normals = mesh.normals ? new Float64Array(n * 3) : null;
  const indices = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const v = mesh.indices[k]!;
    positions.set(mesh.positions.subarray(v * 3, v * 3 + 3), k * 3);
    if (normals) normals.set(mesh.normals!.subarray(v * 3, v * 3 + 3), k * 3);
    indices[k] = k;
  }
  return { positions, normals, indices, triangleCount: mesh.triangleCount };
}

/** Reverses the winding of every triangle (a reversed B-rep face). */
export function flipWinding(mesh: Mesh): Mesh {
  const indices = Uint32Array.from(mesh.indices);
  for (let t = 0; t < indices.length; t += 3) {
    const b = indices[t + 1]!;
    indices[t + 1] = indices[t + 2]!;
    indices[t + 2] = b;
  }
  return { ...mesh, indices };
}

/** Concatenates meshes; returns the merged mesh and each input's first triangle. */
export function concatMeshes(meshes: Mesh[]): { mesh: Mesh; firsts: number[] } {
  let vn = 0, tn = 0;
  for (const m of meshes) {
    vn += m.positions.length / 3;
    tn += m.triangleCount;
  }
  const positions = new Float64Array(vn * 3);
  const normals = new Float64Array(vn * 3);
  const indices = new Uint32Array(tn * 3);
  const firsts: number[] = [];
  let vo = 0, to = 0;
  for (const m of meshes) {
    positions.set(m.positions, vo * 3);
    if (m.normals) normals.set(m.normals, vo * 3);
    for (let k = 0; k < m.indices.length; k++) indices[to * 3 + k] = m.indices[k]! + vo;
    firsts.push(to);
    vo += m.positions.length / 3;
    to += m.triangleCount;
  }
  return { mesh: { positions, normals, indices, triangleCount: tn }, firsts };
}

/** fitSurface input for a whole mesh. */
export function fitInput(mesh: Mesh, tolerance: number, opts: { normals?: boolean } = {}) {
  return {
    positions: mesh.positions,
    normals: opts.normals === false ? null : mesh.normals,
    indices: mesh.indices,
    firstTriangle: 0,
    triangleCount: mesh.triangleCount,
    tolerance,
  };
}

/** Angle between two directions (as lines when `asLines`). */
export function angleBetween(a: V3, b: V3, asLines = false): number {
  const la = Math.hypot(...a), lb = Math.hypot(...b);
  const c = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (la * lb);
  const s = Math.hypot(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]) / (la * lb);
  const ang = Math.atan2(s, c);
  return asLines ? Math.min(ang, Math.PI - ang) : ang;
}

/** Distance from point p to the line through q along unit d. */
export function distanceToLine(p: V3, q: V3, d: V3): number {
  const w: V3 = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
  const h = w[0] * d[0] + w[1] * d[1] + w[2] * d[2];
  return Math.hypot(w[0] - h * d[0], w[1] - h * d[1], w[2] - h * d[2]);
}

export const distance = (a: V3, b: V3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
