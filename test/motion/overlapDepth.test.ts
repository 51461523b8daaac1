/**
 * The depth of an overlap drawn into a model is the overlap's own depth, not that of its
 * samples: gear teeth drawn interpenetrating (samples/gear-pair-unclocked) are extrusions
 * whose samples sit on the end faces at rest, so a lift along the teeth makes the same
 * samples read deeper; the searched depth at rest is at least every depth read during the
 * lift, and never more than the geometry allows (half the face width bounds a depth that
 * the end faces clip).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { solidPenetration } from '../../src/collide/penetration.js';
import { overlapDepth } from '../../src/motion/overlapDepth.js';
import type { Assembly, Part } from '../../src/model/types.js';
import { sample } from '../helpers/shared.js';

const at = (dz: number): Float64Array => new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, dz]);

describe('overlapDepth', () => {
  let gears: Assembly;
  let a: Part, b: Part;
  beforeAll(async () => {
    gears = await loadAssembly(sample('gear-pair-unclocked.step'));
    a = gears.parts.find((p) => p.name === 'gear-a')!;
    b = gears.parts.find((p) => p.name === 'gear-b')!;
  });

  it('unclocked teeth: the depth at rest bounds every depth read while lifting out of mesh', () => {
    const rest = overlapDepth(a, at(0), b, at(0), 400);
    const sampledAtRest = solidPenetration(a, at(0), b, at(0), 400).depth;
    expect(rest).toBeGreaterThan(sampledAtRest);
    expect(rest).toBeLessThan(4); // half the 8 mm face width
    for (const dz of [0.5, 1.1, 2, 3, 4, 6]) {
      const lifted = solidPenetration(a, at(dz), b, at(0), 4000).depth;
      expect(lifted, `lifted ${dz} mm`).toBeLessThanOrEqual(rest + 0.01);
    }
  });

  it('apart parts have no overlap; the answer does not depend on which part is first', () => {
    expect(overlapDepth(a, at(20), b, at(0), 400)).toBe(0);
    expect(overlapDepth(b, at(0), a, at(0), 400)).toBeCloseTo(overlapDepth(a, at(0), b, at(0), 400), 2);
  });
});
