/**
 * How far a part's triangles may stray from the exact CAD surfaces, measured on the mesh
 * itself rather than assumed from the tessellation parameters.
 *
 * occt-import-js puts every vertex ON the exact surface; the error lives between the
 * vertices (the chordal sag). It depends on the linear AND the angular deflection
 * (R·(1 − cos(θ/2)) for a circle cut at angle θ), and occt derives the linear one from
 * the whole assembly's size, so the only trustworthy number is the one read off the mesh:
 * - analytic surfaces (plane, cylinder, cone, sphere, torus): the largest distance of an
 *   edge midpoint or triangle centroid to the fitted primitive;
 * - freeform surfaces: the sag of a circular arc through each edge whose end normals turn
 *   by θ, (|e|/2)·tan(θ/4) — the fit residual (distance to the closest primitive that
 *   was tried) says nothing about the tessellation and is NOT used;
 * - planes are flat, but their boundary is the polygon shared with the curved neighbours
 *   (a plate face around a polygonal hole), so a plane carries the largest sag of the
 *   curved surfaces of its part that border it (bounding boxes that touch), from their normals.
 * Coordinates come as float32 from occt, so every vertex also carries a rounding error
 * proportional to its magnitude: `coordinateNoise`.
 */
import { aabbMagnitude } from '../math/aabb.js';
import { distanceToKind } from './kindDistance.js';
import type { SurfaceKind, Vec3 } from './surfaceKind.js';
import { surfaceKindOf } from './surfaceKindOf.js';
import { decodeSurfaceNumbers, derivedOf, encodeSurfaceNumbers, perSurface, type DerivedKind } from './derived.js';
import type { Part, Surface } from './types.js';

/** Float32 unit roundoff: occt-import-js hands positions over as float32. */
export const FLOAT32_ROUNDOFF = 2 ** -24;

/**
 * Largest apparent crossing two float32-rounded surfaces at coordinate magnitude
 * `magnitude` (mm) can show where they really touch: each vertex is off by up to
 * √3·u·M, two surfaces by twice that; 8·u·M leaves room for rounding in the pose
 * and in the crossing test itself.
 */
export function coordinateNoise(magnitude: number): number {
  return 8 * FLOAT32_ROUNDOFF * Math.max(magnitude, 1);
}

/**
 * Each surface's sag, with the fitted kind it was measured against. The cache keeps it only
 * while the surface still has that kind (a kind refitted with another tolerance is another
 * primitive); read back, it goes with the kind the entry restored.
 */
const OWN_SAGS: DerivedKind<({ sag: number; kind: SurfaceKind } | undefined)[]> = {
  name: 'surface-sags',
  // Each sag with its kind written out: read back, it counts only for a surface whose kind is still that one.
  encode: (list, part) => {
    const kept = list.map((v, i) => (v !== undefined && v.kind === part.surfaces[i]!.kind ? v : undefined));
    return { sags: encodeSurfaceNumbers(kept, 1, (v) => [v.sag]), kinds: kept.map((v) => (v ? JSON.stringify(v.kind) : '')) };
  },
  decode: (data, part) => {
    const { sags, kinds } = data as { sags: Float64Array; kinds: string[] };
    if (!Array.isArray(kinds) || kinds.length !== part.surfaces.length) throw new Error('sags do not fit the part');
    return decodeSurfaceNumbers(sags, part, 1, (n) => n[0]!).map((sag, i) => {
      const kind = part.surfaces[i]!.kind;
      if (sag === undefined || sag === null || kind === undefined || JSON.stringify(kind) !== kinds[i]) return undefined;
      if (!(sag >= 0 && Number.isFinite(sag))) throw new Error('not a sag');
      return { sag, kind };
    });
  },
};
/** Each surface's sag from the turn of its normals (no fit), kept by the cache. */
const TURN_SAGS: DerivedKind<(number | undefined)[]> = {
  name: 'surface-turn-sags',
  encode: (list) => encodeSurfaceNumbers(list, 1, (v) => [v]),
  decode: (data, part) =>
    decodeSurfaceNumbers(data, part, 1, (n) => {
      if (!(n[0]! >= 0 && Number.isFinite(n[0]!))) throw new Error('not a sag');
      return n[0]!;
    }).map((v) => v ?? undefined),
};
/** Each surface's effective sag (effectiveSag): cheap from the two above, so not kept. */
const EFFECTIVE_SAGS: DerivedKind<(number | undefined)[]> = { name: 'surface-effective-sags' };

