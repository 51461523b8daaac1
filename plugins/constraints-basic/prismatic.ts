/**
 * Prismatic bores: a shaft whose flats sit on the flats of a bore around one axis — a
 * regular polygon (square, hex, octagon), or a round shaft with one flat (`flat`, a D or key
 * flat) or two opposite flats (`double-d`) — is one `coaxial` with a `profile` that also
 * locks the rotation, instead of n `against`s. Runs on the whole part pair (`matchPair`) and
 * claims the faces it uses.
 */
import type { ConstraintRule, PairCandidate, SurfacePairView, SurfaceView } from '../../src/plugin.js';
import { coaxialCandidate } from './coaxial.js';
import { add, canonical, cross, dot, mm, n, norm, overlap, perpendiculars, round, roundV, scale, sub, unit, v3, vec, type Vec3 } from './geometry.js';

const POLYGONS: Record<number, string> = { 4: 'square', 6: 'hex', 8: 'octagon' };

/** A flat of the shaft on a flat of the bore: opposite normals, gap in [−tol, clearance]. */
interface Flat {
  shaft: SurfaceView;
  bore: SurfaceView;
  /** Outward normal of the shaft face and its offset (normal·x = offset). */
  normal: Vec3;
  offset: number;
  /** The bore face's plane along the same normal. */
  boreOffset: number;
  tol: number;
}

function flatsOf(pairs: readonly SurfacePairView[], shaftSide: 'A' | 'B', ctx: { tolerance: number; clearance: number; angleTolerance: number }): Flat[] {
  const out: Flat[] = [];
  for (const p of pairs) {
    const [shaft, bore] = shaftSide === 'A' ? [p.a, p.b] : [p.b, p.a];
    if (shaft.kind.type !== 'plane' || bore.kind.type !== 'plane') continue;
    const s = shaft.kind, b = bore.kind;
    if (dot(s.normal, b.normal) > -Math.cos(ctx.angleTolerance)) continue;
    const tol = ctx.tolerance + s.residual + b.residual;
    const gap = -(s.offset + b.offset); // from the shaft face out to the bore face
    if (gap < -tol || gap > Math.max(ctx.clearance, tol)) continue;
    out.push({ shaft, bore, normal: s.normal, offset: s.offset, boreOffset: -b.offset, tol });
  }
  return out;
}

/** Distinct directions among unit vectors (within `angle`), in first-seen order. */
function distinct(normals: Vec3[], angle: number): Vec3[] {
  const out: Vec3[] = [];
  for (const v of normals) if (!out.some((u) => dot(u, v) >= Math.cos(angle))) out.push(v);
  return out;
}

/** Solves the 3×3 system m·x = r (Cramer); null when singular. */
function solve3(m: number[][], r: number[]): number[] | null {
  const det = (a: number[][]): number => a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) - a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) + a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-12) return null;
  return [0, 1, 2].map((k) => det(m.map((row, i) => row.map((v, j) => (j === k ? r[i]! : v)))) / d);
}

/** The common axis of a regular polygon of flats: centre c (in the plane ⊥ d) and apothem h with n·c + h = offset. */
function polygonFit(flats: Flat[], d: Vec3): { center: Vec3; apothem: number; boreApothem: number; spread: number } | null {
  const [u, w] = perpendiculars(d);
  // unknowns: cu, cw, h; rows: (n·u) cu + (n·w) cw + h = offset
  const ata = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  const atb = [0, 0, 0];
  for (const f of flats) {
    const row = [dot(f.normal, u), dot(f.normal, w), 1];
    for (let i = 0; i < 3; i++) {
      atb[i]! += row[i]! * f.offset;
      for (let j = 0; j < 3; j++) ata[i]![j]! += row[i]! * row[j]!;
    }
  }
  const x = solve3(ata, atb);
  if (!x) return null;
  const center = add(scale(u, x[0]!), scale(w, x[1]!));
  const apothem = x[2]!;
  let spread = 0, bore = 0;
  for (const f of flats) {
    spread = Math.max(spread, Math.abs(dot(f.normal, center) + apothem - f.offset) - f.tol);
    bore += f.boreOffset - dot(f.normal, center);
  }
  const boreApothem = bore / flats.length;
  for (const f of flats) spread = Math.max(spread, Math.abs(f.boreOffset - dot(f.normal, center) - boreApothem) - f.tol);
  return { center, apothem, boreApothem, spread };
}

