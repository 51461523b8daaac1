/**
 * The fitted primitive of a surface, computed once and cached on `surface.kind`.
 *
 * Defaults are chosen for tessellations from occt-import-js (ARCHITECTURE.md, "Loading"):
 * - its vertices lie ON the exact CAD surface (only the facets between them deviate by
 *   up to the linear deflection), so the distance tolerance can be far below the
 *   deflection: 5 % of `part.deflection`. That is tight enough that a curved face never
 *   passes as a plane (its chordal sag is of the order of the deflection) while float
 *   noise (1e-5 mm on as1) passes easily;
 * - its vertex normals are exact inside a face but, at face-boundary vertices, off by up to
 *   half the facet angle. The angle tolerance is therefore taken from the patch itself:
 *   ¾ of the largest angle between the vertex normals of one triangle (≥ the facet angle
 *   ≥ twice the boundary error), plus 1°, clamped to [3°, 60°].
 *
 * A call with an explicit tolerance that differs from the cached fit's refits.
 */
import { DEFAULT_ANGLE_TOLERANCE, fitSurface } from './fit/fitSurface.js';
import type { SurfaceKind } from './surfaceKind.js';
import { derivedOf, perSurface, type DerivedKind } from './derived.js';
import type { Part, Surface } from './types.js';

/** Fraction of the part's linear deflection used as the default fit tolerance. */
export const FIT_TOLERANCE_OF_DEFLECTION = 0.05;

const MAX_ANGLE_TOLERANCE = (60 * Math.PI) / 180;
const ANGLE_MARGIN = Math.PI / 180;

/** Tolerance (mm) each surface's kind was fitted with here (a kind restored from the cache was fitted with the default). */
const FITTED_WITH: DerivedKind<(number | undefined)[]> = { name: 'kind-fit-tolerances' };

/** Tolerance (mm) the surface's cached kind was fitted with; undefined when none was fitted here (e.g. restored from the cache). */
export function kindFitTolerance(surface: Surface): number | undefined {
  return derivedOf(surface.part).get(FITTED_WITH, surface.part)?.[surface.index];
}

/** Default distance tolerance (mm) for fitting the surfaces of `part`. */
export function defaultFitTolerance(part: Part): number {
  const b = part.bounds;
  const diagonal = b[0]! <= b[3]! ? Math.hypot(b[3]! - b[0]!, b[4]! - b[1]!, b[5]! - b[2]!) : 0;
  // Without a known deflection, assume occt's default: 0.1 % of the part's diagonal.
  const deflection = part.deflection !== undefined && part.deflection > 0 ? part.deflection : 1e-3 * diagonal;
  // Floor: float32-level noise of coordinates of the part's magnitude.
  const magnitude = b[0]! <= b[3]! ? Math.max(Math.abs(b[0]!), Math.abs(b[1]!), Math.abs(b[2]!), Math.abs(b[3]!), Math.abs(b[4]!), Math.abs(b[5]!)) : 0;
  return Math.max(FIT_TOLERANCE_OF_DEFLECTION * deflection, 1e-7 * magnitude, 1e-9);
}

/**
 * Angle tolerance (radians) for the patch: ¾ of the largest spread of vertex normals
 * within one triangle, plus 1°, in [3°, 60°]. Parts without normals get the fit's default.
 */
export function surfaceAngleTolerance(surface: Surface): number {
  const part = surface.part;
  const n = part.normals;
  if (!n) return DEFAULT_ANGLE_TOLERANCE;
  let minCos = 1;
  const idx = part.indices;
  const end = (surface.firstTriangle + surface.triangleCount) * 3;
  for (let t = surface.firstTriangle * 3; t < end; t += 3) {
    for (let k = 0; k < 3; k++) {
      const i = idx[t + k]! * 3, j = idx[t + ((k + 1) % 3)]! * 3;
      const li = Math.hypot(n[i]!, n[i + 1]!, n[i + 2]!), lj = Math.hypot(n[j]!, n[j + 1]!, n[j + 2]!);
      if (!(li > 0 && lj > 0)) continue;
      const c = (n[i]! * n[j]! + n[i + 1]! * n[j + 1]! + n[i + 2]! * n[j + 2]!) / (li * lj);
      if (c < minCos) minCos = c;
    }
  }
  const spread = Math.acos(Math.max(-1, Math.min(1, minCos)));
  return Math.min(MAX_ANGLE_TOLERANCE, Math.max(DEFAULT_ANGLE_TOLERANCE, 0.75 * spread + ANGLE_MARGIN));
}

/**
 * The fitted primitive of `surface`, in its part's frame. Cached on `surface.kind`; the
 * first call fits (plane → cylinder → cone → sphere → torus → freeform).
 * @param tolerance largest vertex distance to the primitive (mm); default
 *   `defaultFitTolerance(surface.part)`.
 */
export function surfaceKindOf(surface: Surface, tolerance?: number): SurfaceKind {
  const cachedTolerance = kindFitTolerance(surface);
  if (surface.kind && (tolerance === undefined || tolerance === cachedTolerance)) return surface.kind;
  const part = surface.part;
  const tol = tolerance ?? defaultFitTolerance(part);
  const kind = fitSurface({
    positions: part.positions,
    normals: part.normals,
    indices: part.indices,
    firstTriangle: surface.firstTriangle,
    triangleCount: surface.triangleCount,
    tolerance: tol,
    angleTolerance: surfaceAngleTolerance(surface),
  });
  surface.kind = kind;
  perSurface(FITTED_WITH, part)[surface.index] = tol;
  derivedOf(part).markChanged(); // the entry keeps default-tolerance kinds
  return kind;
}
