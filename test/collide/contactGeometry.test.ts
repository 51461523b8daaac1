import fc from 'fast-check';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { collide, partFromMesh, triangleDistance, trianglesIntersect, type ContactGeometry } from '../../src/index.js';
import { intersectionSegment, SEGMENT } from '../../src/math/triangleContact.js';

const identity = new Matrix4();
/** A rectangle as two triangles, counter-clockwise seen from `up`. */
const quad = (name: string, corners: number[][]) =>
  partFromMesh({ name, positions: corners.flat(), indices: [0, 1, 2, 0, 2, 3] });

/** Merged length of the y-intervals covered by segments (all on one line parallel to y). */
function coveredY(segments: Float64Array): [number, number, number] {
  const spans: [number, number][] = [];
  for (let i = 0; i < segments.length; i += 6) spans.push([Math.min(segments[i + 1]!, segments[i + 4]!), Math.max(segments[i + 1]!, segments[i + 4]!)]);
  spans.sort((p, q) => p[0] - q[0]);
  let total = 0, end = -Infinity;
  for (const [lo, hi] of spans) {
    if (hi > end) total += hi - Math.max(lo, end);
    end = Math.max(end, hi);
  }
  return [total, spans[0]![0], end];
}

const points = (g: Float64Array, stride: number): number[][] => Array.from({ length: g.length / stride }, (_, i) => Array.from(g.subarray(i * stride, i * stride + stride)));

describe('contact geometry (collide with geometry: true)', () => {
  const floor = quad('floor', [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]);
  const wall = quad('wall', [[0.5, 0.25, -1], [0.5, 0.75, -1], [0.5, 0.75, 1], [0.5, 0.25, 1]]);

  it('a wall through a floor: the segments cover exactly the crossing line, the normal is the floor normal', () => {
    const r = collide(floor, identity, wall, identity, { geometry: true });
    expect(r.contactGeometry!.map((g) => [g.a, g.b])).toEqual(r.surfacePairs.map((p) => [p.a, p.b]));
    const g = r.contactGeometry![0]!;
    for (let i = 0; i < g.segments.length; i += 3) {
      expect(g.segments[i]).toBeCloseTo(0.5, 12);
      expect(g.segments[i + 2]).toBeCloseTo(0, 12);
    }
    const [length, lo, hi] = coveredY(g.segments);
    expect(length).toBeCloseTo(0.5, 12);
    expect([lo, hi]).toEqual([0.25, 0.75]);
    expect(g.normal).toEqual([0, 0, 1]);
    expect(g.points.length).toBe(0);
  });

  it('moves with the poses: the same scene under any rigid motion gives the moved geometry', () => {
    const base = collide(floor, identity, wall, identity, { geometry: true }).contactGeometry![0]!;
    const unit = fc.double({ min: -1, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.tuple(unit, unit, unit, fc.double({ min: 0.1, max: 1, noNaN: true })), fc.tuple(unit, unit, unit), ([x, y, z, w], [tx, ty, tz]) => {
        const m = new Matrix4().compose(new Vector3(tx * 100, ty * 100, tz * 100), new Quaternion(x, y, z, w).normalize(), new Vector3(1, 1, 1));
        const moved = collide(floor, m, wall, m, { geometry: true }).contactGeometry![0]!;
        const expected = points(base.segments, 3).map(([px, py, pz]) => new Vector3(px, py, pz).applyMatrix4(m).toArray());
        const got = points(moved.segments, 3);
        // Same segments (up to order and rounding): each moved endpoint is near an expected one.
        for (const p of got) expect(Math.min(...expected.map((e) => Math.hypot(e[0]! - p[0]!, e[1]! - p[1]!, e[2]! - p[2]!)))).toBeLessThan(1e-9);
        const n = new Vector3(0, 0, 1).transformDirection(m);
        moved.normal.forEach((v, i) => expect(v).toBeCloseTo(n.getComponent(i), 9));
      }),
      { numRuns: 50 },
    );
  });

  it('a face lying on a face: outlines of the overlap, corners included, in the plane', () => {
    // Upside down (normal -z), on the floor, overlapping [0.5,1]×[0.5,1].
    const lid = quad('lid', [[0.5, 0.5, 0], [0.5, 1.5, 0], [1.5, 1.5, 0], [1.5, 0.5, 0]]);
    const g = collide(floor, identity, lid, identity, { geometry: true }).contactGeometry![0]!;
    const ends = points(g.segments, 3);
    for (const [x, y, z] of ends) {
      expect(x).toBeGreaterThanOrEqual(0.5 - 1e-12);
      expect(x).toBeLessThanOrEqual(1 + 1e-12);
      expect(y).toBeGreaterThanOrEqual(0.5 - 1e-12);
      expect(y).toBeLessThanOrEqual(1 + 1e-12);
      expect(z).toBe(0);
    }
    for (const corner of [[0.5, 0.5], [1, 0.5], [1, 1], [0.5, 1]]) {
      expect(ends.some(([x, y]) => Math.hypot(x! - corner[0]!, y! - corner[1]!) < 1e-12)).toBe(true);
    }
    expect(g.normal).toEqual([0, 0, 1]);
  });

  it('a tip touching a face is a point; a gap within tolerance is a point between the two', () => {
    const tip = partFromMesh({ name: 'tip', positions: [0.5, 0.5, 0, 0.7, 0.5, 1, 0.5, 0.7, 1], indices: [0, 1, 2] });
    const touching = collide(floor, identity, tip, identity, { geometry: true }).contactGeometry!;
    expect(touching).toHaveLength(1);
    expect(points(touching[0]!.points, 3)).toEqual([[0.5, 0.5, 0]]);
    const lifted = new Matrix4().makeTranslation(0, 0, 0.01);
    const near = collide(floor, identity, tip, lifted, { geometry: true, tolerance: 0.02 }).contactGeometry![0]!;
    expect(near.segments.length).toBe(0);
    const [[x, y, z]] = points(near.points, 3) as [number[]];
    expect([x, y]).toEqual([0.5, 0.5]);
    expect(z).toBeCloseTo(0.005, 12);
    expect(collide(floor, identity, tip, new Matrix4().makeTranslation(0, 0, 1), { geometry: true }).contactGeometry).toEqual([]);
  });

  it('first-surface gives the geometry of the one pair it reports', () => {
    const r = collide(floor, identity, wall, identity, { mode: 'first-surface', geometry: true });
    expect(r.contactGeometry!.map((g: ContactGeometry) => [g.a, g.b])).toEqual(r.surfacePairs.map((p) => [p.a, p.b]));
    expect(r.contactGeometry![0]!.segments.length).toBeGreaterThan(0);
  });
});

