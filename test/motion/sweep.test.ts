import { describe, expect, it } from 'vitest';
import { bruteForceCollide, type Part } from '../../src/index.js';
import { identityRigid, rigidToColumnMajor } from '../../src/math/rigid.js';
import { clearDistance, poseAt, sweepParts, type RigidMotion } from '../../src/motion/index.js';
import { IDENTITY, blockWithHole, box, cylinder } from './shapes.js';

const scene = (...parts: Part[]) => ({ parts, poses: parts.map(() => identityRigid()) });

/** Ground truth by brute force: the first fraction at which the exact triangle test says "intersecting" (dense sampling, then bisection). */
function firstContact(moving: Part, other: Part, motion: RigidMotion, samples = 4000): number {
  const at = (t: number): boolean => bruteForceCollide(moving, rigidToColumnMajor(poseAt(motion, t, identityRigid())), other, IDENTITY, { mode: 'first-surface' }).intersecting;
  let lo = 0, hi = -1;
  for (let i = 1; i <= samples; i++) {
    if (at(i / samples)) { hi = i / samples; lo = (i - 1) / samples; break; }
  }
  if (hi < 0) return Infinity;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (at(mid)) hi = mid; else lo = mid;
  }
  return hi;
}

describe('sweepParts: no tunnelling', () => {
  it('a 0.1 mm wall stops a 100 mm move at the wall', () => {
    const s = scene(box('block', [0, 0, 0], [5, 5, 5]), box('wall', [50, -20, -20], [50.1, 20, 20]));
    const r = sweepParts(s, [0], { kind: 'translate', vector: [100, 0, 0] });
    expect(r.status).toBe('blocked');
    expect(r.fraction * 100).toBeCloseTo(45, 9);
    expect(r.blocking[0]).toMatchObject({ moving: 0, other: 1 });
  });

  it('a thin blade turned fast (half a turn in one step) stops at the post it would pass', () => {
    const blade = box('blade', [0, -0.05, 0], [50, 0.05, 5]);
    const post = box('post', [24, 9.95, -1], [26, 10.05, 6]); // a 0.1 mm thin vane across the blade's path
    const motion: RigidMotion = { kind: 'screw', point: [0, 0, 0], axis: [0, 0, 1], angle: Math.PI, advance: 0 };
    const r = sweepParts(scene(blade, post), [0], motion, { tolerance: 0.01 });
    expect(r.status).toBe('blocked');
    const truth = firstContact(blade, post, motion);
    // At or before the true contact, and within the tolerance of it along the path (r ≈ 27 mm).
    expect(r.fraction).toBeLessThanOrEqual(truth);
    expect((truth - r.fraction) * Math.PI * 27).toBeLessThanOrEqual(0.02);
  });

  it('a screw whose path just grazes a corner is blocked there, and passes when the corner is 0.05 mm away', () => {
    const peg = box('peg', [9.5, -0.5, 0], [10.5, 0.5, 1]);
    const motion: RigidMotion = { kind: 'screw', point: [0, 0, 0], axis: [0, 0, 1], angle: 2 * Math.PI, advance: 8 };
    // After a quarter turn the peg is at (0, 9.5..10.5) and has risen 2 mm: its top is at z = 3 there.
    const corner = box('corner', [-3, 10.3, 2.8], [-0.6, 12, 6]); // reaches 0.2 mm into the swept path near its top edge
    const r = sweepParts(scene(peg, corner), [0], motion, { tolerance: 0.01 });
    expect(r.status).toBe('blocked');
    const truth = firstContact(peg, corner, motion);
    expect(r.fraction).toBeLessThanOrEqual(truth);
    expect((truth - r.fraction) * (8 + 2 * Math.PI * 10.6)).toBeLessThanOrEqual(0.02);
    const clear = box('corner', [-3, 10.56, 2.8], [-0.6, 12, 6]);
    // 0.05 mm beyond the peg's farthest corner (r = 10.512) all round.
    expect(firstContact(peg, clear, motion)).toBe(Infinity);
    expect(sweepParts(scene(peg, clear), [0], motion, { tolerance: 0.01 }).status).toBe('free');
  });
});

describe('sweepParts: starting contacts are not collisions', () => {
  const plate = box('plate', [-20, -20, -5], [20, 20, 0]);
  const block = box('block', [0, 0, 0], [2, 2, 2]);
  it('a block resting on a plate: lifting and sliding are free, pushing in is blocked at 0 on the resting faces', () => {
    expect(sweepParts(scene(block, plate), [0], { kind: 'translate', vector: [0, 0, 10] }).status).toBe('free');
    expect(sweepParts(scene(block, plate), [0], { kind: 'translate', vector: [5, 3, 0] }).status).toBe('free');
    const down = sweepParts(scene(block, plate), [0], { kind: 'translate', vector: [0, 0, -3] });
    expect(down.status).toBe('blocked');
    expect(down.fraction).toBe(0);
    expect(down.blocking[0]).toMatchObject({ surfaceMoving: 4, surfaceOther: 5 }); // block bottom on plate top
  });
  it('a pin in a fitted hole (equal radii, tessellations crossing by their sag): out along the axis and turning are free; sideways is blocked at 0', () => {
    const pin = cylinder('pin', 5, -5, 15, 24);
    const block = blockWithHole('block', 12, 5, 0, 10, 32);
    const s = scene(pin, block);
    expect(sweepParts(s, [0], { kind: 'translate', vector: [0, 0, 30] }).status).toBe('free');
    expect(sweepParts(s, [0], { kind: 'screw', point: [0, 0, 0], axis: [0, 0, 1], angle: Math.PI / 3, advance: 0 }).status).toBe('free');
    const side = sweepParts(s, [0], { kind: 'translate', vector: [3, 0, 0] });
    expect(side.status).toBe('blocked');
    expect(side.fraction).toBe(0);
    expect(side.blocking[0]).toMatchObject({ surfaceMoving: 0, surfaceOther: 0 }); // the pin's side against the bore
  });
  it('ignore lets named pairs pass through', () => {
    const r = sweepParts(scene(block, plate), [0], { kind: 'translate', vector: [0, 0, -3] }, { ignore: () => true });
    expect(r.status).toBe('free');
  });
});

describe('clearDistance', () => {
  it('is how far the moving box must go to leave every other box along the direction', () => {
    const s = scene(box('a', [0, 0, 0], [1, 1, 1]), box('b', [0.5, 0, 0], [3, 1, 1]), box('c', [10, 5, 5], [11, 6, 6]));
    expect(clearDistance(s, [0], [1, 0, 0])).toBeCloseTo(3, 12); // out of b's far side; c is off the path
    expect(clearDistance(s, [0], [1, 0, 0], { exclude: new Set([1]) })).toBe(0);
    expect(clearDistance(s, [0], [-1, 0, 0], { tolerance: 0.01 })).toBeCloseTo(0.51, 12); // a's far side (x = 1) must pass b's near side (x = 0.5) and the tolerance
    expect(() => clearDistance(s, [0], [2, 0, 0])).toThrow(/unit vector/);
  });
});