/** Measured chordal sag of a surface's own facets (mm); 0 for planes. Kept with the part. */
export function surfaceSag(surface: Surface): number {
  const sags = perSurface(OWN_SAGS, surface.part);
  const cached = sags[surface.index];
  if (cached !== undefined) return cached.sag;
  const kind = surfaceKindOf(surface);
  let sag = 0;
  if (kind.type === 'freeform') sag = normalTurnSag(surface);
  else if (kind.type !== 'plane') sag = primitiveSag(surface);
  sags[surface.index] = { sag, kind };
  derivedOf(surface.part).touch(OWN_SAGS);
  return sag;
}

/**
 * The sags already measured for a surface: `sag` (surfaceSag) only while the surface still
 * has the kind it was measured against, `turn` (from its normals, no fit) whenever known;
 * undefined when not measured.
 */
export function knownSags(surface: Surface): { sag: number | undefined; turn: number | undefined } {
  const derived = derivedOf(surface.part);
  const own = derived.get(OWN_SAGS, surface.part)?.[surface.index];
  return { sag: own !== undefined && own.kind === surface.kind ? own.sag : undefined, turn: derived.get(TURN_SAGS, surface.part)?.[surface.index] };
}

/**
 * The sag that counts for a surface when it meets another part: its own for curved
 * surfaces, and for a plane the largest sag of the surfaces of its part that border it
 * (its polygonal boundary is theirs; their sag is read off their normals, no fit needed).
 */
export function effectiveSag(surface: Surface): number {
  const effective = perSurface(EFFECTIVE_SAGS, surface.part);
  const cached = effective[surface.index];
  if (cached !== undefined) return cached;
  let sag = surfaceSag(surface);
  if (surface.triangleCount > 0 && surfaceKindOf(surface).type === 'plane') {
    const part = surface.part;
    const pad = 1e-6 * Math.max(1, aabbMagnitude(part.bounds));
    for (const other of part.surfaces) {
      if (other !== surface && other.triangleCount > 0 && boxesTouch(surface.bounds, other.bounds, pad)) sag = Math.max(sag, turnSag(other));
    }
  }
  effective[surface.index] = sag;
  return sag;
}

/** Largest sag over a part's surfaces, from the turn of their normals (its measured deflection; no fit needed). */
export function partSag(part: Part): number {
  let m = 0;
  for (const s of part.surfaces) m = Math.max(m, turnSag(s));
  return m;
}

function turnSag(s: Surface): number {
  const turns = perSurface(TURN_SAGS, s.part);
  let v = turns[s.index];
  if (v === undefined) {
    turns[s.index] = v = normalTurnSag(s);
    derivedOf(s.part).touch(TURN_SAGS);
  }
  return v;
}

function boxesTouch(a: Float64Array, b: Float64Array, pad: number): boolean {
  return a[0]! <= b[3]! + pad && b[0]! <= a[3]! + pad && a[1]! <= b[4]! + pad && b[1]! <= a[4]! + pad && a[2]! <= b[5]! + pad && b[2]! <= a[5]! + pad;
}

