/**
 * Screw thread sizes: ISO 261 metric coarse and fine (M1..M64, with ISO 262's selection for
 * bolts, screws and nuts) and ASME B1.1 unified inch (UNC / UNF, #0..1-1/2"). A measured
 * diameter or a designation in a part name becomes a `FastenerSize`; a diameter no table
 * holds becomes `standard: null, pitch: null`, never the pitch of a neighbouring size.
 *
 * Basic profile (ISO 68-1, the same for unified threads): internal minor diameter
 * D1 = D − 1.082532·P, external minor diameter d3 = d − 1.226869·P. The tap drill is the
 * usual D − P (about 77 % thread engagement).
 */

export type ThreadStandard = 'ISO 261' | 'ISO 262' | 'ASME B1.1';

export interface FastenerSize {
  /** Nominal (major) diameter, mm. */
  nominal: number;
  /** Thread pitch, mm; null when no table holds the size. */
  pitch: number | null;
  standard: ThreadStandard | null;
  /** `M10`, `M10x1.25`, `#10-32 UNF`, `1/4-20 UNC`; null when no table holds the size. */
  designation: string | null;
}

/** ISO 261: nominal diameter, coarse pitch, fine pitches. */
const ISO_261: readonly [number, number, readonly number[]][] = [
  [1, 0.25, [0.2]], [1.1, 0.25, [0.2]], [1.2, 0.25, [0.2]], [1.4, 0.3, [0.2]], [1.6, 0.35, [0.2]], [1.8, 0.35, [0.2]],
  [2, 0.4, [0.25]], [2.2, 0.45, [0.25]], [2.5, 0.45, [0.35]], [3, 0.5, [0.35]], [3.5, 0.6, [0.35]], [4, 0.7, [0.5]],
  [4.5, 0.75, [0.5]], [5, 0.8, [0.5]], [6, 1, [0.75]], [7, 1, [0.75]], [8, 1.25, [1, 0.75]], [9, 1.25, [1, 0.75]],
  [10, 1.5, [1.25, 1, 0.75]], [11, 1.5, [1, 0.75]], [12, 1.75, [1.5, 1.25, 1]], [14, 2, [1.5, 1.25, 1]], [16, 2, [1.5, 1]],
  [18, 2.5, [2, 1.5, 1]], [20, 2.5, [2, 1.5, 1]], [22, 2.5, [2, 1.5, 1]], [24, 3, [2, 1.5, 1]], [27, 3, [2, 1.5, 1]],
  [30, 3.5, [3, 2, 1.5, 1]], [33, 3.5, [3, 2, 1.5]], [36, 4, [3, 2, 1.5]], [39, 4, [3, 2, 1.5]], [42, 4.5, [4, 3, 2, 1.5]],
  [45, 4.5, [4, 3, 2, 1.5]], [48, 5, [4, 3, 2, 1.5]], [52, 5, [4, 3, 2, 1.5]], [56, 5.5, [4, 3, 2, 1.5]],
  [60, 5.5, [4, 3, 2, 1.5]], [64, 6, [4, 3, 2, 1.5]],
];

/** ISO 262: the sizes and pitches selected for bolts, screws and nuts (coarse pitch always included). */
const ISO_262: readonly [number, readonly number[]][] = [
  [1, []], [1.2, []], [1.4, []], [1.6, []], [2, []], [2.5, []], [3, []], [3.5, []], [4, []], [5, []], [6, []],
  [8, [1]], [10, [1.25, 1]], [12, [1.5, 1.25]], [14, [1.5]], [16, [1.5]], [18, [2, 1.5]], [20, [2, 1.5]], [22, [2, 1.5]],
  [24, [2]], [27, [2]], [30, [2]], [33, [2]], [36, [3]], [39, [3]], [42, [3]], [45, [3]], [48, [3]], [52, [4]],
  [56, [4]], [60, [4]], [64, [4]],
];

