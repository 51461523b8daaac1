/**
 * The one default tolerance of every command and API that judges touching (mm): surfaces
 * closer than this touch. 0.01 mm is below any fit's clearance (ISO 286 fits start at a few
 * micrometres of *interference*, clearance holes at 0.1 mm) and far above the noise of a
 * tessellation's coordinates, so it turns "4.6e-14 mm apart" into touching without turning
 * a clearance fit into contact.
 */
export const DEFAULT_TOLERANCE = 0.01;

/**
 * The smallest gap that still counts as touching, for coordinates of this magnitude (mm):
 * two faces that the CAD kernel meant to coincide come out of tessellation and placement a
 * few ulps apart (4.6e-14 mm on a real gearbox), and at tolerance 0 they must still touch.
 * 1e-12 of the magnitude is a few thousand ulps of float64, far below any real gap.
 */
export function touchingFloor(magnitude: number): number {
  return 1e-12 * Math.max(1, magnitude);
}
