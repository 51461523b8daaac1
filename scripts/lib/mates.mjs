// Ground-truth mate lists ("surfcd/mates@1") built from the same numbers as the geometry.
//
// Conventions (all world frame, mm):
//  - against:   params {normal, point}: the shared plane; `normal` is unit and points
//               out of partA's material (into partB); `point` lies in the contact patch.
//  - coaxial:   params {point, axis, radiusA, radiusB, clearance}: partA holds the hole
//               (radiusA), partB the shaft (radiusB); clearance = radiusA - radiusB
//               (radial). The sign of `axis` is not significant.
//  - spherical: params {center, radius, radiusA, radiusB, clearance}.
//  - conical:   params {apex, axis, halfAngle (radians), halfAngleDeg, radiusMin, radiusMax};
//               `axis` points from the apex into the cone's opening; radiusMin/radiusMax
//               bound the band (distance from the axis) where the two faces coincide.
//  - tangent:   params {normal, point, axisPoint, axis, radius}: partA's plane
//               (normal out of partA, point on the contact line) touches partB's
//               cylinder (axisPoint + axis, radius) along a line.
//  - threaded:  partA holds the thread (nut, tapped hole), partB is the bolt, screw or stud;
//               params {point (mid-engagement, on the axis), axis (from the fastener's head
//               toward its tip), nominal, pitch, engagement (axial overlap), drawn ('nominal':
//               the bore equals the thread; 'minor': the bore is at minor dia. / tap drill and
//               the parts overlap by construction)}.
//  - insert:    a coaxial mate plus an against mate of the same pair whose plane is
//               perpendicular to the axis; params {point (axis ∩ plane), axis (= the
//               against normal), radiusA, radiusB, clearance}; `derivedFrom` lists the
//               indices of the two primitive mates in `mates`.
import { applyDir, applyPoint, dot, cross, norm, normalize, sub, scale, add } from './vec3.mjs';

export const SCHEMA = 'surfcd/mates@1';

const isDir = (k) => ['normal', 'axis'].includes(k);
const isPoint = (k) => ['point', 'center', 'apex', 'axisPoint'].includes(k);

export class Mates {
  constructor() {
    this.list = [];
  }

