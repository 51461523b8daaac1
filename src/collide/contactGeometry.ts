/**
 * World-space contact geometry for surface pairs, on request (`collide(..., { geometry: true })`):
 * per pair, the segments where triangles cross, the outlines of the pieces where faces lie on
 * each other, the points where triangles only touch (or come within tolerance), and a normal.
 * Enough to draw contact lines (three.js LineSegments / Points) and to push parts apart.
 */
import { closestPoints, coplanarOverlap, COPLANAR, intersectionSegment, NO_CONTACT, triangleNormal } from '../math/triangleContact.js';
import { transformPointInto, type Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { loadTransformedTriangle, loadTriangle } from '../traverse/triangles.js';

export interface ContactGeometry {
  /** Surface index in part A. */
  a: number;
  /** Surface index in part B. */
  b: number;
  /**
   * World-frame segments, 6 numbers each (x0 y0 z0 x1 y1 z1): where triangles of A and B
   * cross, and the edges of the pieces where faces of A and B lie on each other (in A's plane).
   */
  segments: Float64Array;
  /** World-frame points, 3 numbers each: where triangles touch at a point or edge, or come within tolerance (midpoint of the closest points). */
  points: Float64Array;
  /**
   * Unit world-frame normal of surface A where it meets B (area-weighted over A's triangles
   * in contact): B is pushed out along it, A along its opposite. [0, 0, 0] when undefined.
   */
  normal: [number, number, number];
}

const triA = new Float64Array(9), triB = new Float64Array(9), seg = new Float64Array(6), patch = new Float64Array(27), n = new Float64Array(3), world = new Float64Array(6);

/**
 * Geometry for each surface pair (in `pairs` order) from the colliding triangle pairs
 * (part-global indices, a0 b0 a1 b1 …). Triangles are compared in A's frame exactly as the
 * query compared them; results are moved to the world with A's pose.
 */
export function contactGeometry(
  a: Part,
  rigidA: Rigid,
  b: Part,
  bToA: Rigid,
  pairs: readonly { a: number; b: number }[],
  trianglePairs: Uint32Array,
): ContactGeometry[] {
  const slot = new Map<number, number>();
  pairs.forEach((p, i) => slot.set(p.a * b.surfaces.length + p.b, i));
  const segments: number[][] = pairs.map(() => []), points: number[][] = pairs.map(() => []);
  const normals = pairs.map(() => [0, 0, 0]);
  const seenA = pairs.map(() => new Set<number>());
  const emit = (list: number[], data: Float64Array, count: number): void => {
    for (let k = 0; k < count; k++) {
      transformPointInto(rigidA, data, 3 * k, world, 0);
      list.push(world[0]!, world[1]!, world[2]!);
    }
  };
  for (let i = 0; i < trianglePairs.length; i += 2) {
    const ta = trianglePairs[i]!, tb = trianglePairs[i + 1]!;
    const s = slot.get(a.triangleSurface[ta]! * b.surfaces.length + b.triangleSurface[tb]!);
    if (s === undefined) continue;
    loadTriangle(a, ta, triA);
    loadTransformedTriangle(b, tb, bToA, triB);
    const kind = intersectionSegment(triA, triB, seg);
    if (kind === COPLANAR) {
      const count = coplanarOverlap(triA, triB, patch);
      if (count >= 2) {
        for (let k = 0; k < count; k++) {
          const l = (k + 1) % count;
          seg.set(patch.subarray(3 * k, 3 * k + 3), 0);
          seg.set(patch.subarray(3 * l, 3 * l + 3), 3);
          emit(segments[s]!, seg, 2);
        }
      } else pointBetween(points[s]!, emit);
    } else if (kind === NO_CONTACT || (seg[0] === seg[3] && seg[1] === seg[4] && seg[2] === seg[5])) {
      pointBetween(points[s]!, emit);
    } else emit(segments[s]!, seg, 2);
    // A's normal, each triangle once, weighted by its area.
    if (!seenA[s]!.has(ta)) {
      seenA[s]!.add(ta);
      const area = triangleNormal(triA, n);
      for (let k = 0; k < 3; k++) normals[s]![k]! += area * n[k]!;
    }
  }
  return pairs.map((p, i) => ({
    a: p.a,
    b: p.b,
    segments: Float64Array.from(segments[i]!),
    points: Float64Array.from(isolatedPoints(points[i]!, segments[i]!)),
    normal: worldNormal(rigidA, normals[i]!),
  }));
}

/**
 * Touching points that say something: not on a crossing segment or overlap outline of the
 * same pair (triangles that meet at a shared vertex of a crossing line), no duplicates.
 */
function isolatedPoints(points: number[], segments: number[]): number[] {
  if (points.length === 0) return points;
  let scale = 1e-300;
  for (const v of points) scale = Math.max(scale, Math.abs(v));
  for (const v of segments) scale = Math.max(scale, Math.abs(v));
  const eps = 1e-9 * scale;
  const out: number[] = [];
  for (let i = 0; i < points.length; i += 3) {
    const x = points[i]!, y = points[i + 1]!, z = points[i + 2]!;
    let keep = true;
    for (let k = 0; k < out.length && keep; k += 3) keep = Math.hypot(out[k]! - x, out[k + 1]! - y, out[k + 2]! - z) > eps;
    for (let s = 0; s < segments.length && keep; s += 6) keep = pointSegmentDistance(x, y, z, segments, s) > eps;
    if (keep) out.push(x, y, z);
  }
  return out;
}

function pointSegmentDistance(x: number, y: number, z: number, s: number[], o: number): number {
  const ax = s[o]!, ay = s[o + 1]!, az = s[o + 2]!;
  const dx = s[o + 3]! - ax, dy = s[o + 4]! - ay, dz = s[o + 5]! - az;
  const len2 = dx * dx + dy * dy + dz * dz;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy + (z - az) * dz) / len2)) : 0;
  return Math.hypot(ax + t * dx - x, ay + t * dy - y, az + t * dz - z);
}

/** The midpoint of the two triangles' closest points (they touch or lie within tolerance). */
function pointBetween(list: number[], emit: (list: number[], data: Float64Array, count: number) => void): void {
  closestPoints(triA, triB, seg);
  for (let k = 0; k < 3; k++) seg[k] = (seg[k]! + seg[3 + k]!) / 2;
  emit(list, seg, 1);
}

function worldNormal(m: Rigid, v: number[]): [number, number, number] {
  const x = m[0]! * v[0]! + m[1]! * v[1]! + m[2]! * v[2]!;
  const y = m[4]! * v[0]! + m[5]! * v[1]! + m[6]! * v[2]!;
  const z = m[8]! * v[0]! + m[9]! * v[1]! + m[10]! * v[2]!;
  const len = Math.hypot(x, y, z);
  return len > 0 ? [x / len, y / len, z / len] : [0, 0, 0];
}
