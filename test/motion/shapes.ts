import { partFromMesh, type Part } from '../../src/index.js';

/** Closed meshes with outward winding (as occt writes them), one surface per face group. */
export interface MeshBuilder {
  positions: number[];
  surfaces: { first: number; last: number }[];
  triangles: number;
}

function builder(): MeshBuilder {
  return { positions: [], surfaces: [], triangles: 0 };
}
function tri(m: MeshBuilder, a: number[], b: number[], c: number[]): void {
  m.positions.push(...a, ...b, ...c);
  m.triangles++;
}
function surface(m: MeshBuilder, add: () => void): void {
  const first = m.triangles;
  add();
  m.surfaces.push({ first, last: m.triangles - 1 });
}
const part = (name: string, m: MeshBuilder): Part => partFromMesh({ name, positions: m.positions, surfaces: m.surfaces });

/** Axis-aligned box, 6 surfaces (−x, +x, −y, +y, −z, +z), outward winding. */
export function box(name: string, min: number[], max: number[]): Part {
  const m = builder();
  const [x0, y0, z0] = min as [number, number, number];
  const [x1, y1, z1] = max as [number, number, number];
  const quad = (a: number[], b: number[], c: number[], d: number[]): void => surface(m, () => { tri(m, a, b, c); tri(m, a, c, d); });
  quad([x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0]); // −x
  quad([x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]); // +x
  quad([x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]); // −y
  quad([x0, y1, z0], [x0, y1, z1], [x1, y1, z1], [x1, y1, z0]); // +y
  quad([x0, y0, z0], [x0, y1, z0], [x1, y1, z0], [x1, y0, z0]); // −z
  quad([x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]); // +z
  return part(name, m);
}

/** n-gon prism along z (a tessellated cylinder): side, bottom, top; vertex 0 at angle 0. */
export function cylinder(name: string, r: number, z0: number, z1: number, n: number, center: number[] = [0, 0]): Part {
  const m = builder();
  const [cx, cy] = center as [number, number];
  const at = (k: number, z: number): number[] => [cx + r * Math.cos((2 * Math.PI * k) / n), cy + r * Math.sin((2 * Math.PI * k) / n), z];
  surface(m, () => { for (let k = 0; k < n; k++) { tri(m, at(k, z0), at(k + 1, z0), at(k + 1, z1)); tri(m, at(k, z0), at(k + 1, z1), at(k, z1)); } });
  surface(m, () => { for (let k = 0; k < n; k++) tri(m, [cx, cy, z0], at(k + 1, z0), at(k, z0)); });
  surface(m, () => { for (let k = 0; k < n; k++) tri(m, [cx, cy, z1], at(k, z1), at(k + 1, z1)); });
  return part(name, m);
}

/** A thick ring: outer n-gon of radius h, an n-gon hole of radius r along z (vertex 0 at angle 0), z ∈ [z0, z1]. */
export function blockWithHole(name: string, h: number, r: number, z0: number, z1: number, n: number): Part {
  const m = builder();
  const at = (k: number, z: number): number[] => [r * Math.cos((2 * Math.PI * k) / n), r * Math.sin((2 * Math.PI * k) / n), z];
  const corner = (k: number, z: number): number[] => [h * Math.cos((2 * Math.PI * k) / n), h * Math.sin((2 * Math.PI * k) / n), z];
  // The hole wall faces the axis (inward normals = out of the ring's material).
  surface(m, () => { for (let k = 0; k < n; k++) { tri(m, at(k, z0), at(k + 1, z1), at(k + 1, z0)); tri(m, at(k, z0), at(k, z1), at(k + 1, z1)); } });
  surface(m, () => { for (let k = 0; k < n; k++) { tri(m, at(k, z1), corner(k, z1), corner(k + 1, z1)); tri(m, at(k, z1), corner(k + 1, z1), at(k + 1, z1)); } });
  surface(m, () => { for (let k = 0; k < n; k++) { tri(m, at(k, z0), corner(k + 1, z0), corner(k, z0)); tri(m, at(k, z0), at(k + 1, z0), corner(k + 1, z0)); } });
  surface(m, () => { for (let k = 0; k < n; k++) { tri(m, corner(k, z0), corner(k + 1, z0), corner(k + 1, z1)); tri(m, corner(k, z0), corner(k + 1, z1), corner(k, z1)); } });
  return part(name, m);
}

