/**
 * Removal directions and disassembly sequences on the generated fixtures, whose answers are
 * known by construction (the `removal` block of each samples/<name>.mates.json), plus a
 * replay of a generated sequence through `simulate`.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { recognizeConstraints } from '../../src/constraints/recognize.js';
import { disassemble, removalDirections } from '../../src/simulate/removal.js';
import { simulate } from '../../src/simulate/simulate.js';
import type { Assembly } from '../../src/model/types.js';
import { sample } from '../helpers/shared.js';

interface Truth {
  base: string | null;
  before?: [string, string][];
  freeDirections?: Record<string, number[][]>;
  blockedDirections?: Record<string, number[][]>;
  interlocked?: string[];
}
const truth = (name: string): Truth => JSON.parse(readFileSync(sample(`${name}.mates.json`), 'utf8')).removal as Truth;
const same = (a: readonly number[], b: readonly number[]): boolean => Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!) < 1e-6;

const loaded = new Map<string, Assembly>();
const load = async (name: string): Promise<Assembly> => {
  if (!loaded.has(name)) loaded.set(name, await loadAssembly(sample(`${name}.step`)));
  return loaded.get(name)!;
};

describe('disassembly sequences on fixtures with known answers', () => {
  beforeAll(async () => {
    for (const n of ['stack', 'peg-stack', 'flange', 'interlock', 'diagonal']) await load(n);
  });

  for (const name of ['stack', 'peg-stack', 'flange']) {
    it(`${name}: every precedence of the truth holds, everything but the base comes out`, async () => {
      const t = truth(name);
      const plan = await disassemble(await load(name), { base: t.base, directions: 0 });
      const order = plan.steps.map((s) => s.mover.name);
      expect(plan.interlock).toBeNull();
      expect(plan.remaining).toEqual([t.base]);
      for (const [first, then] of t.before ?? []) expect(order.indexOf(first), `${first} before ${then} in ${order.join(', ')}`).toBeLessThan(order.indexOf(then));
      // every step is free along its direction, which the truth's free directions include for the first part
      for (const [part, dirs] of Object.entries(t.freeDirections ?? {})) {
        const step = plan.steps.find((s) => s.mover.name === part)!;
        expect(dirs.some((d) => same(d, step.direction)), `${part} leaves along ${step.direction}`).toBe(true);
      }
    });
  }

  it('stack: the generated script replays through simulate with every step free', async () => {
    const assembly = await load('stack');
    const plan = await disassemble(assembly, { base: 'base', directions: 0 });
    expect(plan.script.schema).toBe('surfcd/motion@1');
    expect(plan.script.steps.every((s) => 'translate' in s && s.translate.distance > 0 && s.then === 'remove' && s.expect === 'free')).toBe(true);
    const run = simulate(assembly, plan.script);
    expect(run.steps.map((s) => s.status)).toEqual(plan.steps.map(() => 'free'));
    expect(run.summary.notMet).toBe(0);
  });

  it('interlock: nothing can move; the interlocked set and a blocking cycle among its links are named', async () => {
    const plan = await disassemble(await load('interlock'), { base: null, directions: 0 });
    expect(plan.steps).toEqual([]);
    expect(plan.interlock!.parts.sort()).toEqual(truth('interlock').interlocked!.sort());
    const cycle = plan.interlock!.cycle;
    expect(cycle.length).toBeGreaterThanOrEqual(2);
    // a cycle: each link is held by the next, and the last by the first
    for (let k = 0; k < cycle.length; k++) expect(cycle[k]!.heldBy).toBe(cycle[(k + 1) % cycle.length]!.part);
  });
});

describe('removal directions', () => {
  it('stack: the lid is free only upwards; the box is held by the lid, named with the surfaces in contact', async () => {
    const assembly = await load('stack');
    const lid = await removalDirections(assembly, 'lid', { directions: 26 });
    const free = lid.directions.filter((d) => d.status === 'free');
    expect(free.length).toBeGreaterThan(0);
    for (const d of free) expect(same(d.direction, [0, 0, 1])).toBe(true);
    const box = await removalDirections(assembly, 'box', { directions: [[0, 0, 1]] });
    expect(box.directions[0]!.status).toBe('blocked');
    expect(box.directions[0]!.blocker!.part).toBe('lid');
  });

  it('diagonal: no axis direction frees the key; the tunnel direction does, from the constraint axis or, without constraints, from the 26-direction sphere sample', async () => {
    const assembly = await load('diagonal');
    const t = truth('diagonal');
    const result = await removalDirections(assembly, 'key', { directions: 26 });
    for (const d of t.blockedDirections!['key']!) expect(result.directions.find((r) => same(r.direction, d))!.status).toBe('blocked');
    const free = result.directions.filter((d) => d.status === 'free');
    expect(free.length).toBeGreaterThan(0);
    for (const d of free) expect(t.freeDirections!['key']!.some((x) => same(x, d.direction))).toBe(true);
    // with no constraints to suggest it, only the sphere sample can find the diagonal
    const bare = { ...recognizeConstraints(assembly), constraints: [] };
    const sampled = await removalDirections(assembly, 'key', { directions: 26, constraints: bare });
    const found = sampled.directions.filter((d) => d.status === 'free');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((d) => d.source.startsWith('sphere'))).toBe(true);
  });

  it('bad input: unknown part, bad direction counts, zero vectors and a node as base are typed errors', async () => {
    const assembly = await load('stack');
    await expect(removalDirections(assembly, 'nope')).rejects.toThrow(/no part or product node "nope"/);
    await expect(removalDirections(assembly, 'lid', { directions: -2 })).rejects.toThrow(/directions: -2/);
    await expect(removalDirections(assembly, 'lid', { directions: [[0, 0, 0]] })).rejects.toThrow(/directions\[0\]/);
    await expect(removalDirections(assembly, 'lid', { tolerance: -1 })).rejects.toThrow(/tolerance/);
    await expect(disassemble(assembly, { base: 'nope' })).rejects.toThrow(/UNKNOWN|no part or product node/);
  });
});

describe('interlock with a base: the blocking cycle never holds the base', () => {
  it('interlock with link-a as the base: link-b and link-c stay, and the cycle (if any) is among them only', async () => {
    const plan = await disassemble(await load('interlock'), { base: 'link-a', directions: 0 });
    const stuck = plan.interlock!.parts;
    expect(stuck).not.toContain('link-a');
    const { cycle, inTheWay } = plan.interlock!;
    for (const l of cycle) {
      expect(l.part).not.toBe('link-a');
      expect(l.heldBy).not.toBe('link-a');
    }
    for (let k = 0; k < cycle.length; k++) expect(cycle[k]!.heldBy).toBe(cycle[(k + 1) % cycle.length]!.part);
    // either a cycle or, when nothing cycles, what is in the way of every stuck part
    if (cycle.length === 0) expect(inTheWay.map((l) => l.part).sort()).toEqual([...stuck].sort());
  });
});

describe('removal: threaded parts (the rig M10 bolt and nut)', () => {
  it('the nut: every translation held by the M10 thread of the bolt, heldBy names it, and the unscrew runs it off along the bolt', async () => {
    const rig = await loadAssembly(sample('rig.step'));
    const nut = await removalDirections(rig, 'nut', { directions: 0 });
    expect(nut.free).toBe(0);
    for (const d of nut.directions) expect(d.blocker?.reason ?? '').toMatch(/held by the M10 thread of bolt|into the face it rests on/);
    expect(nut.heldBy).toEqual([{ part: 'bolt', constraint: 'threaded', thread: 'M10' }]);
    const u = nut.unscrew!;
    expect(u.pitchSource).toBe('thread');
    expect(u.screw.pitch).toBe(1.5);
    // off the bolt's tip: its 8 mm of engagement and the 4 mm the bolt stands out below it
    // (z -12 to -8), 12 mm in whole quarter turns, and a quarter turn more
    expect(u.screw.turns).toBe(8 + 0.25);
    expect(u.screw.axis.direction[2]).toBeCloseTo(-1, 9); // the nut is under the plate: it runs off downwards
    const plate = await removalDirections(rig, 'plate', { directions: 0 });
    expect(plate.heldBy).toContainEqual({ part: 'bolt', constraint: 'clamped', thread: 'M10' });
    const bolt = await removalDirections(rig, 'bolt', { directions: 0 });
    expect(bolt.unscrew).toBeUndefined(); // a bolt in a nut stays; the nut turns
  });
});
