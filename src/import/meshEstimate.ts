/**
 * How long OpenCascade's one meshing call will take, estimated before it starts: the call
 * reports nothing while it runs, so an ETA can only come from what the file holds. The
 * work is counted as the STEP text's CARTESIAN_POINTs (B-rep vertices and B-spline control
 * points), at a rate in ms per point. Browser-safe; the rate a Node cache has measured on
 * this machine replaces the default (meshRate.ts).
 *
 * The estimate is rough: measured rates range from about 0.5 ms per point (a 144-part
 * Fusion 360 export of prisms and cylinders) to several ms (a helical spring, one B-spline
 * sweep meshed finely), so it is shown as "about", with its basis.
 */

/** ms per CARTESIAN_POINT: the median of the import-timing files (see docs/import.md). */
export const DEFAULT_MS_PER_POINT = 1;

/** The work occt's meshing is estimated from. */
export interface MeshWork {
  /** CARTESIAN_POINT entities in the STEP text. */
  points: number;
}

export function stepMeshWork(text: string): MeshWork {
  let points = 0;
  for (let at = text.indexOf('CARTESIAN_POINT'); at >= 0; at = text.indexOf('CARTESIAN_POINT', at + 15)) points++;
  return { points };
}

/** The mesh phase's expected wall time (ms) for this work at `msPerPoint`. */
export function estimateMeshMs(work: MeshWork, msPerPoint: number = DEFAULT_MS_PER_POINT): number {
  return Math.round(work.points * msPerPoint);
}
