// A motion query started from inside another's callback (its `ignore`) runs on a scratch of
// its own (motionScratch.ts): both answers are the ones each query gives alone. With the
// queries' candidate lists in module state, the inner query overwrote the outer's.
import { describe, expect, it } from 'vitest';
import { distance, timeOfImpact } from '../../src/motion/index.js';
import { IDENTITY, blockWithHole, box, cylinder, sphere } from './shapes.js';

const plate = blockWithHole('plate', 20, 10, 0, 10, 24);
const shaft = cylinder('shaft', 9, 2, 8, 24);
const ball = sphere('ball', 3, [0, 0, 30]);
const wall = box('wall', [-15, -15, 40], [15, 15, 41]);
const cube = box('cube', [30, 0, 0], [31, 1, 1]);
const block = box('block', [35, -1, -1], [36, 2, 2]);

const inner = (): unknown[] => [
  timeOfImpact(ball, IDENTITY, wall, IDENTITY, [0, 0, 20]).hit,
  timeOfImpact(cube, IDENTITY, block, IDENTITY, [10, 0, 0]).hit,
  distance(ball, IDENTITY, wall, IDENTITY).closest,
  distance(shaft, IDENTITY, cube, IDENTITY, { ignore: () => false }).closest,
];

describe('motion queries started inside another query', () => {
  const alone = {
    impact: timeOfImpact(shaft, IDENTITY, plate, IDENTITY, [5, 0, 0], { ignore: () => false }),
    gap: distance(shaft, IDENTITY, plate, IDENTITY, { ignore: () => false }),
    inner: inner(),
  };

  it('time of impact: the outer hit and every inner answer are those of the queries alone', () => {
    const seen: unknown[][] = [];
    const nested = timeOfImpact(shaft, IDENTITY, plate, IDENTITY, [5, 0, 0], {
      ignore: () => {
        seen.push(inner());
        return false;
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(nested.hit).toEqual(alone.impact.hit);
    expect(nested.stats).toEqual(alone.impact.stats);
    for (const answers of seen) expect(answers).toEqual(alone.inner);
  });

  it('distance: the same', () => {
    const seen: unknown[][] = [];
    const nested = distance(shaft, IDENTITY, plate, IDENTITY, {
      ignore: () => {
        seen.push(inner());
        return false;
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(nested.closest).toEqual(alone.gap.closest);
    for (const answers of seen) expect(answers).toEqual(alone.inner);
  });
});
