/**
 * Interference volumes as every writer shows them (contacts table / CSV / JSON, report
 * JSON / Markdown / HTML): the fields an interference entry gains, their rounding, their
 * text, and the order "largest volume first". Browser-safe.
 */
import type { OverlapVolume, Vec3 } from '../collide/interferenceVolume.js';
import { pairKey } from '../collide/pairVolumes.js';

/** What `--volumes` adds to an interference entry (`interferences[]` in JSON). */
export interface VolumeFields {
  /** mm³ */
  volume: number;
  /** World frame (mm); null when the overlap is empty. */
  centroid: Vec3 | null;
  volumeMethod: 'exact' | 'estimate';
  /** Estimates only: the volume is within ± this (mm³). */
  volumeError?: number;
}

/** Interference volumes by part pair (`pairKey`), when asked for; `sortByVolume` lists the largest first. */
export interface VolumeColumns {
  volumes: ReadonlyMap<string, OverlapVolume>;
  sortByVolume?: boolean;
}

/** Nine significant digits: far below any CAD tolerance, above the float noise of the booleans. */
export const roundVolume = (v: number): number => Number(v.toPrecision(9));
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 || 0;

/** The entry fields of one overlap, rounded as written. */
export function volumeFields(v: OverlapVolume): VolumeFields {
  return {
    volume: roundVolume(v.volume),
    centroid: v.centroid ? [round6(v.centroid[0]), round6(v.centroid[1]), round6(v.centroid[2])] : null,
    volumeMethod: v.volumeMethod,
    ...(v.volumeError !== undefined ? { volumeError: roundVolume(v.volumeError) } : {}),
  };
}

/** Entries with their volume fields (those without a volume unchanged). */
export function withVolumeFields<T extends { partA: string; partB: string }>(entries: readonly T[], columns: VolumeColumns): (T & Partial<VolumeFields>)[] {
  return entries.map((e) => {
    const v = columns.volumes.get(pairKey(e.partA, e.partB));
    return v ? { ...e, ...volumeFields(v) } : e;
  });
}

/** Largest volume first when asked (stable: ties and pairs without a volume keep their order, after the others). */
export function byVolume<T extends { partA: string; partB: string }>(entries: readonly T[], columns: VolumeColumns | undefined): T[] {
  if (!columns?.sortByVolume) return [...entries];
  const of = (e: T): number => columns.volumes.get(pairKey(e.partA, e.partB))?.volume ?? -1;
  return [...entries].sort((x, y) => of(y) - of(x));
}

/** Largest `volume` field first (entries that carry their fields, as the report model's do). */
export function byVolumeField<T extends Partial<VolumeFields>>(entries: readonly T[]): T[] {
  return [...entries].sort((x, y) => (y.volume ?? -1) - (x.volume ?? -1));
}

/** Six significant digits for people (the data files keep nine). */
const mm = (x: number): string => String(Number(x.toPrecision(6)));

/** "31.5 mm³", or "≈30.9 ± 1.2 mm³" for an estimate. */
export function volumeText(v: Partial<VolumeFields> | undefined): string {
  if (!v || v.volume === undefined) return '';
  return v.volumeError !== undefined ? `≈${mm(v.volume)} ± ${mm(v.volumeError)} mm³` : `${mm(v.volume)} mm³`;
}

/** "31.5 mm³ (exact) at (1, 2, 3.25)": the volume, how it was found and where. */
export function volumeSentence(v: Partial<VolumeFields> | undefined): string {
  if (!v || v.volume === undefined) return '';
  const at = v.centroid ? ` at (${v.centroid.map((c) => String(Math.round(c * 1000) / 1000 || 0)).join(', ')})` : '';
  return `${volumeText(v)} (${v.volumeMethod ?? 'exact'})${at}`;
}

/** CSV cells: volume, centroid ("x y z"), method, error. */
export const VOLUME_CSV_HEADER = ['volume', 'centroid', 'volumeMethod', 'volumeError'];
export function volumeCells(v: Partial<VolumeFields> | undefined): (string | number)[] {
  if (!v || v.volume === undefined) return ['', '', '', ''];
  return [v.volume, v.centroid ? v.centroid.join(' ') : '', v.volumeMethod ?? '', v.volumeError ?? ''];
}
