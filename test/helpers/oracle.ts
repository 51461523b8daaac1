import { expect } from 'vitest';
import { bruteForceCollide, collide, COLLIDE_MODES, type CollideOptions, type Part, type Pose } from '../../src/index.js';
import { narrowPhaseNames } from '../../src/collide/narrowPhases.js';
import { sortedPairs, sortedTrianglePairs } from './soup.js';

type Variant = Pick<CollideOptions, 'oaabb' | 'obbPrecheck' | 'obbTest'>;
const SCD_VARIANTS: Variant[] = [
  { oaabb: true, obbPrecheck: true },
  { oaabb: false, obbPrecheck: true },
  { oaabb: true, obbPrecheck: false },
  { oaabb: false, obbPrecheck: false },
  { obbTest: 'lite' },
  { obbTest: 'effective' },
];
/** The OBBTree with each OBB test; phases that use no OBB test run once. */
const OBB_TEST_VARIANTS: Variant[] = [{}, { obbTest: 'lite' }, { obbTest: 'effective' }];
const USES_OBB_TEST = new Set(['obbtree']);

/**
 * Every registered narrow phase (S-CD and each plugin's: register one and it is tested here)
 * must equal the oracle in every mode and variant; first-surface returns one oracle pair.
 */
export function expectSameAsOracle(a: Part, poseA: Pose, b: Part, poseB: Pose, tolerance: number): void {
  const oracle = bruteForceCollide(a, poseA, b, poseB, { mode: 'all-triangles', tolerance, classify: true });
  const oracleSurfaces = sortedPairs(oracle.surfacePairs.map(({ a, b }) => ({ a, b })));
  const oracleTriangles = sortedTrianglePairs(oracle.trianglePairs);
  const methods = narrowPhaseNames();
  expect(methods.length, 'the first-party narrow phases are registered').toBeGreaterThan(1);
  for (const method of methods) {
    for (const variant of method === 'scd' ? SCD_VARIANTS : USES_OBB_TEST.has(method) ? OBB_TEST_VARIANTS : [{}]) {
      expectVariant(method, variant);
    }
    // Classification (touching vs crossing) must match too.
    const classified = collide(a, poseA, b, poseB, { method, mode: 'all-surfaces', tolerance, classify: true });
    expect(sortedPairs(classified.surfacePairs), `${method} classify`).toEqual(sortedPairs(oracle.surfacePairs));
  }

  function expectVariant(method: string, variant: Variant): void {
    for (const mode of COLLIDE_MODES) {
      const result = collide(a, poseA, b, poseB, { ...variant, method, mode, tolerance });
      const label = `${method} ${mode} ${JSON.stringify(variant)} tol=${tolerance}`;
      expect(result.intersecting, label).toBe(oracle.intersecting);
      if (mode === 'first-surface') {
        expect(result.surfacePairs.length, label).toBe(oracle.intersecting ? 1 : 0);
        if (result.surfacePairs.length) expect(oracleSurfaces, label).toContain(sortedPairs(result.surfacePairs)[0]);
      } else {
        expect(sortedPairs(result.surfacePairs), label).toEqual(oracleSurfaces);
      }
      if (mode === 'all-triangles') expect(sortedTrianglePairs(result.trianglePairs), label).toEqual(oracleTriangles);
    }
  }
}

