/**
 * The fitter's moves of the fastener samples (samples/<name>.truth.json `moves`), each run
 * from the assembled state through `simulate`: translations of threaded parts held, screws
 * about the thread free, clamped plates held until the fastener is out, drawn-in overlaps
 * (a spring drawn compressed) allowed.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAssembly } from '../../src/spatial/load.js';
import { simulate } from '../../src/simulate/simulate.js';
import type { Assembly } from '../../src/model/types.js';
import { sample } from '../helpers/shared.js';

interface Move {
  part: string;
  translate?: [number, number, number];
  screw?: { axis: { point: [number, number, number]; direction: [number, number, number] }; pitch: number; turns: number };
  expect: 'free' | 'blocked';
  why: string;
}
const movesOf = (name: string): Move[] => JSON.parse(readFileSync(sample(`${name}.truth.json`), 'utf8')).moves as Move[];

/**
 * The same advance in at most 1.5 turns (a coarser pitch): any pitch about the thread's axis
 * frees it, and the conservative advancement's cost grows with the angle turned.
 */
function fewerTurns(screw: NonNullable<Move['screw']>): NonNullable<Move['screw']> {
  if (screw.turns <= 1.5) return screw;
  return { ...screw, pitch: (screw.pitch * screw.turns) / 1.5, turns: 1.5 };
}

describe('simulate: the fitter\'s moves of the fastener samples', () => {
  const assemblies = new Map<string, Assembly>();
  const names = ['bolt-nut', 'bolt-washer-nut', 'captive-nut', 'clamped-stack', 'compressed-spring', 'gear-pair-unclocked', 'press-fit-pins', 'screw-tapped'];
  beforeAll(async () => {
    for (const n of names) assemblies.set(n, await loadAssembly(sample(`${n}.step`)));
  });

  for (const name of names) {
    it(`${name}: every move meets its truth`, () => {
      const assembly = assemblies.get(name)!;
      for (const [k, move] of movesOf(name).entries()) {
        const length = move.translate ? Math.hypot(...move.translate) : 0;
        const step = move.translate
          ? { id: `m${k}`, move: [move.part], translate: { direction: move.translate, distance: length } }
          : { id: `m${k}`, move: [move.part], screw: fewerTurns(move.screw!) };
        const s = simulate(assembly, { schema: 'surfcd/motion@1', steps: [step] }).steps[0]!;
        const expected = move.expect;
        expect(s.status, `${name}: ${move.part} ${JSON.stringify(move.translate ?? move.screw)} (${move.why}): ${s.message ?? ''}`).toBe(expected);
        // a drawn-in overlap left behind is named (pin-p6's 0.01 mm is within the touching tolerance)
        if (/along the teeth/.test(move.why) || move.part === 'pin-visible') expect(s.startingOverlap?.with, `${name}: ${move.part}`).toBeTruthy();
        if (expected === 'blocked') {
          // what blocks is named, and touches where the move stopped
          expect(s.blocking.length + (s.heldBy ? 1 : 0)).toBeGreaterThan(0);
        }
        if (/held by the (M\d+) thread of (\S+)/.test(move.why) && expected === 'blocked') {
          const [, size, other] = /held by the (M\d+) thread of (\S+)/.exec(move.why)!;
          expect(s.message).toBe(`held by the ${size} thread of ${other}`);
          expect(s.travelled.distance).toBe(0);
        }
      }
    });
  }
});