/** ASME B1.1: label, major diameter (inch), UNC and UNF threads per inch (0 = none). */
const UNIFIED: readonly [string, number, number, number][] = [
  ['#0', 0.06, 0, 80], ['#1', 0.073, 64, 72], ['#2', 0.086, 56, 64], ['#3', 0.099, 48, 56], ['#4', 0.112, 40, 48],
  ['#5', 0.125, 40, 44], ['#6', 0.138, 32, 40], ['#8', 0.164, 32, 36], ['#10', 0.19, 24, 32], ['#12', 0.216, 24, 28],
  ['1/4', 0.25, 20, 28], ['5/16', 0.3125, 18, 24], ['3/8', 0.375, 16, 24], ['7/16', 0.4375, 14, 20], ['1/2', 0.5, 13, 20],
  ['9/16', 0.5625, 12, 18], ['5/8', 0.625, 11, 18], ['3/4', 0.75, 10, 16], ['7/8', 0.875, 9, 14], ['1', 1, 8, 12],
  ['1-1/8', 1.125, 7, 12], ['1-1/4', 1.25, 7, 12], ['1-3/8', 1.375, 6, 12], ['1-1/2', 1.5, 6, 12],
];

const INCH = 25.4;
/** Pitches are given to 1 µm (#10-32 → 0.794); the tables' own values are exact in 0.001 mm or 1/tpi inch. */
const roundPitch = (p: number): number => Math.round(p * 1000) / 1000;
const samePitch = (a: number, b: number): boolean => Math.abs(a - b) <= 0.002;

function metricSize(d: number, pitch: number): FastenerSize {
  const row = ISO_261.find((r) => r[0] === d)!;
  const coarse = samePitch(pitch, row[1]);
  const selected = ISO_262.find((r) => r[0] === d);
  const in262 = selected !== undefined && (coarse || selected[1].some((p) => samePitch(p, pitch)));
  return { nominal: d, pitch: coarse ? row[1] : pitch, standard: in262 ? 'ISO 262' : 'ISO 261', designation: coarse ? `M${d}` : `M${d}x${pitch}` };
}

function unifiedSize(row: readonly [string, number, number, number], tpi: number): FastenerSize {
  const series = tpi === row[2] ? 'UNC' : 'UNF';
  return { nominal: roundPitch(row[1] * INCH), pitch: roundPitch(INCH / tpi), standard: 'ASME B1.1', designation: `${row[0]}-${tpi} ${series}` };
}

/** How far a measured diameter may be from a table's nominal and still be that size (mm). */
export function diameterTolerance(d: number, tolerance = 0.01): number {
  return Math.max(2 * tolerance, 0.003 * d);
}

export interface ThreadHint {
  /** The system a name pointed to (`M8x25` → metric, `#10-32` → inch). */
  system?: 'metric' | 'inch';
  /** A pitch read from a name (mm). */
  pitch?: number;
}

/**
 * The thread of nominal diameter `d` (mm): the ISO metric size (coarse pitch unless the hint
 * names a fine one of the size), else the unified inch size (UNC unless the hint names UNF),
 * else the fallback with `standard: null` and `pitch: null`.
 */
export function threadSize(d: number, hint: ThreadHint = {}, tolerance = 0.01): FastenerSize {
  const tol = diameterTolerance(d, tolerance);
  const metric = hint.system === 'inch' ? undefined : ISO_261.find((r) => Math.abs(r[0] - d) <= tol);
  if (metric) {
    const fine = hint.pitch !== undefined ? metric[2].find((p) => samePitch(p, hint.pitch!)) : undefined;
    return metricSize(metric[0], fine ?? metric[1]);
  }
  const inch = hint.system === 'metric' ? undefined : UNIFIED.find((r) => Math.abs(r[1] * INCH - d) <= tol);
  if (inch) {
    const tpis = [inch[2], inch[3]].filter((t) => t > 0);
    const named = hint.pitch !== undefined ? tpis.find((t) => samePitch(INCH / t, hint.pitch!)) : undefined;
    return unifiedSize(inch, named ?? tpis[0]!);
  }
  return { nominal: Math.round(d * 1000) / 1000, pitch: null, standard: null, designation: null };
}

