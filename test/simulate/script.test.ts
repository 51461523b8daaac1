import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAssembly, type Assembly } from '../../src/index.js';
import { parseMotionScript } from '../../src/simulate/script.js';
import { simulate } from '../../src/simulate/simulate.js';

const ok = { id: 's1', move: ['bolt'], translate: { direction: [0, 0, 1], distance: 5 } };
const script = (...steps: unknown[]): unknown => ({ schema: 'surfcd/motion@1', steps });
const fails = (value: unknown): string => {
  try {
    parseMotionScript(value, 'x.motion.json');
  } catch (error) {
    expect((error as { code: string }).code).toBe('INVALID_SCRIPT');
    return (error as Error).message;
  }
  throw new Error('expected the script to be rejected');
};

describe('motion script: every malformed field is named with its step id', () => {
  it.each([
    ['schema', { schema: 'surfcd/motion@2', steps: [ok] }, /x\.motion\.json: schema: expected "surfcd\/motion@1"/],
    ['steps not a list', { schema: 'surfcd/motion@1', steps: {} }, /steps: expected a list of steps/],
    ['unknown top-level field', { schema: 'surfcd/motion@1', steps: [ok], extra: 1 }, /x\.motion\.json: .*extra/],
    ['id missing', script({ move: ['bolt'], translate: { direction: [0, 0, 1], distance: 5 } }), /step 1: id: expected a step id/],
    ['move empty', script({ ...ok, move: [] }), /step "s1": move: expected at least one part or node to move/],
    ['move not strings', script({ ...ok, move: [3] }), /step "s1": move\[0\]: expected a part or product-node path/],
    ['no motion', script({ id: 's1', move: ['bolt'] }), /step "s1": translate: give exactly one of translate, rotate or screw/],
    ['two motions', script({ ...ok, rotate: { axis: { point: [0, 0, 0], direction: [0, 0, 1] }, angle: 10 } }), /step "s1": translate: give exactly one/],
    ['direction not 3 numbers', script({ ...ok, translate: { direction: [0, 1], distance: 5 } }), /step "s1": translate\.direction: expected \[x, y, z\]/],
    ['direction and along', script({ ...ok, translate: { direction: [0, 0, 1], along: { coaxialWith: 'plate' }, distance: 5 } }), /step "s1": translate\.direction: give exactly one of direction or along/],
    ['distance negative', script({ ...ok, translate: { direction: [0, 0, 1], distance: -2 } }), /step "s1": translate\.distance: expected a distance/],
    ['distance word', script({ ...ok, translate: { direction: [0, 0, 1], distance: 'far' } }), /step "s1": translate\.distance/],
    ['along unknown key', script({ ...ok, translate: { along: { parallelTo: 'plate' }, distance: 5 } }), /step "s1": translate\.along: expected \{coaxialWith: part\} or \{normalOf: part\}/],
    ['sense bad', script({ ...ok, translate: { along: { coaxialWith: 'plate', sense: 'up' }, distance: 5 } }), /step "s1": translate\.along/],
    ['rotate angle zero', script({ id: 's1', move: ['bolt'], rotate: { axis: { point: [0, 0, 0], direction: [0, 0, 1] }, angle: 0 } }), /step "s1": rotate\.angle: expected a non-zero angle/],
    ['rotate axis bad', script({ id: 's1', move: ['bolt'], rotate: { axis: { point: [0, 0, 0] }, angle: 5 } }), /step "s1": rotate\.axis/],
    ['screw turns and angle', script({ id: 's1', move: ['nut'], screw: { axis: { coaxialWith: 'bolt' }, pitch: 1.5, turns: 2, angle: 30 } }), /step "s1": screw\.turns: give exactly one of turns or angle/],
    ['screw pitch zero', script({ id: 's1', move: ['nut'], screw: { axis: { coaxialWith: 'bolt' }, pitch: 0, turns: 2 } }), /step "s1": screw\.pitch: expected a pitch > 0 \(mm per turn; turn the other way with a negative angle\)$/],
    ['screw pitch negative', script({ id: 's1', move: ['nut'], screw: { axis: { coaxialWith: 'bolt' }, pitch: -1.5, turns: 2 } }), /step "s1": screw\.pitch: expected a pitch > 0/],
    ['screw pitch a word', script({ id: 's1', move: ['nut'], screw: { axis: { coaxialWith: 'bolt' }, pitch: 'coarse', turns: 2 } }), /step "s1": screw\.pitch: expected a pitch > 0 \(mm per turn\) or "thread"/],
    ['expect', script({ ...ok, expect: 'stuck' }), /step "s1": expect: expected "free" or "blocked"/],
    ['then', script({ ...ok, then: 'delete' }), /step "s1": then: expected "remove"/],
    ['ignore', script({ ...ok, ignore: [['bolt']] }), /step "s1": ignore\[0\]: expected a pair of part paths/],
    ['tolerance', script({ ...ok, tolerance: -1 }), /step "s1": tolerance: expected a tolerance ≥ 0/],
    ['unknown step field', script({ ...ok, speed: 3 }), /step "s1": .*speed/],
  ])('%s', (_name, value, message) => {
    expect(fails(value)).toMatch(message);
  });

  it('duplicate ids and bad JSON', () => {
    expect(fails(script(ok, ok))).toMatch(/step "s1" \(steps\[1\]\): id: the id is used by an earlier step/);
    expect(fails('{ "schema": ')).toMatch(/x\.motion\.json: not valid JSON/);
  });

  it('the bundled sample scripts are valid', () => {
    for (const f of ['samples/rig.motion.json', 'samples/shaft-bearings.motion.json']) expect(() => parseMotionScript(readFileSync(f, 'utf8'), f)).not.toThrow();
  });
});

