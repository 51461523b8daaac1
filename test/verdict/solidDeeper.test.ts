import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partFromMesh } from '../../src/index.js';
import { toRigid } from '../../src/math/rigid.js';
import { solidPenetration } from '../../src/verdict/penetration.js';
import { solidDeeperThan } from '../../src/verdict/solidDeeper.js';
import { box, shaft } from './solidFixtures.js';

describe('solidDeeperThan', () => {
  const block = partFromMesh(box('block', [0, 0, 0], [10, 10, 10], 3));
  const pin = partFromMesh(shaft('pin', 2, -5, 15, 24));
  const I = toRigid(null);
  it('says exactly whether solidPenetration goes deeper than the threshold (random overlaps, any threshold)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -4, max: 14, noNaN: true }), fc.double({ min: -4, max: 14, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0.001, max: 6, noNaN: true }),
        (x, y, z, threshold) => {
          const pose = toRigid([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]);
          const depth = solidPenetration(pin, pose, block, I, 400).depth;
          expect(solidDeeperThan(pin, pose, block, I, threshold, 400)).toBe(depth > threshold);
        },
      ),
      { numRuns: 150 },
    );
  });
  it('is null for an open mesh (the caller falls back to the surface verdict)', () => {
    const open = partFromMesh({ name: 'sheet', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], surfaces: [{ first: 0, last: 0 }] });
    expect(solidDeeperThan(open, I, block, I, 0.1)).toBeNull();
  });
});
