/**
 * Closed, outward-wound solids by construction, for the verdict tests: boxes (faces
 * optionally subdivided), polygonal cylinders (shafts), washers (plates with a hole),
 * a U-shaped slot, and a block with a bumpy (freeform) top. Every builder returns a
 * MeshInput with one surface per CAD face, vertices exactly on the exact surface, like
 * occt's output; `place` scales, moves and optionally float32-rounds it.
 */
import type { MeshInput } from '../../src/index.js';

type V = [number, number, number];

class Builder {
  positions: number[] = [];
  normals: number[] = [];
  indices: number[] = [];
  surfaces: { first: number; last: number }[] = [];
  private faceStart = 0;
  vertex(v: V, n: V = [0, 0, 0]): number {
    this.positions.push(v[0], v[1], v[2]);
    this.normals.push(n[0], n[1], n[2]);
    return this.positions.length / 3 - 1;
  }
  tri(a: number, b: number, c: number): void {
    this.indices.push(a, b, c);
  }
  endFace(): void {
    const n = this.indices.length / 3;
    this.surfaces.push({ first: this.faceStart, last: n - 1 });
    this.faceStart = n;
  }
  /** A planar quad face p00 → p10 → p11 → p01 (counter-clockwise seen from outside), n×n cells. */
  quad(p00: V, p10: V, p11: V, p01: V, n = 1): void {
    const at = (u: number, v: number): V => [0, 1, 2].map((k) => (1 - u) * (1 - v) * p00[k]! + u * (1 - v) * p10[k]! + u * v * p11[k]! + (1 - u) * v * p01[k]!) as V;
    const id: number[][] = [];
    for (let i = 0; i <= n; i++) {
      id.push([]);
      for (let j = 0; j <= n; j++) id[i]!.push(this.vertex(at(i / n, j / n)));
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        this.tri(id[i]![j]!, id[i + 1]![j]!, id[i + 1]![j + 1]!);
        this.tri(id[i]![j]!, id[i + 1]![j + 1]!, id[i]![j + 1]!);
      }
    }
    this.endFace();
  }
  /** With `normals`: the exact vertex normals given to vertex() (as occt gives them). */
  mesh(name: string, normals = false): MeshInput {
    return { name, positions: this.positions, indices: this.indices, surfaces: this.surfaces, ...(normals ? { normals: this.normals } : {}) };
  }
}

/** Axis-aligned box [lo, hi], six faces, each face n×n cells. */
export function box(name: string, lo: V, hi: V, n = 1): MeshInput {
  const b = new Builder();
  const [x0, y0, z0] = lo, [x1, y1, z1] = hi;
  b.quad([x0, y0, z0], [x0, y1, z0], [x1, y1, z0], [x1, y0, z0], n); // z−
  b.quad([x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1], n); // z+
  b.quad([x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1], n); // y−
  b.quad([x0, y1, z0], [x0, y1, z1], [x1, y1, z1], [x1, y1, z0], n); // y+
  b.quad([x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0], n); // x−
  b.quad([x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1], n); // x+
  return b.mesh(name);
}

/** Ring of `segments` points of radius r at height z, starting at angle `phase`. */
function ring(r: number, z: number, segments: number, phase: number): V[] {
  return Array.from({ length: segments }, (_, i) => {
    const a = phase + (2 * Math.PI * i) / segments;
    return [r * Math.cos(a), r * Math.sin(a), z] as V;
  });
}

/** Solid cylinder (a shaft) on the z axis, z ∈ [z0, z1]: side, bottom cap, top cap. */
export function shaft(name: string, r: number, z0: number, z1: number, segments: number, phase = 0): MeshInput {
  const b = new Builder();
  const lo = ring(r, z0, segments, phase).map((v) => b.vertex(v));
  const hi = ring(r, z1, segments, phase).map((v) => b.vertex(v));
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    b.tri(lo[i]!, lo[j]!, hi[j]!);
    b.tri(lo[i]!, hi[j]!, hi[i]!);
  }
  b.endFace();
  for (const [z, up] of [[z0, false], [z1, true]] as const) {
    const c = b.vertex([0, 0, z]);
    const rim = ring(r, z, segments, phase).map((v) => b.vertex(v));
    for (let i = 0; i < segments; i++) {
      const j = (i + 1) % segments;
      if (up) b.tri(c, rim[i]!, rim[j]!);
      else b.tri(c, rim[j]!, rim[i]!);
    }
    b.endFace();
  }
  return b.mesh(name);
}

/** Plate with a hole: annulus rInner..rOuter on the z axis, z ∈ [z0, z1]. */
export function washer(name: string, rInner: number, rOuter: number, z0: number, z1: number, segments: number, phase = 0): MeshInput {
  const b = new Builder();
  const ring4 = (r: number, z: number): number[] => ring(r, z, segments, phase).map((v) => b.vertex(v));
  const strip = (p: number[], q: number[]): void => {
    for (let i = 0; i < segments; i++) {
      const j = (i + 1) % segments;
      b.tri(p[i]!, p[j]!, q[j]!);
      b.tri(p[i]!, q[j]!, q[i]!);
    }
    b.endFace();
  };
  strip(ring4(rOuter, z0), ring4(rOuter, z1)); // outer side, facing out
  strip(ring4(rInner, z1), ring4(rInner, z0)); // hole, facing the axis
  strip(ring4(rInner, z0), ring4(rOuter, z0)); // bottom, facing −z
  strip(ring4(rOuter, z1), ring4(rInner, z1)); // top, facing +z
  return b.mesh(name);
}

