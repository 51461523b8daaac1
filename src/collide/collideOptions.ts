// The options and result types of S-CD's `collide` (collide.ts), and their validation.
import { SurfcdError } from '../errors.js';
import { OBB_TEST_NAMES, type ObbTestName } from '../math/obbTests.js';
import type { ContactGeometry } from './contactGeometry.js';
import { SCD_METHOD } from './narrowPhases.js';
import type { QueryStats } from '../traverse/stats.js';

export type CollideMode = 'first-surface' | 'all-surfaces' | 'all-triangles';
export const COLLIDE_MODES: readonly CollideMode[] = ['first-surface', 'all-surfaces', 'all-triangles'];

export interface CollideOptions {
  /** `first-surface` stops at the first hit; `all-surfaces` finds every surface pair; `all-triangles` every triangle pair. */
  mode?: CollideMode;
  /** Report pairs closer than this (mm); 0 = touching or intersecting only. */
  tolerance?: number;
  /** Prune both trees with the overlap box of the two parts (S-CD's OAABB). Default true. */
  oaabb?: boolean;
  /** Reject early with the 15-axis OBB test. Default true. */
  obbPrecheck?: boolean;
  /**
   * Also tell, per surface pair, whether triangles genuinely cross (`intersecting`) or
   * only touch / come within tolerance (`touching`), and estimate how deep crossings go.
   * Costs more: every candidate triangle pair of a surface pair is tested.
   */
  classify?: boolean;
  /** Also return world-space contact geometry per surface pair (`contactGeometry`): segments, points, normal. Costs an all-triangles pass. */
  geometry?: boolean;
  /** The narrow phase: `scd` (default) or one a plugin registered (`obbtree`, `boxtree`, …; see NARROW_PHASES.md). */
  method?: string;
  /** The OBB–OBB test for S-CD's pre-check and the OBBTree's nodes: `sat` (15 axes, default), `lite` (6 face axes), `effective` (Bai 2015). */
  obbTest?: ObbTestName;
}

export type SurfaceRelation = 'touching' | 'intersecting';

export interface SurfacePair {
  /** Surface index in part A. */
  a: number;
  /** Surface index in part B. */
  b: number;
  /** Present when the query ran with `classify`. */
  relation?: SurfaceRelation;
  /** With `classify`: the deepest penetration estimate over crossing triangle pairs (0 when only touching). */
  depth?: number;
}

export interface CollisionResult {
  intersecting: boolean;
  /** Sorted by a, then b. */
  surfacePairs: SurfacePair[];
  /** `all-triangles` only: flat triangle index pairs a0, b0, a1, b1, … (part-global indices). */
  trianglePairs?: Uint32Array;
  /** With `geometry`: one entry per surface pair, in `surfacePairs` order. */
  contactGeometry?: ContactGeometry[];
  stats: QueryStats;
}

export interface ResolvedOptions {
  mode: CollideMode;
  tolerance: number;
  oaabb: boolean;
  obbPrecheck: boolean;
  classify: boolean;
  method: string;
  obbTest: ObbTestName;
}

export function resolveCollideOptions(options: CollideOptions | undefined): ResolvedOptions {
  const mode = options?.mode ?? 'all-surfaces';
  if (!COLLIDE_MODES.includes(mode)) {
    throw new SurfcdError('INVALID_OPTION', `collide: mode "${String(mode)}" is not one of ${COLLIDE_MODES.join(', ')}`);
  }
  const tolerance = options?.tolerance ?? 0;
  if (typeof tolerance !== 'number' || !(tolerance >= 0) || !Number.isFinite(tolerance)) {
    throw new SurfcdError('INVALID_OPTION', `collide: tolerance must be a finite number ≥ 0 (mm), got ${String(tolerance)}`);
  }
  const method = options?.method ?? SCD_METHOD;
  if (typeof method !== 'string') throw new SurfcdError('INVALID_OPTION', `collide: method must be a string, got ${String(method)}`);
  const obbTest = options?.obbTest ?? 'sat';
  if (!OBB_TEST_NAMES.includes(obbTest)) {
    throw new SurfcdError('INVALID_OPTION', `collide: obbTest "${String(obbTest)}" is not one of ${OBB_TEST_NAMES.join(', ')}`);
  }
  return { mode, tolerance, oaabb: options?.oaabb ?? true, obbPrecheck: options?.obbPrecheck ?? true, classify: options?.classify ?? false, method, obbTest };
}
