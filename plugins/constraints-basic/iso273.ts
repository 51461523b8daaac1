/**
 * Clearance holes by bolt size: ISO 273 (fine / medium / coarse) for metric sizes, and inch
 * sizes with the same steps (ASME B18.2.8 close / normal / loose "translates the general
 * clearances from the metric standard"; here: the ISO 273 diametral clearances of the metric
 * size nearest in diameter, added to the inch diameter).
 */

export type MetricSeries = 'fine' | 'medium' | 'coarse';
export type InchSeries = 'close' | 'normal' | 'loose';

export interface StandardSize {
  /** `M20`, `1/4"`, `#10`. */
  size: string;
  /** Nominal bolt diameter (mm). */
  diameter: number;
  /** Hole diameters (mm) of the three series, tightest first. */
  holes: [number, number, number];
  series: readonly [string, string, string];
}

const METRIC_SERIES = ['fine', 'medium', 'coarse'] as const;
const INCH_SERIES = ['close', 'normal', 'loose'] as const;

/** ISO 273: nominal diameter → clearance hole diameters fine, medium, coarse (mm). */
const ISO_273: [number, number, number, number][] = [
  [1.6, 1.7, 1.8, 2], [2, 2.2, 2.4, 2.6], [2.5, 2.7, 2.9, 3.1], [3, 3.2, 3.4, 3.6], [3.5, 3.7, 3.9, 4.2],
  [4, 4.3, 4.5, 4.8], [5, 5.3, 5.5, 5.8], [6, 6.4, 6.6, 7], [8, 8.4, 9, 10], [10, 10.5, 11, 12],
  [12, 13, 13.5, 14.5], [14, 15, 15.5, 16.5], [16, 17, 17.5, 18.5], [18, 19, 20, 21], [20, 21, 22, 24],
  [22, 23, 24, 26], [24, 25, 26, 28], [27, 28, 30, 32], [30, 31, 33, 35], [33, 34, 36, 38],
  [36, 37, 39, 42], [39, 40, 42, 45], [42, 43, 45, 48], [45, 46, 48, 52], [48, 50, 52, 56],
  [52, 54, 56, 62], [56, 58, 62, 66], [60, 62, 66, 70], [64, 66, 70, 74],
];

/** Unified inch sizes: label → diameter (inch). */
const INCH: [string, number][] = [
  ['#2', 0.086], ['#4', 0.112], ['#6', 0.138], ['#8', 0.164], ['#10', 0.19], ['1/4"', 0.25], ['5/16"', 0.3125],
  ['3/8"', 0.375], ['7/16"', 0.4375], ['1/2"', 0.5], ['5/8"', 0.625], ['3/4"', 0.75], ['7/8"', 0.875], ['1"', 1],
  ['1-1/8"', 1.125], ['1-1/4"', 1.25], ['1-3/8"', 1.375], ['1-1/2"', 1.5],
];

export const STANDARD_SIZES: readonly StandardSize[] = [
  ...ISO_273.map(([d, f, m, c]): StandardSize => ({ size: `M${d}`, diameter: d, holes: [f, m, c], series: METRIC_SERIES })),
  ...INCH.map(([label, inch]): StandardSize => {
    const d = inch * 25.4;
    const nearest = ISO_273.reduce((best, row) => (Math.abs(row[0] - d) < Math.abs(best[0] - d) ? row : best));
    const steps = [nearest[1] - nearest[0], nearest[2] - nearest[0], nearest[3] - nearest[0]];
    return { size: label, diameter: d, holes: [d + steps[0]!, d + steps[1]!, d + steps[2]!], series: INCH_SERIES };
  }),
];

export interface ClearanceHole {
  /** `M20 medium`, `1/4" normal`. */
  standard: string;
  size: string;
  series: string;
  /** Largest radial gap this size accepts as a clearance hole (the loosest series), mm. */
  limit: number;
}

/**
 * The clearance-hole series a hole of diameter `hole` around a shank of diameter `shank`
 * matches, or null: the shank is a standard bolt diameter (the nearest, within 0.3 % + 2·tol:
 * 5/16" = 7.94 is not M8), and the hole
 * lies between halfway to the tightest series and the loosest one (+ 2·tol). Smaller gaps are
 * running or press fits, not clearance holes. The series reported is the tightest that admits the hole.
 */
export function clearanceHole(shank: number, hole: number, tol: number): ClearanceHole | null {
  if (!(shank > 0) || !(hole > shank)) return null;
  const s = STANDARD_SIZES.reduce((best, x) => (Math.abs(x.diameter - shank) < Math.abs(best.diameter - shank) ? x : best));
  if (Math.abs(shank - s.diameter) > 0.003 * s.diameter + 2 * tol) return null;
  if (hole < (s.diameter + s.holes[0]) / 2 - 2 * tol || hole > s.holes[2] + 2 * tol) return null;
  const i = s.holes.findIndex((h) => hole <= h + 2 * tol);
  return { standard: `${s.size} ${s.series[i]!}`, size: s.size, series: s.series[i]!, limit: (s.holes[2] - shank) / 2 + tol };
}
