import { beforeAll, describe, expect, it } from 'vitest';
import { loadAssembly, type Assembly } from '../../src/index.js';
import { simulate } from '../../src/simulate/simulate.js';

// The rig's M10 bolt (axis x = −38, y = 0, head up) and its nut, both drawn at nominal diameter.
const script = (...steps: object[]) => ({ schema: 'surfcd/motion@1', steps });

describe('simulate: threaded joints hold until a screw about their own axis turns them', () => {
  let rig: Assembly;
  beforeAll(async () => {
    rig = await loadAssembly('samples/rig.step');
  });

  it('a screw about a parallel axis 5 mm off the thread is held, and says how far off it is', () => {
    const r = simulate(rig, script({ id: 'off-axis', move: ['nut'], screw: { axis: { point: [-33, 0, 0], direction: [0, 0, 1] }, pitch: 1.5, turns: 1 }, expect: 'blocked' }));
    const s = r.steps[0]!;
    expect(s.status).toBe('blocked');
    expect(s.travelled).toEqual({ distance: 0, angle: 0 });
    expect(s.message).toBe("held by the M10 thread of bolt; the screw axis is 5 mm and 0° off the thread's axis");
    expect(s.blocking.length).toBeGreaterThan(0);
    expect(s.poses[0]!.position).toEqual([0, 0, 0]);
  });

  it('a screw about the thread axis frees the nut with any pitch; screwed up, it is stopped by the plate it clamps, not by the thread', () => {
    for (const pitch of [0.7, 4]) {
      const r = simulate(rig, script({ id: 'off', move: ['nut'], screw: { axis: { point: [-38, 0, 7], direction: [0, 0, -1] }, pitch, angle: 90 }, expect: 'free' }));
      expect(r.steps[0]!.status, `pitch ${pitch}`).toBe('free');
      expect(r.steps[0]!.heldBy).toBeNull();
    }
    const up = simulate(rig, script({ id: 'tighten', move: ['nut'], screw: { axis: { point: [-38, 0, 7], direction: [0, 0, 1] }, pitch: 4, angle: 90 } })).steps[0]!;
    expect(up.status).toBe('blocked');
    expect(up.heldBy).toBeNull();
    expect(up.travelled.distance).toBeLessThan(0.1); // pressed into the plate by the allowance (tolerance + chordal sag)
    expect(new Set(up.blocking.map((b) => b.other.part))).toEqual(new Set(['plate']));
  });

  it('turning the nut in place (a rotate step) is held: a thread turns only with its advance', () => {
    const r = simulate(rig, script({ id: 'spin', move: ['nut'], rotate: { axis: { coaxialWith: 'bolt' }, angle: 30 }, expect: 'blocked' }));
    expect(r.steps[0]!.message).toMatch(/^held by the M10 thread of bolt; a thread turns only with its advance/);
  });

  it('the bolt and its nut moved together are not held by their own thread', () => {
    const r = simulate(rig, script({ id: 'both', move: ['bolt', 'nut'], translate: { direction: [0, 0, 1], distance: 1 } }));
    expect(r.steps[0]!.heldBy).toBeNull();
    expect(r.steps[0]!.status).toBe('blocked'); // the nut meets the plate's underside
    expect(r.steps[0]!.blocking[0]!.other.part).toBe('plate');
  });

  it('"pitch": "thread" takes the M10 pitch, and is a one-line error on a part without a thread', () => {
    const r = simulate(rig, script({ id: 't', move: ['nut'], screw: { axis: { coaxialWith: 'bolt' }, pitch: 'thread', turns: 2 } }));
    expect(r.steps[0]!.requested.distance).toBe(3);
    expect(() => simulate(rig, script({ id: 'pin-screw', move: ['pin'], screw: { axis: { point: [0, 0, 0], direction: [0, 0, 1] }, pitch: 'thread', turns: 1 } }), { source: 'x.json' })).toThrow(
      /^x\.json: step "pin-screw": screw\.pitch: "thread", but pin is in no threaded joint; give the pitch in mm$/,
    );
  });
});
