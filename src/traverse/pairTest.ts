// The test of one candidate triangle pair, shared by S-CD's two triangle-level walks (the
// per-triangle search in collide.ts and the pair descent under rotated poses): B's triangle
// moved into A's frame once (loadB), then per A triangle the exact test (tolerance 0) or
// distance ≤ tolerance, after the cheap plane rejections. One instance per query, in the
// query's scratch (queryScratch.ts): the moved triangle is the query's, not the module's.
import { trianglesIntersect } from '../math/triangleIntersect.js';
import { BEYOND, DISJOINT, MEET, PREPARED, prepareTriangle, preparedFromSides, RECORD, sidesAgainst } from '../math/trianglePrepared.js';
import { trianglesWithin } from '../math/triangleDistance.js';
import type { Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { loadTransformedTriangle, loadTriangle, partTriangleSeparated, separatedByPlane, trianglePlane } from './triangles.js';
import { surfaceRecords, type TriangleRecords } from './triangleRecords.js';

/** One query's candidate-pair test: B's triangle moved into A's frame, then tested against A's triangles one by one. */
export class TrianglePairTest {
  /** A's triangle of the last pair that met, in A's frame (classification reads it). */
  readonly triA = new Float64Array(9);
  /** B's loaded triangle, moved into A's frame. */
  readonly triB = new Float64Array(9);
  private readonly preparedB = new Float64Array(PREPARED);
  private readonly planeA = new Float64Array(7);
  private readonly planeB = new Float64Array(7);
  /** Whether preparedB / planeB belong to the loaded triangle. */
  private ready = false;

  /** Moves triangle tb of B into A's frame (triB): the triangle every following `meets` tests. */
  loadB(b: Part, tb: number, bToA: Rigid): void {
    loadTransformedTriangle(b, tb, bToA, this.triB);
    this.ready = false;
  }

  /** B's triangle prepared for the exact test against triangles of coordinates ≤ magnitudeA (trianglePrepared.ts). */
  prepared(magnitudeA: number): Float64Array {
    if (!this.ready) {
      prepareTriangle(this.triB, magnitudeA, this.preparedB);
      this.ready = true;
    }
    return this.preparedB;
  }

  /**
   * Whether triangle ta (of A's surface sa) meets the loaded B triangle: exactly when
   * `tolerance` is 0 (the exact test's own predicates with per-triangle data reused; only a
   * triangle it may see as degenerate goes to trianglesIntersect), else within `tolerance`.
   * `records` are A's (triangleRecordsOf), filled per surface on first use. On true, triA
   * holds A's triangle.
   */
  meets(a: Part, records: TriangleRecords, ta: number, sa: number, tolerance: number, magnitudeA: number): boolean {
    const triA = this.triA, triB = this.triB;
    if (tolerance === 0) {
      const qp = this.prepared(magnitudeA);
      // A's vertices against B's plane, read in place: most pairs end here.
      const sides = sidesAgainst(a.positions, a.indices, ta, triB, qp);
      if (sides === BEYOND) return false;
      const rec = records[sa] ?? surfaceRecords(a, sa, records);
      loadTriangle(a, ta, triA);
      const verdict = preparedFromSides(triA, rec, RECORD * (ta - a.surfaces[sa]!.firstTriangle), triB, qp, sides);
      return verdict === MEET || (verdict !== DISJOINT && trianglesIntersect(triA, triB));
    }
    if (!this.ready) {
      trianglePlane(triB, this.planeB);
      this.ready = true;
    }
    if (partTriangleSeparated(triB, this.planeB, a, ta, tolerance, magnitudeA)) return false;
    loadTriangle(a, ta, triA);
    // The other way round: A's plane separates where B's does not (A outside B's facets).
    trianglePlane(triA, this.planeA);
    if (separatedByPlane(triA, this.planeA, triB, tolerance)) return false;
    return trianglesWithin(triA, triB, tolerance);
  }
}
