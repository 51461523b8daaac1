import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partFromMesh } from '../../src/index.js';
import { timeOfImpact, ToiWork, translationToi } from '../../src/motion/index.js';
import { firstImpact } from '../../src/motion/firstImpact.js';
import { mulberry32, randomPose, randomSoup } from '../helpers/soup.js';
import { IDENTITY } from './shapes.js';

describe('resuming after an event', () => {
  // A large floor triangle facing +z and a tilted triangle above it whose vertices are
  // 1, 2 and 3 mm up: moving down, each vertex meets the face at its own time.
  const floor = new Float64Array([-50, -50, 0, 50, -50, 0, 0, 50, 0]);
  const tilted = new Float64Array([0, 0, 1, 1, 0, 2, 0, 1, 3]);
  const down = new Float64Array([0, 0, -10]);
  const exact = { approach: false, skin: 0, minDepth: 0, horizon: 1 };
  it('a later feature of the same triangle pair is still found past `after`', () => {
    const work = new ToiWork();
    expect(translationToi(tilted, floor, down, 1, exact, work)).toBeCloseTo(0.1, 12);
    // the hit is the caller's: the first vertex on the floor, pushed back along +z
    expect([work.featureName, ...work.point, ...work.normal].map((v) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 + 0 : v))).toEqual(['vertex-face', 0, 0, 0, 0, 0, 1]);
    expect(translationToi(tilted, floor, down, 1, { ...exact, after: 0.15 }, work)).toBeCloseTo(0.2, 12);
    expect(Array.from(work.point).map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual([1, 0, 0]);
    expect(translationToi(tilted, floor, down, 1, { ...exact, after: 0.25 }, work)).toBeCloseTo(0.3, 12);
    expect(translationToi(tilted, floor, down, 1, { ...exact, after: 0.35 }, work)).toBe(Infinity);
  });
  it('timeOfImpact with `after` finds the next contact of the same parts', () => {
    const a = partFromMesh({ name: 'tilted', positions: Array.from(tilted), surfaces: [{ first: 0, last: 0 }] });
    const b = partFromMesh({ name: 'floor', positions: Array.from(floor), surfaces: [{ first: 0, last: 0 }] });
    expect(timeOfImpact(a, IDENTITY, b, IDENTITY, [0, 0, -10]).hit!.fraction).toBeCloseTo(0.1, 12);
    expect(timeOfImpact(a, IDENTITY, b, IDENTITY, [0, 0, -10], { after: 0.15 }).hit!.fraction).toBeCloseTo(0.2, 12);
  });
});

describe('firstImpact: the windows change the work, never the answer', () => {
  it('equals one search over the whole move, on random soups and several part pairs', () => {
    let hits = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom<'exact' | 'approach'>('exact', 'approach'), (seed, mode) => {
        const rnd = mulberry32(seed);
        const moving = randomSoup('a', seed, { triangles: 16, surfaces: 2, grid: 0, size: 4, degenerate: 0, offset: [-2, -2, -2] });
        const others = [0, 1, 2].map((k) =>
          randomSoup(`b${k}`, seed + 1 + k, { triangles: 16, surfaces: 2, grid: 0, size: 4, degenerate: 0, offset: [4 + 8 * rnd(), -2 + 3 * (rnd() - 0.5), -2] }),
        );
        const start = Array.from(randomPose(rnd, 1).elements);
        const move = [14 + 4 * rnd(), rnd() - 0.5, rnd() - 0.5];
        const after = rnd() < 0.3 ? 0.2 * rnd() : -1;
        const search = (k: number, from: number, until: number) => timeOfImpact(moving, start, others[k]!, IDENTITY, move, { mode, after: from, until, horizon: 1 }).hit;
        let whole: { fraction: number; k: number } | null = null;
        for (let k = 0; k < others.length; k++) {
          const hit = search(k, after, 1);
          if (hit && (!whole || hit.fraction < whole.fraction)) whole = { fraction: hit.fraction, k };
        }
        const windowed = firstImpact([0, 1, 2], search, after);
        if (whole) hits++;
        expect(windowed ? { fraction: windowed.hit.fraction, k: windowed.pair } : null).toEqual(whole);
      }),
      { numRuns: 60 },
    );
    expect(hits).toBeGreaterThan(20);
  });
});