/** UV sphere with poles on ±z (the lowest point is the pole vertex). */
export function sphere(name: string, r: number, center: number[], rings = 8, segments = 12): Part {
  const m = builder();
  const [cx, cy, cz] = center as [number, number, number];
  const at = (i: number, j: number): number[] => {
    const phi = (Math.PI * i) / rings, theta = (2 * Math.PI * j) / segments;
    return [cx + r * Math.sin(phi) * Math.cos(theta), cy + r * Math.sin(phi) * Math.sin(theta), cz - r * Math.cos(phi)];
  };
  // Outward: the normal points away from the centre.
  const outward = (a: number[], b: number[], c: number[]): void => {
    const u = b.map((v, x) => v - a[x]!), w = c.map((v, x) => v - a[x]!);
    const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
    const g = [0, 1, 2].map((x) => (a[x]! + b[x]! + c[x]!) / 3 - center[x]!);
    if (n[0]! * g[0]! + n[1]! * g[1]! + n[2]! * g[2]! >= 0) tri(m, a, b, c);
    else tri(m, a, c, b);
  };
  surface(m, () => {
    for (let i = 0; i < rings; i++) {
      for (let j = 0; j < segments; j++) {
        if (i > 0) outward(at(i, j), at(i + 1, j + 1), at(i, j + 1));
        if (i < rings - 1) outward(at(i, j), at(i + 1, j), at(i + 1, j + 1));
      }
    }
  });
  return part(name, m);
}

/** Tetrahedron from 4 points, outward winding fixed automatically. */
export function tetrahedron(name: string, pts: number[][]): Part {
  const m = builder();
  const faces = [[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]];
  const centroid = [0, 1, 2].map((k) => pts.reduce((s, p) => s + p[k]!, 0) / 4);
  surface(m, () => {
    for (const [i, j, k] of faces) {
      const [a, b, c] = [pts[i!]!, pts[j!]!, pts[k!]!];
      const u = b.map((v, x) => v - a[x]!), w = c.map((v, x) => v - a[x]!);
      const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
      const out = n[0]! * (a[0]! - centroid[0]!) + n[1]! * (a[1]! - centroid[1]!) + n[2]! * (a[2]! - centroid[2]!);
      if (out >= 0) tri(m, a, b, c);
      else tri(m, a, c, b);
    }
  });
  return part(name, m);
}

export const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Column-major pose: rotation about a unit axis by angle (rad), then translation. */
export function pose(axis: number[], angle: number, t: number[]): number[] {
  const [x, y, z] = axis as [number, number, number];
  const c = Math.cos(angle), s = Math.sin(angle), k = 1 - c;
  return [
    c + x * x * k, y * x * k + z * s, z * x * k - y * s, 0,
    x * y * k - z * s, c + y * y * k, z * y * k + x * s, 0,
    x * z * k + y * s, y * z * k - x * s, c + z * z * k, 0,
    t[0]!, t[1]!, t[2]!, 1,
  ];
}

/** Applies a column-major pose's rotation to a vector. */
export function rotate(p: number[], v: number[]): number[] {
  return [0, 1, 2].map((r) => p[r]! * v[0]! + p[4 + r]! * v[1]! + p[8 + r]! * v[2]!);
}

/** Signed volume by the divergence theorem: positive when every triangle winds outward. */
export function signedVolume(p: Part): number {
  let v = 0;
  const x = p.positions, ix = p.indices;
  for (let t = 0; t < ix.length; t += 3) {
    const a = 3 * ix[t]!, b = 3 * ix[t + 1]!, c = 3 * ix[t + 2]!;
    v += x[a]! * (x[b + 1]! * x[c + 2]! - x[b + 2]! * x[c + 1]!) - x[a + 1]! * (x[b]! * x[c + 2]! - x[b + 2]! * x[c]!) + x[a + 2]! * (x[b]! * x[c + 1]! - x[b + 1]! * x[c]!);
  }
  return v / 6;
}
