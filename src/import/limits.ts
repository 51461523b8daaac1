/**
 * Limits that keep one bad or hostile input from running for minutes or eating the
 * machine's memory. Each one fails with RESOURCE_LIMIT (or PARSE_FAILED for a file that lies
 * about itself) and says which limit it was and how to raise it. Browser-safe (the
 * capped file reading is in readFile.ts).
 */
import { SurfcdError } from '../errors.js';

/** Default triangle budget for one load (all parts together): ~0.4 GB of typed arrays and indexes. */
export const DEFAULT_MAX_TRIANGLES = 5_000_000;
/** Default read cap: larger files are refused before they are read. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024 * 1024;
/** A linear deflection finer than this fraction of the model's size meshes for minutes or aborts occt. */
export const MIN_LINEAR_DEFLECTION_RATIO = 1e-6;
/** An angular deflection below this (radians, ≈ 0.57°) puts thousands of facets on every circle. */
export const MIN_ANGULAR_DEFLECTION = 0.01;

/** mm per STEP length unit, by SI prefix. */
const SI_PREFIX: Record<string, number> = {
  EXA: 1e21, PETA: 1e18, TERA: 1e15, GIGA: 1e12, MEGA: 1e9, KILO: 1e6, HECTO: 1e5, DECA: 1e4,
  DECI: 100, CENTI: 10, MILLI: 1, MICRO: 1e-3, NANO: 1e-6, PICO: 1e-9, FEMTO: 1e-12, ATTO: 1e-15,
};
const CONVERTED: Record<string, number> = { INCH: 25.4, FOOT: 304.8, YARD: 914.4, MILE: 1609344, MM: 1, CM: 10, M: 1000 };

/**
 * The model's size (box diagonal of its CARTESIAN_POINTs, mm), read from the STEP text
 * before meshing; null when it cannot be told (not STEP, no points, non-finite values).
 * Local part frames are not composed, so this is a scale, not a box: enough to tell a
 * sensible deflection from an absurd one.
 */
export function stepModelSize(text: string): number | null {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  let points = 0;
  for (const m of text.matchAll(/CARTESIAN_POINT\s*\(\s*'(?:[^']|'')*'\s*,\s*\(([^)]*)\)/g)) {
    const xyz = m[1]!.split(',').map(Number);
    if (xyz.length !== 3 || !xyz.every(Number.isFinite)) continue;
    points++;
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, xyz[k]!);
      hi[k] = Math.max(hi[k]!, xyz[k]!);
    }
  }
  if (points === 0) return null;
  let scale = 0;
  for (const m of text.matchAll(/SI_UNIT\s*\(\s*(?:\.([A-Z]+)\.|\$)\s*,\s*\.METRE\.\s*\)/g)) scale = Math.max(scale, m[1] ? (SI_PREFIX[m[1]] ?? 1) : 1000);
  for (const m of text.matchAll(/CONVERSION_BASED_UNIT\s*\(\s*'([A-Za-z]+)'/g)) scale = Math.max(scale, CONVERTED[m[1]!.toUpperCase()] ?? 0);
  const size = Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!) * (scale || 1);
  return Number.isFinite(size) && size > 0 ? size : null;
}

/**
 * Refuses deflections that would mesh for minutes (or abort OpenCascade) before any meshing
 * starts. `flags` maps the option to the CLI flag so the message names what the user typed.
 */
export function checkDeflections(
  options: { linearDeflection?: number; angularDeflection?: number },
  modelSize: number | null,
  label: string,
): void {
  const angular = options.angularDeflection;
  if (angular !== undefined && angular < MIN_ANGULAR_DEFLECTION) {
    throw new SurfcdError(
      'RESOURCE_LIMIT',
      `${label}: angularDeflection (--angular-deflection) ${angular} rad would put over ${Math.round((2 * Math.PI) / angular)} facets on every circle; use at least ${MIN_ANGULAR_DEFLECTION}`,
    );
  }
  const linear = options.linearDeflection;
  if (linear !== undefined && modelSize !== null && linear < modelSize * MIN_LINEAR_DEFLECTION_RATIO) {
    const floor = modelSize * MIN_LINEAR_DEFLECTION_RATIO;
    throw new SurfcdError(
      'RESOURCE_LIMIT',
      `${label}: linearDeflection (--linear-deflection) ${linear} mm is absurdly fine for a model about ${round3(modelSize)} mm across; use at least ${round3(floor)} mm (1e-6 of the model size)`,
    );
  }
}

const round3 = (x: number): string => Number(x.toPrecision(3)).toString();

/** BREP section headers with the count they declare; each entry takes at least a few bytes. */
const BREP_SECTIONS = /^(Locations|Curve2ds|Curves|Polygon3D|PolygonOnTriangulations|Surfaces|Triangulations|TShapes)\s+(\d+)\s*$/gm;

/** A BREP declaring more entries than it has bytes is lying, and occt would loop or allocate on it for minutes. */
export function checkBrepCounts(text: string, label: string): void {
  for (const m of text.matchAll(BREP_SECTIONS)) {
    const count = Number(m[2]);
    if (count > text.length) {
      throw new SurfcdError('PARSE_FAILED', `${label}: BREP section "${m[1]}" declares ${m[2]} entries but the whole file is ${text.length} bytes`);
    }
  }
}

/** Triangle budget, checked as each mesh is turned into a part. */
export function triangleBudget(maxTriangles: number, label: string): (triangles: number, part: string) => void {
  let total = 0;
  return (triangles, part) => {
    total += triangles;
    if (total > maxTriangles) {
      throw new SurfcdError(
        'RESOURCE_LIMIT',
        `${label}: more than ${maxTriangles} triangles (maxTriangles / --max-triangles) by part "${part}"; raise the limit or mesh coarser (--linear-deflection, --angular-deflection)`,
      );
    }
  };
}
