/**
 * ISO 286-1 interference fits: how much a shaft may be larger than its hole when the
 * designer meant a press fit. The standard's formulas (micrometres, D the geometric mean
 * of the diameter step, mm) give the tolerance grades IT_n and the shaft fundamental
 * deviations p … zc; the heaviest interference a standard fit allows is the zc shaft's
 * lower deviation plus its IT6 band, on an H hole whose lower deviation is 0.
 */

/** Diameter steps of ISO 286-1 Table 1 (upper bounds, mm), the interference-fit rows. */
const STEPS = [3, 6, 10, 14, 18, 24, 30, 40, 50, 65, 80, 100, 120, 140, 160, 180, 200, 225, 250, 280, 315, 355, 400, 450, 500];

/** Geometric mean of the step holding `d` (mm); the first step is 1 … 3. */
function stepMean(d: number): number {
  let lower = 1;
  for (const upper of STEPS) {
    if (d <= upper) return Math.sqrt(lower * upper);
    lower = upper;
  }
  return Math.sqrt(450 * 500);
}

/** Standard tolerance unit i (µm) for D ≤ 500 mm. */
const toleranceUnit = (D: number): number => 0.45 * Math.cbrt(D) + 0.001 * D;

/** IT grade width (µm); grades 5 … 11 as multiples of i. */
export function itGrade(grade: 5 | 6 | 7 | 8 | 9 | 10 | 11, diameter: number): number {
  const factor = { 5: 7, 6: 10, 7: 16, 8: 25, 9: 40, 10: 64, 11: 100 }[grade];
  return factor * toleranceUnit(stepMean(diameter));
}

/** Lower deviation ei of the heaviest interference shaft, zc (µm): IT10 + 5 D. */
function zcDeviation(diameter: number): number {
  return itGrade(10, diameter) + 5 * stepMean(diameter);
}

/**
 * The diametral interference (mm) ISO 286 interference fits span at this nominal
 * diameter: from just above zero (a light p-shaft fit can reach 0) up to the zc6 shaft's
 * largest size in an H hole. Beyond 500 mm the standard stops; the last step is used.
 */
export function interferenceFitRange(diameter: number): { min: number; max: number } {
  const d = Math.min(Math.max(diameter, 1), 500);
  return { min: 0, max: (zcDeviation(d) + itGrade(6, d)) / 1000 };
}
