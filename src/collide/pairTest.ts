// The test of one candidate triangle pair, shared by S-CD's two triangle-level walks (the
// per-triangle search in collide.ts and the pair descent under rotated poses): B's triangle
// moved into A's frame once (loadPairB), then per A triangle the exact test (tolerance 0) or
// distance ≤ tolerance, after the cheap plane rejections (issue 14). Module scratch: one
// query at a time, which S-CD already is (it never re-enters itself).
import { trianglesIntersect } from '../math/triangleIntersect.js';
import { BEYOND, DISJOINT, MEET, PREPARED, prepareTriangle, preparedFromSides, RECORD, sidesAgainst } from '../math/trianglePrepared.js';
import { trianglesWithin } from '../math/triangleDistance.js';
import type { Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { loadTransformedTriangle, loadTriangle, partTriangleSeparated, separatedByPlane, trianglePlane } from './triangles.js';
import { surfaceRecords, type TriangleRecords } from './triangleRecords.js';

/** The pair's triangles as last tested: A's in its frame, B's moved into A's (classification reads them). */
export const pairTriA = new Float64Array(9);
export const pairTriB = new Float64Array(9);
const preparedB = new Float64Array(PREPARED);
const planeA = new Float64Array(7);
const planeB = new Float64Array(7);
let ready = false;

/** Moves triangle tb of B into A's frame (pairTriB): the triangle every following pairMeets tests. */
export function loadPairB(b: Part, tb: number, bToA: Rigid): void {
  loadTransformedTriangle(b, tb, bToA, pairTriB);
  ready = false;
}

/** B's triangle prepared for the exact test against triangles of coordinates ≤ magnitudeA (trianglePrepared.ts). */
export function preparedPairB(magnitudeA: number): Float64Array {
  if (!ready) {
    prepareTriangle(pairTriB, magnitudeA, preparedB);
    ready = true;
  }
  return preparedB;
}

/**
 * Whether triangle ta (of A's surface sa) meets the loaded B triangle: exactly when
 * `tolerance` is 0 (the exact test's own predicates with per-triangle data reused; only a
 * triangle it may see as degenerate goes to trianglesIntersect), else within `tolerance`.
 * `records` are A's (triangleRecordsOf), filled per surface on first use. On true, pairTriA
 * holds A's triangle.
 */
export function pairMeets(a: Part, records: TriangleRecords, ta: number, sa: number, tolerance: number, magnitudeA: number): boolean {
  if (tolerance === 0) {
    const qp = preparedPairB(magnitudeA);
    // A's vertices against B's plane, read in place: most pairs end here.
    const sides = sidesAgainst(a.positions, a.indices, ta, pairTriB, qp);
    if (sides === BEYOND) return false;
    const rec = records[sa] ?? surfaceRecords(a, sa, records);
    loadTriangle(a, ta, pairTriA);
    const verdict = preparedFromSides(pairTriA, rec, RECORD * (ta - a.surfaces[sa]!.firstTriangle), pairTriB, qp, sides);
    return verdict === MEET || (verdict !== DISJOINT && trianglesIntersect(pairTriA, pairTriB));
  }
  if (!ready) {
    trianglePlane(pairTriB, planeB);
    ready = true;
  }
  if (partTriangleSeparated(pairTriB, planeB, a, ta, tolerance, magnitudeA)) return false;
  loadTriangle(a, ta, pairTriA);
  // The other way round: A's plane separates where B's does not (A outside B's facets).
  trianglePlane(pairTriA, planeA);
  if (separatedByPlane(pairTriA, planeA, pairTriB, tolerance)) return false;
  return trianglesWithin(pairTriA, pairTriB, tolerance);
}
