import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAssembly, type Assembly } from '../../src/index.js';
import { simulationJson, simulationTable } from '../../src/report/simulationReport.js';
import { simulate, type SimulationResult } from '../../src/simulate/simulate.js';

/**
 * The bundled rig script, with the nut run off its 8 mm of thread in 1.1 turns of an 8 mm
 * pitch instead of nine turns of 1.5 mm (any pitch frees a thread; the full unscrewing runs
 * in the CLI and the bench).
 */
function rigScript(): { schema: string; steps: { id: string; screw?: { turns?: number; pitch?: number | string } }[] } {
  const script = JSON.parse(readFileSync('samples/rig.motion.json', 'utf8'));
  const nut = script.steps.find((s: { id: string }) => s.id === 'nut-off');
  nut.screw.turns = 1.1;
  nut.screw.pitch = 8;
  return script;
}

describe('simulate: the rig maintenance sequence (samples/rig.motion.json)', () => {
  let rig: Assembly;
  let result: SimulationResult;
  beforeAll(async () => {
    rig = await loadAssembly('samples/rig.step');
    result = simulate(rig, rigScript(), { source: 'rig.motion.json' });
  });
  const step = (id: string) => result.steps.find((s) => s.id === id)!;
  const named = (id: string): string => {
    const b = step(id).blocking[0]!;
    return `${b.moving.part}:${b.moving.surface}(${b.moving.kind}) / ${b.other.part}:${b.other.surface}(${b.other.kind})`;
  };

  it('every step meets its expectation', () => {
    expect(result.steps.map((s) => `${s.id}:${s.status}`)).toEqual([
      'bolt-down:blocked', 'nut-up:blocked', 'nut-off:free', 'bolt-out:free', 'pin-sideways:blocked', 'pin-out:free',
      'bearing-first:blocked', 'shaft-sideways:blocked', 'shaft-down:blocked', 'shaft-turns:free', 'shaft-out:free', 'bearing-out:free',
    ]);
    expect(result.summary.notMet).toBe(0);
  });

  it('the bolt and the nut are held by the M10 thread; a bolt whose nut has turned one turn is still held', () => {
    expect(step('bolt-down').heldBy).toEqual({ part: 'nut', constraint: 'threaded', thread: 'M10' });
    expect(step('bolt-down').message).toBe('held by the M10 thread of nut');
    expect(step('nut-up').message).toBe('held by the M10 thread of bolt');
    expect(step('nut-off').heldBy).toBeNull();
    const oneTurn = {
      schema: 'surfcd/motion@1',
      steps: [
        { id: 'nut-turn', move: ['nut'], screw: { axis: { coaxialWith: 'bolt' }, pitch: 'thread', turns: 1 }, expect: 'free' },
        { id: 'bolt-out', move: ['bolt'], translate: { along: { coaxialWith: 'plate' }, distance: 'clear' }, expect: 'blocked' },
      ],
    };
    const r = simulate(rig, oneTurn);
    expect(r.steps.map((s) => `${s.id}:${s.status}:${s.travelled.distance}`)).toEqual(['nut-turn:free:1.5', 'bolt-out:blocked:0']);
    expect(r.steps[1]!.message).toBe('held by the M10 thread of nut');
  });

  it('blocked steps stop at 0 mm and name the surfaces a person would name', () => {
    for (const id of ['bolt-down', 'nut-up', 'pin-sideways', 'bearing-first', 'shaft-sideways', 'shaft-down']) expect(step(id).travelled.distance).toBe(0);
    expect(named('bolt-down')).toBe('bolt:3(plane) / plate:2(plane)'); // head underside on the plate top
    expect(named('nut-up')).toBe('nut:4(plane) / plate:4(plane)'); // nut face on the plate bottom
    expect(named('pin-sideways')).toBe('pin:1(cylinder) / plate:10(plane)'); // pin against the slot flank at x = 42
    expect(named('bearing-first')).toBe('bearing:4(plane) / shaft:2(plane)'); // the shaft's shoulder sits on the flange
    expect(named('shaft-sideways')).toBe('shaft:1(cylinder) / bearing:5(cylinder)'); // Ø20 shaft against the Ø20 bore
    expect(step('shaft-sideways').blocking[0]!.moving.diameter).toBeCloseTo(20, 3);
    expect(named('shaft-down')).toBe('shaft:2(plane) / bearing:4(plane)'); // shoulder on the flange
  });

  it('free steps travel the whole way; "clear" is the distance out of every other box; removed parts leave the scene', () => {
    expect(step('bolt-out').travelled.distance).toBeCloseTo(22.01, 6); // shank bottom z = -12 → plate top z = 10, plus the tolerance
    expect(step('pin-out').travelled.distance).toBeCloseTo(15.01, 6); // pin bottom z = -5 → 10
    expect(step('shaft-out').travelled.distance).toBeCloseTo(28.01, 6); // shaft bottom z = -15 → bearing top z = 13
    expect(step('bearing-out').travelled.distance).toBeCloseTo(10.01, 6); // bearing bottom z = 0 → plate top z = 10
    expect(step('bearing-out').removed).toBe(true);
    const pose = step('shaft-out').poses[0]!;
    expect(pose.position).toEqual([0, 0, 28.01]);
    expect(pose.quaternion[3]).toBeCloseTo(Math.cos(Math.PI / 4), 8); // turned 90° about z by shaft-turns
    // Clearance is measured to parts not touched at the start: the shaft passes the plate's Ø30 bore 5 mm off, behind the bearing.
    const c = step('shaft-out').clearance!;
    expect(c.other.part).toBe('plate');
    expect(c.distance).toBeGreaterThan(2.9);
  });

  it('same inputs give byte-identical JSON, and the table reads as one line per step', () => {
    // Byte-identical on a short script (the whole sequence runs once above).
    const short = { schema: 'surfcd/motion@1', steps: rigScript().steps.filter((s) => ['shaft-sideways', 'shaft-turns', 'shaft-out'].includes(s.id)) };
    expect(simulationJson(simulate(rig, short))).toBe(simulationJson(simulate(rig, short)));
    const json = JSON.parse(simulationJson(result));
    expect(json.schema).toBe('surfcd/simulation@1');
    const table = simulationTable(result);
    expect(table).toMatch(/^✔ shaft-sideways  blocked at 0\.0 mm: shaft face 1 \(cylinder Ø20\) against bearing face 5 \(cylinder Ø20\)/m);
    expect(table).toMatch(/^✔ bolt-out        free    22\.0 mm$/m);
  });
});