describe('intersectionSegment (property: endpoints lie on both triangles and on the boundary of one)', () => {
  // Binary fractions on a grid: exact touching, shared vertices and edges come up often.
  const coord = fc.oneof(fc.integer({ min: -640, max: 640 }).map((v) => v / 64), fc.double({ min: -10, max: 10, noNaN: true }));
  const tri = fc.array(coord, { minLength: 9, maxLength: 9 }).map((a) => Float64Array.from(a));
  const point = (x: Float64Array, o: number) => Float64Array.of(x[o]!, x[o + 1]!, x[o + 2]!, x[o]!, x[o + 1]!, x[o + 2]!, x[o]!, x[o + 1]!, x[o + 2]!);
  const edges = (t: Float64Array) => [0, 1, 2].map((i) => { const j = (i + 1) % 3; return Float64Array.of(...t.subarray(3 * i, 3 * i + 3), ...t.subarray(3 * j, 3 * j + 3), ...t.subarray(3 * j, 3 * j + 3)); });

  /** 2·area / (longest edge)²: slivers have no well-defined plane, and their chords are only as good as it. */
  const shape = (t: Float64Array): number => {
    const e = [0, 1, 2].map((i) => { const j = (i + 1) % 3; return Math.hypot(t[3 * j]! - t[3 * i]!, t[3 * j + 1]! - t[3 * i + 1]!, t[3 * j + 2]! - t[3 * i + 2]!); });
    const [ux, uy, uz, vx, vy, vz] = [t[3]! - t[0]!, t[4]! - t[1]!, t[5]! - t[2]!, t[6]! - t[0]!, t[7]! - t[1]!, t[8]! - t[2]!];
    return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / Math.max(...e) ** 2;
  };

  const normal = (t: Float64Array): number[] => {
    const [ux, uy, uz, vx, vy, vz] = [t[3]! - t[0]!, t[4]! - t[1]!, t[5]! - t[2]!, t[6]! - t[0]!, t[7]! - t[1]!, t[8]! - t[2]!];
    const n = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    const l = Math.hypot(...n);
    return n.map((v) => v / l);
  };
  /** The chords are as accurate as the planes' common line: nearly parallel planes amplify rounding. */
  const sinAngle = (p: Float64Array, q: Float64Array): number => {
    const [a, b] = [normal(p), normal(q)];
    return Math.hypot(a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!);
  };

  it('holds for random crossing triangle pairs (well-shaped, planes not nearly parallel)', () => {
    fc.assert(
      fc.property(tri, tri, (p, q) => {
        fc.pre(shape(p) > 0.05 && shape(q) > 0.05 && sinAngle(p, q) > 0.02);
        const scale = Math.max(1, ...p.map(Math.abs), ...q.map(Math.abs));
        const out = new Float64Array(6);
        const kind = intersectionSegment(p, q, out);
        if (kind !== SEGMENT) return;
        // Within the rounding band it may report touching triangles that the exact test calls apart by 1e-15.
        expect(trianglesIntersect(p, q) || triangleDistance(p, q) < 1e-11 * scale).toBe(true);
        for (const o of [0, 3]) {
          const e = point(out, o);
          expect(triangleDistance(e, p)).toBeLessThan(1e-9 * scale);
          expect(triangleDistance(e, q)).toBeLessThan(1e-9 * scale);
          const boundary = Math.min(...[...edges(p), ...edges(q)].map((edge) => triangleDistance(e, edge)));
          expect(boundary).toBeLessThan(1e-9 * scale);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
