import type { Obb } from './obb.js';
import { obbsOverlap } from './obbOverlap.js';
import { obbsOverlapEffective } from './obbOverlapEffective.js';
import { obbsOverlapLite } from './obbOverlapLite.js';
import type { Rigid } from './rigid.js';

/** An OBB–OBB overlap test: b's frame to a's by `bToA`, both boxes grown by `margin`, inclusive. */
export type ObbOverlapTest = (a: Obb, b: Obb, bToA: Rigid, margin?: number) => boolean;

/**
 * The selectable OBB tests: `sat` Gottschalk's 15 axes (exact up to rounding slack), `lite`
 * the 6 face axes (conservative: more false positives, cheaper), `effective` Bai's
 * effective-constraint elimination (exact up to its relaxations).
 */
export const OBB_TESTS = { sat: obbsOverlap, lite: obbsOverlapLite, effective: obbsOverlapEffective } as const satisfies Record<string, ObbOverlapTest>;
export type ObbTestName = keyof typeof OBB_TESTS;
export const OBB_TEST_NAMES = Object.keys(OBB_TESTS) as ObbTestName[];