/** Angles of the directions around d are 2π/k apart. */
function regular(directions: Vec3[], d: Vec3, angle: number): boolean {
  const [u, w] = perpendiculars(d);
  const k = directions.length;
  const a = directions.map((v) => Math.atan2(dot(v, w), dot(v, u))).sort((x, y) => x - y);
  for (let i = 0; i < k; i++) {
    const step = i + 1 < k ? a[i + 1]! - a[i]! : a[0]! + 2 * Math.PI - a[i]!;
    if (Math.abs(step - (2 * Math.PI) / k) > 2 * angle) return false;
  }
  return true;
}

function axialExtent(views: SurfaceView[], axis: Vec3): [number, number] {
  let lo = -Infinity, hi = Infinity;
  // the overlap of the shaft faces' and the bore faces' extents
  for (const v of views) [lo, hi] = overlap([lo, hi], v.range(axis));
  return [lo, hi];
}

/** The regular polygon of flats around some axis (the flats whose normals are perpendicular to it), or null. */
function polygonCandidate(all: Flat[], shaftSide: 'A' | 'B', ctx: { angleTolerance: number; tolerance: number }): PairCandidate | null {
  const normals = distinct(all.map((f) => f.normal), ctx.angleTolerance);
  const axes: Vec3[] = [];
  for (let i = 0; i < normals.length; i++) {
    for (let j = i + 1; j < normals.length; j++) {
      const x = cross(normals[i]!, normals[j]!);
      if (norm(x) < 0.1) continue;
      const d = canonical(unit(x));
      if (!axes.some((e) => Math.abs(dot(e, d)) >= Math.cos(ctx.angleTolerance))) axes.push(d);
    }
  }
  for (const d of axes) {
    const flats = all.filter((f) => Math.abs(dot(f.normal, d)) <= Math.sin(ctx.angleTolerance));
    const found = polygonAbout(flats, d, shaftSide, ctx);
    if (found) return found;
  }
  return null;
}

function polygonAbout(flats: Flat[], d: Vec3, shaftSide: 'A' | 'B', ctx: { angleTolerance: number; tolerance: number }): PairCandidate | null {
  const directions = distinct(flats.map((f) => f.normal), ctx.angleTolerance);
  if (!(directions.length in POLYGONS)) return null;
  if (!regular(directions, d, ctx.angleTolerance)) return null;
  const fit = polygonFit(flats, d);
  if (!fit || fit.spread > 0 || !(fit.apothem > 0)) return null;
  const tol = Math.max(...flats.map((f) => f.tol));
  // the faces are the polygon's sides, not spline flanks far out on planes through the same lines
  const corner = fit.apothem / Math.cos(Math.PI / directions.length) + tol;
  if (flats.some((f) => norm(cross(sub(f.shaft.centroid, fit.center), d)) > corner)) return null;
  const clearance = fit.boreApothem - fit.apothem;
  if (clearance < -tol) return null;
  const [lo, hi] = axialExtent([...new Set(flats.map((f) => f.shaft))], d);
  const [blo, bhi] = axialExtent([...new Set(flats.map((f) => f.bore))], d);
  const [l, h] = overlap([lo, hi], [blo, bhi]);
  if (!(h - l > tol)) return null;
  const point = add(fit.center, scale(d, (l + h) / 2));
  const hole = shaftSide === 'A' ? 'B' : 'A';
  const c = Math.max(0, clearance);
  const [radiusA, radiusB] = hole === 'A' ? [fit.boreApothem, fit.apothem] : [fit.apothem, fit.boreApothem];
  return {
    kind: 'coaxial',
    params: {
      point: roundV(point), axis: roundV(d), radiusA: round(radiusA), radiusB: round(radiusB), clearance: round(c), fit: c <= tol, hole,
      length: round(h - l), profile: POLYGONS[directions.length]!, sides: directions.length,
    },
    residual: round(Math.max(0, fit.spread + tol) + (clearance < 0 ? -clearance : 0)),
    surfacesA: [...new Set(flats.map((f) => (shaftSide === 'A' ? f.shaft : f.bore).index))].sort((x, y) => x - y),
    surfacesB: [...new Set(flats.map((f) => (shaftSide === 'A' ? f.bore : f.shaft).index))].sort((x, y) => x - y),
  };
}