/** U-shaped block (a slot 10 wide, x ∈ [10, 20], y ≥ 5) extruded over z ∈ [0, 10]. */
export function slot(name: string): MeshInput {
  const outline: [number, number][] = [[0, 0], [30, 0], [30, 20], [20, 20], [20, 5], [10, 5], [10, 20], [0, 20]];
  const caps = [[0, 1, 4], [1, 2, 4], [2, 3, 4], [0, 4, 5], [0, 5, 7], [5, 6, 7]];
  const b = new Builder();
  for (let i = 0; i < outline.length; i++) {
    const [x0, y0] = outline[i]!, [x1, y1] = outline[(i + 1) % outline.length]!;
    b.quad([x0, y0, 0], [x1, y1, 0], [x1, y1, 10], [x0, y0, 10]);
  }
  for (const [z, up] of [[0, false], [10, true]] as const) {
    const ids = outline.map(([x, y]) => b.vertex([x, y, z]));
    for (const [p, q, r] of caps) up ? b.tri(ids[p]!, ids[q]!, ids[r]!) : b.tri(ids[p]!, ids[r]!, ids[q]!);
    b.endFace();
  }
  return b.mesh(name);
}

/**
 * Block [0, 40]² × [0, h(x, y)] whose top is the bumpy surface
 * h = 10 + 2·sin(πx/20)·sin(πy/20) (freeform; peak 12 at (10, 10)), n×n cells. Every
 * coordinate comes from one grid function, so shared edges match exactly (closed mesh).
 */
export function bumpyBlock(name: string, n = 40, exactNormals = false): MeshInput {
  const b = new Builder();
  const g = (i: number): number => (40 * i) / n;
  const h = (i: number, j: number): number => 10 + 2 * Math.sin((Math.PI * g(i)) / 20) * Math.sin((Math.PI * g(j)) / 20);
  const k = Math.PI / 20;
  const topNormal = (i: number, j: number): V => {
    const hx = 2 * k * Math.cos(k * g(i)) * Math.sin(k * g(j)), hy = 2 * k * Math.sin(k * g(i)) * Math.cos(k * g(j));
    const l = Math.hypot(hx, hy, 1);
    return [-hx / l, -hy / l, 1 / l];
  };
  const grid = (z: (i: number, j: number) => number, up: boolean): void => {
    const ids = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: n + 1 }, (_, j) => b.vertex([g(i), g(j), z(i, j)], up ? topNormal(i, j) : [0, 0, -1])));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const [p, q, r, s] = [ids[i]![j]!, ids[i + 1]![j]!, ids[i + 1]![j + 1]!, ids[i]![j + 1]!];
        if (up) {
          b.tri(p, q, r);
          b.tri(p, r, s);
        } else {
          b.tri(p, r, q);
          b.tri(p, s, r);
        }
      }
    }
    b.endFace();
  };
  grid(h, true);
  grid(() => 0, false);
  // Four walls following the bumpy rim, counter-clockwise seen from above.
  const wall = (ij: (k: number) => [number, number], out: V): void => {
    const pts = Array.from({ length: n + 1 }, (_, k) => ij(k));
    const bottom = pts.map(([i, j]) => b.vertex([g(i), g(j), 0], out));
    const top = pts.map(([i, j]) => b.vertex([g(i), g(j), h(i, j)], out));
    for (let k = 0; k < n; k++) {
      b.tri(bottom[k]!, bottom[k + 1]!, top[k + 1]!);
      b.tri(bottom[k]!, top[k + 1]!, top[k]!);
    }
    b.endFace();
  };
  wall((k) => [k, 0], [0, -1, 0]);
  wall((k) => [n, k], [1, 0, 0]);
  wall((k) => [n - k, n], [0, 1, 0]);
  wall((k) => [0, n - k], [-1, 0, 0]);
  return b.mesh(name, exactNormals);
}

/**
 * Scales, turns (about z by `turn[0]`, then about x by `turn[1]`, radians), moves, then
 * (optionally) rounds to float32 like occt's output. Turned faces are no longer axis-
 * aligned, so rounding moves coplanar faces off each other's plane.
 */
export function place(mesh: MeshInput, options: { scale?: number; turn?: [number, number]; offset?: V; float32?: boolean; name?: string } = {}): MeshInput {
  const s = options.scale ?? 1, o = options.offset ?? [0, 0, 0];
  const [a, b] = options.turn ?? [0, 0];
  const p = mesh.positions as ArrayLike<number>;
  const positions: number[] = [];
  for (let i = 0; i < p.length; i += 3) {
    const x = p[i]! * s, y = p[i + 1]! * s, z = p[i + 2]! * s;
    const x1 = Math.cos(a) * x - Math.sin(a) * y, y1 = Math.sin(a) * x + Math.cos(a) * y;
    const y2 = Math.cos(b) * y1 - Math.sin(b) * z, z2 = Math.sin(b) * y1 + Math.cos(b) * z;
    for (const [k, v] of [x1 + o[0], y2 + o[1], z2 + o[2]].entries()) positions[i + k] = options.float32 ? Math.fround(v) : v;
  }
  return { ...mesh, name: options.name ?? mesh.name, positions };
}
