/**
 * The one default tolerance of every command and API that judges touching (mm): surfaces
 * closer than this touch. 0.01 mm is below any fit's clearance (ISO 286 fits start at a few
 * micrometres of *interference*, clearance holes at 0.1 mm) and far above the noise of a
 * tessellation's coordinates, so it turns "4.6e-14 mm apart" into touching without turning
 * a clearance fit into contact.
 */
export const DEFAULT_TOLERANCE = 0.01;