/** A round shaft in a round bore (a coaxial pair of cylinders) with one or two flats parallel to the axis, inside the circle. */
function flattedCandidate(pairs: readonly SurfacePairView[], flats: Flat[], shaftSide: 'A' | 'B', ctx: Parameters<NonNullable<ConstraintRule['matchPair']>>[1]): PairCandidate | null {
  const hole = shaftSide === 'A' ? 'B' : 'A';
  const rounds = pairs.map((p) => ({ p, c: coaxialCandidate(p.a, p.b, ctx.tolerance, ctx.clearance, ctx.angleTolerance) })).filter((x) => x.c && x.c.params['hole'] === hole);
  if (rounds.length === 0) return null;
  const first = rounds[0]!.c!;
  const axis = v3(first.params['axis']), point = v3(first.params['point']);
  const shaftR = n(first.params[hole === 'A' ? 'radiusB' : 'radiusA']);
  const same = rounds.filter((x) => Math.abs(dot(v3(x.c!.params['axis']), axis)) >= Math.cos(ctx.angleTolerance) && norm(cross(add(v3(x.c!.params['point']), scale(point, -1)), axis)) <= ctx.tolerance + (x.c!.residual ?? 0) + (first.residual ?? 0));
  const onAxis = flats.filter((f) => Math.abs(dot(f.normal, axis)) <= Math.sin(ctx.angleTolerance) && f.offset - dot(f.normal, point) < shaftR - f.tol && f.offset - dot(f.normal, point) > 0);
  const directions = distinct(onAxis.map((f) => f.normal), ctx.angleTolerance);
  let profile: string | null = null;
  if (directions.length === 1) profile = 'flat';
  else if (directions.length === 2 && dot(directions[0]!, directions[1]!) <= -Math.cos(ctx.angleTolerance)) profile = 'double-d';
  if (!profile) return null;
  const surfaces = (side: 'A' | 'B'): number[] => {
    const s = new Set<number>();
    for (const x of same) s.add((side === 'A' ? x.p.a : x.p.b).index);
    for (const f of onAxis) s.add((side === shaftSide ? f.shaft : f.bore).index);
    return [...s].sort((x, y) => x - y);
  };
  return {
    kind: 'coaxial',
    params: {
      ...first.params,
      profile,
      flats: onAxis.map((f) => round(f.offset - dot(f.normal, point))).filter((v, i, a) => a.findIndex((w) => Math.abs(w - v) <= ctx.tolerance) === i),
    },
    residual: Math.max(...same.map((x) => x.c!.residual ?? 0)),
    surfacesA: surfaces('A'),
    surfacesB: surfaces('B'),
  };
}

/** A coaxial that also locks the rotation: only the slide along the axis is left. */
export const lockedCoaxialFreedom: NonNullable<ConstraintRule['freedom']> = (c, ctx) => {
  const axis = v3(c.params['axis']), point = v3(c.params['point']);
  const [u, w] = perpendiculars(axis);
  return [ctx.wrench.force(u, point), ctx.wrench.force(w, point), ctx.wrench.moment(u), ctx.wrench.moment(w), ctx.wrench.moment(axis)];
};

export const prismatic: ConstraintRule = {
  name: 'prismatic',
  kinds: ['coaxial'],
  matchPair({ pairs }, ctx) {
    const out: PairCandidate[] = [];
    for (const side of ['A', 'B'] as const) {
      const flats = flatsOf(pairs, side, ctx);
      if (flats.length === 0) continue;
      const c = flats.length >= 4 ? polygonCandidate(flats, side, ctx) : null;
      const d = c ?? flattedCandidate(pairs, flats, side, ctx);
      if (d) out.push(d);
    }
    return out;
  },
  freedom: lockedCoaxialFreedom,
  describe(c) {
    const p = c.params;
    const fit = p['fit'] ? 'fit' : `clearance ${mm(n(p['clearance']))}`;
    const size = p['sides'] ? `${mm(2 * n(p['radiusA']))}/${mm(2 * n(p['radiusB']))} AF` : `Ø${mm(2 * n(p['radiusA']))}/Ø${mm(2 * n(p['radiusB']))}`;
    return `${String(p['profile'])} ${size}  ${fit}  locks rotation  axis ${vec(v3(p['axis']))} through ${vec(v3(p['point']))}`;
  },
};
