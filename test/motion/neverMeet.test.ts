import { describe, expect, it } from 'vitest';
import type { Part } from '../../src/index.js';
import { identityRigid } from '../../src/math/rigid.js';
import { surfaceKindToWorld } from '../../src/model/surfaceKind.js';
import { surfaceKindOf } from '../../src/model/surfaceKindOf.js';
import { sweepParts } from '../../src/motion/index.js';
import { PairsNeverMeeting, surfacesNeverMeet } from '../../src/motion/neverMeet.js';
import { blockWithHole, box, cylinder } from './shapes.js';

const I = identityRigid();
const kind = (p: Part, s: number) => surfaceKindToWorld(surfaceKindOf(p.surfaces[s]!), I);
const BOTTOM = 4, TOP = 5; // −z and +z faces of shapes.box

describe('surfacesNeverMeet: planes', () => {
  const table = box('table', [-50, -50, -2], [50, 50, 0]);
  const block = box('block', [-1, -1, 0], [1, 1, 1]);
  const sunk = box('sunk', [-1, -1, -0.5], [1, 1, 1]);
  const never = (a: Part, sa: number, b: Part, sb: number, move: [number, number, number]) =>
    surfacesNeverMeet(a.surfaces[sa]!, I, kind(a, sa), b.surfaces[sb]!, I, kind(b, sb), { kind: 'translate', vector: move }, 0.01);
  it('a block on a table: lifted or slid, its bottom never meets the top; pushed down, it may', () => {
    expect(never(block, BOTTOM, table, TOP, [0, 0, 5])).toBe(true);
    expect(never(block, BOTTOM, table, TOP, [20, 3, 0])).toBe(true);
    expect(never(block, BOTTOM, table, TOP, [0, 0, -0.5])).toBe(false);
    // Nearer by less than the allowance is still a graze at most.
    expect(never(block, BOTTOM, table, TOP, [10, 0, -0.005])).toBe(true);
    expect(never(block, BOTTOM, table, TOP, [10, 0, -0.02])).toBe(false);
  });
  it('a block sunk 0.5 mm into the table is not on the outward side: nothing is promised', () => {
    expect(never(sunk, BOTTOM, table, TOP, [20, 0, 0])).toBe(false);
    expect(never(sunk, BOTTOM, table, TOP, [0, 0, 5])).toBe(false);
  });
  it('PairsNeverMeeting asks once per surface pair and takes pairs the caller leaves out', () => {
    const pairs = new PairsNeverMeeting(block, I, table, I, { kind: 'translate', vector: [0, 0, 5] }, 0.01);
    expect(pairs.has(BOTTOM, TOP)).toBe(true);
    expect(pairs.has(TOP, TOP)).toBe(true); // the block's top is further up still
    const down = new PairsNeverMeeting(block, I, table, I, { kind: 'translate', vector: [0, 0, -5] }, 0.01);
    expect(down.has(BOTTOM, TOP)).toBe(false);
    down.leaveOut(BOTTOM, TOP);
    expect(down.has(BOTTOM, TOP)).toBe(true);
  });
});

describe('surfacesNeverMeet: screws', () => {
  const table = box('table', [-50, -50, -2], [50, 50, 0]);
  const block = box('block', [-1, -1, 0], [1, 1, 1]);
  const pin = cylinder('pin', 5, -10, 10, 24);
  const plate = blockWithHole('plate', 20, 5, -2, 0, 24);
  const screw = (point: [number, number, number], axis: [number, number, number], turns: number, advance: number) =>
    ({ kind: 'screw' as const, point, axis, angle: 2 * Math.PI * turns, advance });
  // The pin's chordal sag (5·(1 − cos π/24) ≈ 0.043) is part of a real allowance.
  const never = (a: Part, sa: number, b: Part, sb: number, motion: ReturnType<typeof screw>) =>
    surfacesNeverMeet(a.surfaces[sa]!, I, kind(a, sa), b.surfaces[sb]!, I, kind(b, sb), motion, 0.06);
  it('unscrewing about the normal lifts a seat off; about a tilted axis it may dig in', () => {
    expect(never(block, BOTTOM, table, TOP, screw([0, 0, 0], [0, 0, 1], 3, 4.5))).toBe(true);
    expect(never(block, BOTTOM, table, TOP, screw([0, 0, 0], [0, 0, 1], 3, -4.5))).toBe(false);
    expect(never(block, BOTTOM, table, TOP, screw([0, 0, 0], [1, 0, 0], 0.1, 0))).toBe(false);
  });
  it('a pin turned and pushed along its own axis keeps its ring; about an axis 1 mm off it does not', () => {
    expect(never(pin, 0, plate, 1, screw([0, 0, 0], [0, 0, 1], 2, 30))).toBe(true);
    expect(never(pin, 0, plate, 1, screw([1, 0, 0], [0, 0, 1], 2, 30))).toBe(false);
  });
});

describe('the swept search with pairs left out still stops at real blocks', () => {
  const table = box('table', [-50, -50, -2], [50, 50, 0]);
  const wall = box('wall', [10, -50, 0], [12, 50, 20]);
  const block = box('block', [-1, -1, 0], [1, 1, 1]);
  it('a block slid along the table is stopped by the wall after 9 mm, whatever the table faces do', () => {
    const r = sweepParts({ parts: [block, table, wall], poses: [I, I, I] }, [0], { kind: 'translate', vector: [30, 0, 0] });
    expect(r.status).toBe('blocked');
    expect(r.fraction * 30).toBeCloseTo(9, 6);
    expect(r.blocking.every((b) => b.other === 2)).toBe(true);
  });
  it('a pin through a plate with a fitted hole comes out free; through a hole too small it does not', () => {
    const pin = cylinder('pin', 5, -10, 10, 24);
    const plate = blockWithHole('plate', 20, 5, -2, 0, 24);
    expect(sweepParts({ parts: [pin, plate], poses: [I, I] }, [0], { kind: 'translate', vector: [0, 0, 30] }).status).toBe('free');
    const head = box('head', [-8, -8, 10], [8, 8, 12]);
    const r = sweepParts({ parts: [pin, plate, head], poses: [I, I, I] }, [0, 2], { kind: 'translate', vector: [0, 0, -30] });
    // Pushed down, the head lands on the plate's top after 10 mm.
    expect(r.status).toBe('blocked');
    expect(r.fraction * 30).toBeCloseTo(10, 6);
  });
});