describe('motion script: names and axes are checked against the assembly before anything runs', () => {
  let rig: Assembly;
  beforeAll(async () => {
    rig = await loadAssembly('samples/rig.step');
  });
  const run = (...steps: unknown[]): string => {
    try {
      simulate(rig, script(...steps), { source: 'x.motion.json' });
    } catch (error) {
      return `${(error as { code: string }).code}: ${(error as Error).message}`;
    }
    throw new Error('expected an error');
  };
  it('an empty script (what disassemble writes when nothing comes out) runs and answers no steps', () => {
    const result = simulate(rig, parseMotionScript({ schema: 'surfcd/motion@1', steps: [] }, 'x.motion.json'));
    expect(result.steps).toEqual([]);
  });
  it('an unknown part, even in a later step', () => {
    expect(run(ok, { ...ok, id: 's2', move: ['bolts'] })).toMatch(/^UNKNOWN_PART: x\.motion\.json: step "s2": move\[0\]: no part or product node matches "bolts".*"bolt"/);
    expect(run({ ...ok, ignore: [['bolt', 'cable']] })).toMatch(/step "s1": ignore\[0\]\[1\]: no part or product node matches "cable"/);
  });
  it('a constraint that does not exist', () => {
    expect(run({ ...ok, translate: { along: { coaxialWith: 'nut' }, distance: 5 }, move: ['pin'] })).toMatch(
      /^INVALID_SCRIPT: x\.motion\.json: step "s1": translate\.along\.coaxialWith: no coaxial constraint between the moved parts and "nut" \(they have no constraint at all\)/,
    );
    expect(run({ id: 's1', move: ['pin'], translate: { along: { coaxialWith: 'plate' }, distance: 5 } })).toMatch(/no coaxial constraint .* "plate" \(they have only against, tangent\)/);
  });
  it('a sense that cannot pick a side', () => {
    expect(run({ id: 's1', move: ['bolt'], translate: { along: { coaxialWith: 'plate', sense: [1, 0, 0] }, distance: 5 } })).toMatch(/step "s1": translate\.along\.sense: the hint \[1, 0, 0\] is perpendicular to the axis/);
  });
});
