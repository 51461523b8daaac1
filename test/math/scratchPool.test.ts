import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisLineHit, axisLineSign } from '../../src/math/pointInSolid.js';
import { ScratchPool } from '../../src/math/scratchPool.js';

describe('scratch pool', () => {
  it('lends a different scratch to a call started while one holds it, and the same one again after', () => {
    let made = 0;
    const pool = new ScratchPool(() => ({ busy: false, id: made++ }), 'test');
    const outer = pool.claim();
    const inner = pool.claim();
    expect(inner).not.toBe(outer);
    pool.release(inner);
    pool.release(outer);
    expect(pool.claim()).toBe(outer);
    expect(made).toBe(2);
  });

  it('refuses a scratch given back twice, in one line naming its user', () => {
    const pool = new ScratchPool(() => ({ busy: false }), 'partSolid');
    const s = pool.claim();
    pool.release(s);
    expect(() => pool.release(s)).toThrow('partSolid: scratch given back while no call holds it');
  });
});

describe('axisLineSign', () => {
  const c = fc.integer({ min: -8, max: 8 });
  it('is the sign of the triangle normal along the axis wherever the line hits it', () => {
    fc.assert(
      fc.property(fc.array(c, { minLength: 9, maxLength: 9 }), c, c, c, fc.constantFrom<0 | 1 | 2>(0, 1, 2), (t, px, py, pz, axis) => {
        const hit = axisLineHit(t, 0, axis, px / 3, py / 3, pz / 3);
        const sign = axisLineSign(t, 0, axis, px / 3, py / 3, pz / 3);
        const ux = t[3]! - t[0]!, uy = t[4]! - t[1]!, uz = t[5]! - t[2]!, vx = t[6]! - t[0]!, vy = t[7]! - t[1]!, vz = t[8]! - t[2]!;
        const normal = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx][axis]!;
        // A line in the triangle's plane (normal component 0) hits it only by the Simulation of
        // Simplicity tie-break, whose sign is the perturbed normal's: nothing to compare with.
        if (Number.isNaN(hit) || normal === 0) return;
        expect(sign).toBe(Math.sign(normal));
      }),
      { numRuns: 3000 },
    );
  });
});