/** The thread a designation names: `M10`, `M10x1.25`, `M8x25` (a length), `#10-32`, `1/4-20 UNC`, `1/2"-13`; null when none. */
export function parseThreadDesignation(text: string): FastenerSize | null {
  const metric = /(?:^|[^A-Za-z0-9])M(\d+(?:[.,]\d+)?)(?:\s*[xX×]\s*(\d+(?:[.,]\d+)?))?/.exec(text);
  if (metric) {
    const d = Number(metric[1]!.replace(',', '.'));
    const row = ISO_261.find((r) => r[0] === d);
    if (row) {
      const second = metric[2] === undefined ? undefined : Number(metric[2].replace(',', '.'));
      // M10x1.25 names a pitch, M8x25 a length: only a pitch of the size's own table counts
      const pitch = second !== undefined && (samePitch(second, row[1]) || row[2].some((p) => samePitch(p, second))) ? second : row[1];
      return metricSize(d, pitch);
    }
  }
  const unified = /(#\d{1,2}|\d+(?:-\d+\/\d+|\/\d+)?)\s*"?\s*-\s*(\d{1,2})\b/.exec(text);
  if (unified) {
    const label = unified[1]!;
    const row = UNIFIED.find((r) => r[0] === label);
    const tpi = Number(unified[2]);
    if (row && (row[2] === tpi || row[3] === tpi)) return unifiedSize(row, tpi);
  }
  return null;
}

/** Internal (nut) minor diameter D1 of the basic profile, mm. */
export const internalMinor = (size: { nominal: number; pitch: number }): number => size.nominal - 1.082532 * size.pitch;
/** External (bolt) minor diameter d3, mm. */
export const externalMinor = (size: { nominal: number; pitch: number }): number => size.nominal - 1.226869 * size.pitch;
/** Usual tap drill, mm. */
export const tapDrill = (size: { nominal: number; pitch: number }): number => size.nominal - size.pitch;

/**
 * Whether a bore of diameter `bore` is this thread's hole drawn at the minor diameter or the
 * tap drill (from the external minor d3 up to the tap drill, widened by `tol`). Without a
 * known pitch, the coarse pitch of the nearest ISO size stands in (a band, not a pitch).
 */
export function boreAtMinor(size: FastenerSize, bore: number, tol: number): boolean {
  const pitch = size.pitch ?? nearestCoarsePitch(size.nominal);
  const lo = externalMinor({ nominal: size.nominal, pitch }) - tol;
  const hi = Math.max(tapDrill({ nominal: size.nominal, pitch }), internalMinor({ nominal: size.nominal, pitch })) + Math.max(tol, 0.05 * pitch);
  return bore >= lo && bore <= hi;
}

/** The ISO coarse pitch of the size nearest in diameter (for bands and estimates only, never reported as the pitch). */
export function nearestCoarsePitch(d: number): number {
  return ISO_261.reduce((best, r) => (Math.abs(r[0] - d) < Math.abs(best[0] - d) ? r : best))[1];
}

/** Every size of the tables at its standard pitches: ISO coarse and fine, UNC and UNF; ascending nominal. */
export function tableSizes(): FastenerSize[] {
  const out: FastenerSize[] = [];
  for (const [d, coarse, fine] of ISO_261) for (const p of [coarse, ...fine]) out.push(metricSize(d, p));
  for (const row of UNIFIED) for (const tpi of [row[2], row[3]]) if (tpi > 0) out.push(unifiedSize(row, tpi));
  return out.sort((a, b) => a.nominal - b.nominal);
}

/** The smallest lead of the tables (M1 fine, 0.2 mm a turn), per radian. */
const SMALLEST_LEAD = 0.2 / (2 * Math.PI);

/**
 * The factor a thread's lead is scaled by in the freedom analysis of an assembly of size
 * `scale` (mm). The analysis compares motions at the assembly's size and calls a twist free
 * when it misses a constraint by under 1e-3 of it: a 1.5 mm lead on a 300 mm assembly would
 * pass for a pure turn. Scaled leads (every thread by the same factor, so equal pitches stay
 * equal and unequal ones unequal) keep the screw a screw; the reported pitch is divided back.
 */
export function threadLeadFactor(scale: number): number {
  return Math.max(1, scale / (100 * SMALLEST_LEAD));
}
