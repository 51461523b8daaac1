/**
 * Standard thread sizes, for telling a thread drawn at nominal diameter from a plain pin
 * drawn too big when no fastener recognition is at hand: ISO 261 metric coarse pitches and
 * ASME B1.1 UNC sizes (diameter and pitch in mm).
 */
const METRIC_COARSE: readonly [number, number][] = [
  [1, 0.25], [1.2, 0.25], [1.4, 0.3], [1.6, 0.35], [1.8, 0.35], [2, 0.4], [2.5, 0.45], [3, 0.5], [3.5, 0.6], [4, 0.7], [5, 0.8],
  [6, 1], [7, 1], [8, 1.25], [10, 1.5], [12, 1.75], [14, 2], [16, 2], [18, 2.5], [20, 2.5], [22, 2.5], [24, 3], [27, 3], [30, 3.5],
  [33, 3.5], [36, 4], [39, 4], [42, 4.5], [45, 4.5], [48, 5], [52, 5], [56, 5.5], [60, 5.5], [64, 6],
];
const INCH = 25.4;
/** UNC: diameter (inch), threads per inch. */
const UNC: readonly [number, number][] = [
  [0.086, 56], [0.112, 40], [0.125, 40], [0.138, 32], [0.164, 32], [0.19, 24], [0.25, 20], [0.3125, 18], [0.375, 16], [0.4375, 14],
  [0.5, 13], [0.5625, 12], [0.625, 11], [0.75, 10], [0.875, 9], [1, 8],
];

export interface ThreadSize {
  /** "M3", "3/8-16 UNC". */
  name: string;
  nominal: number;
  pitch: number;
}

const SIZES: readonly ThreadSize[] = [
  ...METRIC_COARSE.map(([d, p]) => ({ name: `M${d}`, nominal: d, pitch: p })),
  ...UNC.map(([d, tpi]) => ({ name: `${+d.toFixed(4)}"-${tpi} UNC`, nominal: d * INCH, pitch: INCH / tpi })),
];

/**
 * The standard thread whose nominal diameter is `diameter` (within 1 %, and within the
 * fit's own tolerance), when a hole of `hole` could be its tap-drill or thread-forming hole:
 * smaller than the thread by at most 1.5 pitches. Null for anything else.
 */
export function threadForHole(diameter: number, hole: number, slack: number): ThreadSize | null {
  for (const size of SIZES) {
    if (Math.abs(size.nominal - diameter) > Math.max(0.01 * size.nominal, slack)) continue;
    if (hole < diameter && diameter - hole <= 1.5 * size.pitch + slack) return size;
  }
  return null;
}