/** Largest distance of an edge midpoint or centroid to the fitted primitive. */
function primitiveSag(surface: Surface): number {
  const kind = surfaceKindOf(surface);
  const { positions: p, indices } = surface.part;
  const x: Vec3 = [0, 0, 0];
  let sag = 0;
  for (let t = surface.firstTriangle, end = t + surface.triangleCount; t < end; t++) {
    const a = 3 * indices[3 * t]!, b = 3 * indices[3 * t + 1]!, c = 3 * indices[3 * t + 2]!;
    for (const [i, j] of [[a, b], [b, c], [c, a]] as const) {
      x[0] = (p[i]! + p[j]!) / 2;
      x[1] = (p[i + 1]! + p[j + 1]!) / 2;
      x[2] = (p[i + 2]! + p[j + 2]!) / 2;
      sag = Math.max(sag, distanceToKind(kind, x));
    }
    x[0] = (p[a]! + p[b]! + p[c]!) / 3;
    x[1] = (p[a + 1]! + p[b + 1]! + p[c + 1]!) / 3;
    x[2] = (p[a + 2]! + p[b + 2]! + p[c + 2]!) / 3;
    sag = Math.max(sag, distanceToKind(kind, x));
  }
  return sag;
}

/**
 * Sag of a circular arc through each edge, from the turn of the surface normal between
 * its ends: (|e|/2)·tan(θ/4). Normals are the exact ones occt gives; without them, the
 * area-weighted normals of the surface's own triangles at shared vertices.
 */
function normalTurnSag(surface: Surface): number {
  const part = surface.part;
  const { positions: p, indices } = part;
  const normals = part.normals ?? facetNormals(surface);
  let sag = 0;
  for (let t = surface.firstTriangle, end = t + surface.triangleCount; t < end; t++) {
    for (let k = 0; k < 3; k++) {
      const i = indices[3 * t + k]!, j = indices[3 * t + ((k + 1) % 3)]!;
      const ni = 3 * i, nj = 3 * j;
      const li = Math.hypot(normals[ni]!, normals[ni + 1]!, normals[ni + 2]!);
      const lj = Math.hypot(normals[nj]!, normals[nj + 1]!, normals[nj + 2]!);
      if (!(li > 0 && lj > 0)) continue;
      const cos = (normals[ni]! * normals[nj]! + normals[ni + 1]! * normals[nj + 1]! + normals[ni + 2]! * normals[nj + 2]!) / (li * lj);
      const theta = Math.acos(Math.max(-1, Math.min(1, cos)));
      if (!(theta > 0)) continue;
      // Only the part of the edge along which the normal turns bends: a long edge down a
      // cylinder's side turns as much as the short one around it, but sags as little.
      const dx = normals[nj]! / lj - normals[ni]! / li, dy = normals[nj + 1]! / lj - normals[ni + 1]! / li, dz = normals[nj + 2]! / lj - normals[ni + 2]! / li;
      const dl = Math.hypot(dx, dy, dz);
      const ex = p[3 * j]! - p[3 * i]!, ey = p[3 * j + 1]! - p[3 * i + 1]!, ez = p[3 * j + 2]! - p[3 * i + 2]!;
      const length = dl > 0 ? Math.abs(ex * dx + ey * dy + ez * dz) / dl : Math.hypot(ex, ey, ez);
      sag = Math.max(sag, (length / 2) * Math.tan(Math.min(theta, Math.PI * 0.99) / 4));
    }
  }
  return sag;
}

/** Area-weighted vertex normals from the surface's triangles (vertices it does not use stay 0). */
function facetNormals(surface: Surface): Float64Array {
  const { positions: p, indices } = surface.part;
  const out = new Float64Array(p.length);
  for (let t = surface.firstTriangle, end = t + surface.triangleCount; t < end; t++) {
    const a = 3 * indices[3 * t]!, b = 3 * indices[3 * t + 1]!, c = 3 * indices[3 * t + 2]!;
    const ux = p[b]! - p[a]!, uy = p[b + 1]! - p[a + 1]!, uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!, vy = p[c + 1]! - p[a + 1]!, vz = p[c + 2]! - p[a + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const v of [a, b, c]) {
      out[v] += nx;
      out[v + 1] += ny;
      out[v + 2] += nz;
    }
  }
  return out;
}
