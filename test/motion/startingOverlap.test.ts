import { describe, expect, it } from 'vitest';
import type { Part } from '../../src/index.js';
import { identityRigid } from '../../src/math/rigid.js';
import { poseAt, sweepParts, type RigidMotion } from '../../src/motion/index.js';
import { surfacePairVerdict, contactAllowance } from '../../src/motion/verdict.js';
import { simulate } from '../../src/simulate/simulate.js';
import { assemblyOf } from '../constraints/meshes.js';
import { box } from './shapes.js';

const scene = (...parts: Part[]) => ({ parts, poses: parts.map(() => identityRigid()) });
const translate = (...[x, y, z]: readonly [number, number, number]): RigidMotion => ({ kind: 'translate', vector: [x, y, z] });

/** Every named blocking pair is within the pair's allowance at the pose where the move stopped. */
function namedPairsTouchAtStop(parts: Part[], motion: RigidMotion, r: ReturnType<typeof sweepParts>): void {
  for (const b of r.blocking) {
    const at = poseAt(motion, r.fraction, identityRigid());
    const v = surfacePairVerdict(parts[b.moving]!, at, b.surfaceMoving, parts[b.other]!, identityRigid(), b.surfaceOther, 0.01, contactAllowance(parts[b.moving]!, parts[b.other]!, 0.01));
    expect(v.near, `pair ${b.surfaceMoving}/${b.surfaceOther} named but apart at the stop`).toBe(true);
  }
}

describe('starting overlap is allowed contact: a step blocks only where it goes deeper', () => {
  // The block's +x end is drawn 0.2 mm inside the wall (a press fit, a thread at nominal diameter).
  const block = box('block', [0, 0, 0], [5, 5, 5]);
  const wall = box('wall', [4.8, -20, -20], [20, 20, 20]);

  it('leaving the wall through its end face is free, and the overlap is reported', () => {
    const r = sweepParts(scene(block, wall), [0], translate(-10, 0, 0));
    expect(r.status).toBe('free');
    expect(Math.max(...r.preexisting.map((p) => p.depth))).toBeCloseTo(0.2, 6);
  });

  it('sliding along the wall at the same depth is free, all the way out of it', () => {
    for (const v of [[0, 30, 0], [0, 0, -30], [0, -21, 21]] as [number, number, number][]) {
      expect(sweepParts(scene(block, wall), [0], translate(...v)).status, `along ${v.join(',')}`).toBe('free');
    }
  });

  it('pushing deeper is blocked at once, by the overlapping pair', () => {
    for (const v of [[1, 0, 0], [3, 3, 0], [10, 0, -5]] as [number, number, number][]) {
      const r = sweepParts(scene(block, wall), [0], translate(...v));
      expect(r.status, `along ${v.join(',')}`).toBe('blocked');
      expect(r.fraction * Math.hypot(...v)).toBeLessThan(0.02);
      expect(r.blocking[0]).toMatchObject({ moving: 0, other: 1 });
    }
  });

  it('a block with no starting overlap is stopped by the same wall as before (no new free pass)', () => {
    const clear = box('clear', [-6, 0, 0], [-1, 5, 5]);
    const r = sweepParts(scene(clear, wall), [0], translate(20, 0, 0));
    expect(r.status).toBe('blocked');
    expect(r.fraction * 20).toBeCloseTo(5.8, 6);
    expect(r.preexisting).toEqual([]);
  });

  it('simulate says startingOverlap {with, depth}, and null when the parts start apart', () => {
    const assembly = assemblyOf([block, wall]);
    const result = simulate(assembly, {
      schema: 'surfcd/motion@1',
      steps: [
        { id: 'out', move: [block.path], translate: { direction: [-1, 0, 0], distance: 10 }, expect: 'free' },
        { id: 'back', move: [block.path], translate: { direction: [0, 1, 0], distance: 1 }, expect: 'free' },
      ],
    });
    expect(result.steps[0]!.startingOverlap).toEqual({ with: wall.path, depth: 0.2 });
    expect(result.steps[1]!.startingOverlap).toBeNull();
    expect(result.summary.notMet).toBe(0);
  });
});

describe('the blocker is named at the stop pose, whatever distance the step asked for', () => {
  it('translation: a near post stops the move; a far wall along the same path is never named', () => {
    const slider = box('slider', [0, 0, 0], [4, 4, 4]);
    const post = box('post', [10, 1, -5], [12, 3, 10]);
    const far = box('far', [20, -10, -10], [21, 10, 10]);
    const parts = [slider, post, far];
    const names = [7, 12, 35].map((distance) => {
      const motion = translate(distance, 0, 0);
      const r = sweepParts(scene(...parts), [0], motion);
      expect(r.status).toBe('blocked');
      expect(r.fraction * distance).toBeCloseTo(6, 6);
      namedPairsTouchAtStop(parts, motion, r);
      return r.blocking.map((b) => `${b.other}:${b.surfaceMoving}/${b.surfaceOther}`).join(' ');
    });
    expect(new Set(names).size).toBe(1);
    // The slider's +x face meets the post's −x face: every named pair is the post's, on the slider's leading face or its edges.
    for (const name of names[0]!.split(' ')) expect(name).toMatch(/^1:/);
    expect(names[0]).toContain('1:1/');
  });

  it('screw into the floor it rests on, beside a wall it touches: blocked at 0 by the floor alone, for 5, 12 and 35 mm', () => {
    // Resting on the floor and flush against a wall: both are start contacts. Screwing down
    // (a quarter turn per 5 mm) presses into the floor at once; far along, the turning corners
    // would also cut the wall, which must not be named.
    const body = box('body', [0, 0, 0], [4, 4, 4]);
    const floor = box('floor', [-30, -30, -5], [30, 30, 0]);
    const wall = box('wall', [4, -30, 0], [9, 30, 40]);
    const parts = [body, floor, wall];
    const results = [5, 12, 35].map((distance) => {
      const motion: RigidMotion = { kind: 'screw', point: [2, 2, 0], axis: [0, 0, 1], angle: -(distance / 5) * (Math.PI / 2), advance: -distance };
      const r = sweepParts(scene(...parts), [0], motion);
      expect(r.status).toBe('blocked');
      expect(r.fraction * distance).toBeLessThan(0.02);
      namedPairsTouchAtStop(parts, motion, r);
      return [...new Set(r.blocking.map((b) => b.other))];
    });
    for (const others of results) expect(others).toEqual([1]);
  });
});
