import { expect } from 'vitest';
import { bruteForceCollide, collide, COLLIDE_MODES, type CollideOptions, type Part, type Pose } from '../../src/index.js';
import { sortedPairs, sortedTrianglePairs } from './soup.js';

const VARIANTS: Pick<CollideOptions, 'oaabb' | 'obbPrecheck'>[] = [
  { oaabb: true, obbPrecheck: true },
  { oaabb: false, obbPrecheck: true },
  { oaabb: true, obbPrecheck: false },
  { oaabb: false, obbPrecheck: false },
];

/** collide must equal the oracle in every mode and variant; first-surface returns one oracle pair. */
export function expectSameAsOracle(a: Part, poseA: Pose, b: Part, poseB: Pose, tolerance: number): void {
  const oracle = bruteForceCollide(a, poseA, b, poseB, { mode: 'all-triangles', tolerance, classify: true });
  const oracleSurfaces = sortedPairs(oracle.surfacePairs.map(({ a, b }) => ({ a, b })));
  const oracleTriangles = sortedTrianglePairs(oracle.trianglePairs);
  for (const variant of VARIANTS) {
    for (const mode of COLLIDE_MODES) {
      const result = collide(a, poseA, b, poseB, { ...variant, mode, tolerance });
      const label = `${mode} ${JSON.stringify(variant)} tol=${tolerance}`;
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
  // Classification (touching vs crossing) must match too.
  const classified = collide(a, poseA, b, poseB, { mode: 'all-surfaces', tolerance, classify: true });
  expect(sortedPairs(classified.surfacePairs)).toEqual(sortedPairs(oracle.surfacePairs));
}