  #push(m) {
    for (const k of Object.keys(m.params)) {
      if (isDir(k)) m.params[k] = normalize(m.params[k]);
    }
    this.list.push(m);
    return this.list.length - 1;
  }

  /** A bolt/screw/stud (partB) in a nut or tapped hole (partA); a thread drawn at minor diameter overlaps on purpose. */
  threaded(partA, partB, { point, axis, nominal, pitch, engagement, drawn, bore }, note) {
    if (drawn !== 'nominal' && drawn !== 'minor') throw new Error(`threaded ${partA}/${partB}: drawn is ${drawn}`);
    if (drawn === 'minor') this.allowOverlap(partA, partB);
    return this.#push({ kind: 'threaded', partA, partB, params: { point, axis, nominal, pitch, engagement, drawn, bore }, note });
  }

  /** Parts that overlap in volume by construction (a thread at minor diameter, a press fit, a spring drawn compressed). */
  allowOverlap(a, b) {
    (this.declaredOverlaps ??= new Set()).add(pairKey(a, b));
  }

  mayOverlap(a, b) {
    return this.declaredOverlaps?.has(pairKey(a, b)) ?? false;
  }

  against(partA, partB, normal, point, note) {
    return this.#push({ kind: 'against', partA, partB, params: { normal, point }, note });
  }

  coaxial(partA, partB, point, axis, radiusA, radiusB, note) {
    if (radiusB > radiusA + 1e-12) throw new Error(`coaxial ${partA}/${partB}: shaft larger than hole`);
    return this.#push({
      kind: 'coaxial', partA, partB,
      params: { point, axis, radiusA, radiusB, clearance: radiusA - radiusB }, note,
    });
  }

  spherical(partA, partB, center, radius, note) {
    return this.#push({
      kind: 'spherical', partA, partB,
      params: { center, radius, radiusA: radius, radiusB: radius, clearance: 0 }, note,
    });
  }

  conical(partA, partB, apex, axis, halfAngleDeg, radiusMin, radiusMax, note) {
    return this.#push({
      kind: 'conical', partA, partB,
      params: { apex, axis, halfAngle: (halfAngleDeg * Math.PI) / 180, halfAngleDeg, radiusMin, radiusMax },
      note,
    });
  }

  tangent(partA, partB, normal, point, axisPoint, axis, radius, note) {
    const n = normalize(normal);
    const d = normalize(axis);
    if (Math.abs(dot(n, d)) > 1e-12) throw new Error('tangent: axis not parallel to plane');
    const v = sub(axisPoint, point);
    const dist = dot(v, n);
    if (Math.abs(dist - radius) > 1e-9) throw new Error(`tangent ${partA}/${partB}: axis at ${dist}, radius ${radius}`);
    return this.#push({ kind: 'tangent', partA, partB, params: { normal, point, axisPoint, axis, radius }, note });
  }

  /** Derive an insert from a coaxial mate and an against mate of the same pair. */
  insert(iCoaxial, iAgainst, note) {
    const c = this.list[iCoaxial];
    const a = this.list[iAgainst];
    if (c.kind !== 'coaxial' || a.kind !== 'against') throw new Error('insert needs a coaxial and an against mate');
    if (c.partA !== a.partA || c.partB !== a.partB) throw new Error('insert: mates of different pairs');
    const n = a.params.normal;
    const d = c.params.axis;
    if (norm(cross(n, d)) > 1e-12) throw new Error('insert: plane not perpendicular to the axis');
    // axis ∩ plane
    const s = dot(sub(a.params.point, c.params.point), n) / dot(d, n);
    const point = add(c.params.point, scale(d, s));
    const { radiusA, radiusB, clearance } = c.params;
    const m = this.#push({
      kind: 'insert', partA: c.partA, partB: c.partB,
      params: { point, axis: n, radiusA, radiusB, clearance }, note,
    });
    this.list[m].derivedFrom = [iCoaxial, iAgainst];
    return m;
  }

  /** The same mates moved by a rigid transform {R, t}. */
  transformed(T) {
    const out = new Mates();
    out.list = this.list.map((m) => {
      const params = {};
      for (const [k, v] of Object.entries(m.params)) {
        params[k] = isDir(k) ? applyDir(T, v) : isPoint(k) ? applyPoint(T, v) : v;
      }
      return { ...m, params };
    });
    return out;
  }

  /** Unordered part pairs whose surfaces touch by construction. */
  touchingPairs() {
    const pairs = new Set();
    for (const m of this.list) {
      if (m.kind === 'coaxial' && m.params.clearance > 0) continue;
      if (m.kind === 'insert' && m.params.clearance > 0) continue;
      pairs.add(pairKey(m.partA, m.partB));
    }
    return pairs;
  }
}

export const pairKey = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Round every number to 1e-10 (and -0 to 0) so the JSON text is stable. */
export function tidy(value) {
  if (typeof value === 'number') {
    const r = Math.round(value * 1e10) / 1e10;
    return Object.is(r, -0) ? 0 : r;
  }
  if (Array.isArray(value)) return value.map(tidy);
  if (value && typeof value === 'object') {
    const o = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) o[k] = tidy(v);
    return o;
  }
  return value;
}

/** The mates document for one sample. */
export function matesDocument({ sample, file, parts, transform, mates, removal }) {
  const doc = {
    schema: SCHEMA,
    units: 'mm',
    sample,
    file,
    parts: parts.map(({ name, color }) => ({ name, color })),
  };
  if (transform) doc.transform = transform;
  // removal ground truth (disassembly fixtures): base part, precedence pairs, free/blocked directions
  if (removal) doc.removal = removal;
  doc.mates = mates.list.map(({ kind, partA, partB, params, derivedFrom, note }) => ({
    kind, partA, partB, params, derivedFrom, note,
  }));
  const text = JSON.stringify(tidy(doc), null, 2);
  // keep short numeric arrays (points, vectors, matrices) on one line
  return text.replace(/\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g, (_, inner) => `[${inner.split(/,\s*/).join(', ')}]`) + '\n';
}
