import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceCollide, partFromMesh, type Part } from '../../src/index.js';
import { distance, timeOfImpact } from '../../src/motion/index.js';
import { mulberry32, randomPose, randomSoup } from '../helpers/soup.js';
import { IDENTITY, blockWithHole, box, cylinder, pose, rotate, sphere, tetrahedron } from './shapes.js';

/** Column-major pose moved by a world translation. */
const shifted = (p: number[], t: number[]): number[] => p.map((v, i) => (i >= 12 && i < 15 ? v + t[i - 12]! : v));

describe('timeOfImpact: analytic answers', () => {
  it('box into box: the face meets the face at the gap', () => {
    const a = box('a', [0, 0, 0], [1, 1, 1]);
    const b = box('b', [3, 0.5, 0.25], [4, 2, 2]);
    const { hit } = timeOfImpact(a, IDENTITY, b, IDENTITY, [10, 0, 0]);
    expect(hit).not.toBeNull();
    expect(hit!.fraction).toBeCloseTo(0.2, 14);
    expect(hit!.distance).toBeCloseTo(2, 13);
    expect(hit!.surfaceA).toBe(1); // +x face of A
    expect(hit!.surfaceB).toBe(0); // −x face of B
    expect(hit!.point[0]).toBeCloseTo(3, 13);
    expect(hit!.normal).toEqual([-1, 0, 0].map((v) => expect.closeTo(v, 12)));
  });

  it('misses when the path passes beside, and stops at the move', () => {
    const a = box('a', [0, 0, 0], [1, 1, 1]);
    const b = box('b', [3, 1.5, 0], [4, 2, 1]);
    expect(timeOfImpact(a, IDENTITY, b, IDENTITY, [10, 0, 0]).hit).toBeNull();
    expect(timeOfImpact(a, IDENTITY, box('c', [3, 0, 0], [4, 1, 1]), IDENTITY, [1.9, 0, 0]).hit).toBeNull();
    expect(timeOfImpact(a, IDENTITY, box('c', [3, 0, 0], [4, 1, 1]), IDENTITY, [2, 0, 0]).hit!.fraction).toBe(1);
  });

  it('cylinder into hole: a sideways move hits the wall after R − r', () => {
    const hole = blockWithHole('hole', 20, 10, 0, 10, 32);
    const shaft = cylinder('shaft', 9, 2, 8, 32);
    const { hit } = timeOfImpact(shaft, IDENTITY, hole, IDENTITY, [5, 0, 0]);
    expect(hit!.distance).toBeCloseTo(1, 12);
    expect(hit!.surfaceA).toBe(0);
    expect(hit!.surfaceB).toBe(0);
    // Along the axis the shaft slides through freely.
    expect(timeOfImpact(shaft, IDENTITY, hole, IDENTITY, [0, 0, 30]).hit).toBeNull();
  });

  it('sphere onto plane: the pole touches at h − r', () => {
    const plate = box('plate', [-10, -10, -1], [10, 10, 0]);
    const ball = sphere('ball', 2, [1, 2, 7]);
    const { hit } = timeOfImpact(ball, IDENTITY, plate, IDENTITY, [0, 0, -20]);
    expect(hit!.distance).toBeCloseTo(5, 12);
    expect(hit!.feature).toBe('vertex-face');
    expect(hit!.point).toEqual([1, 2, 0].map((v) => expect.closeTo(v, 12)));
    expect(hit!.normal).toEqual([0, 0, 1].map((v) => expect.closeTo(v, 12)));
  });

  it('edge–edge crossing: two ridges meet in the middle of their edges', () => {
    // A's lowest feature is an edge along x at z = 3; B's highest an edge along y at z = 1.
    const a = tetrahedron('a', [[-2, 0, 3], [2, 0, 3], [0, -1, 5], [0, 1, 5]]);
    const b = tetrahedron('b', [[0, -2, 1], [0, 2, 1], [-1, 0, -1], [1, 0, -1]]);
    const { hit } = timeOfImpact(a, IDENTITY, b, IDENTITY, [0, 0, -4]);
    expect(hit!.feature).toBe('edge-edge');
    expect(hit!.fraction).toBeCloseTo(0.5, 14);
    expect(hit!.point).toEqual([0, 0, 1].map((v) => expect.closeTo(v, 12)));
    expect(Math.abs(hit!.normal[2])).toBeCloseTo(1, 12);
  });

  it('rotated poses: the same scene under any rigid motion gives the same answer', () => {
    const rnd = mulberry32(7);
    const a = box('a', [0, 0, 0], [1, 1, 1]);
    const b = box('b', [3, 0.5, 0.25], [4, 2, 2]);
    for (let k = 0; k < 10; k++) {
      const axis = [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5];
      const n = Math.hypot(...axis);
      const world = pose(axis.map((v) => v / n), 6 * rnd(), [100 * rnd(), -50 * rnd(), 20]);
      const { hit } = timeOfImpact(a, world, b, world, rotate(world, [10, 0, 0]));
      expect(Math.abs(hit!.distance - 2)).toBeLessThanOrEqual(1e-6 * 1);
    }
  });

  it.each([
    ['~1e4', 1e4, 1],
    ['~1e-3', 1e-3, 1e-3],
  ])('coordinates %s: position error ≤ 1e-6 of the part size', (_name, offset, size) => {
    const a = box('a', [offset, offset, offset], [offset + size, offset + size, offset + size]);
    const b = box('b', [offset + 3 * size, offset + 0.5 * size, offset], [offset + 4 * size, offset + 2 * size, offset + 2 * size]);
    const tilt = pose([0, 0, 1], 0.3, [0, 0, 0]);
    const { hit } = timeOfImpact(a, IDENTITY, b, IDENTITY, [10 * size, 0, 0]);
    expect(Math.abs(hit!.distance - 2 * size)).toBeLessThanOrEqual(1e-6 * size);
    // Tilted about z: A's far corner leads; the gap along x is still exact to solve.
    const wide = box('w', [offset + 3 * size, offset - size, offset], [offset + 4 * size, offset + 2 * size, offset + 2 * size]);
    const { hit: tilted } = timeOfImpact(box('c', [0, 0, 0], [size, size, size]), shifted(tilt, [offset, offset, offset]), wide, IDENTITY, [10 * size, 0, 0]);
    const corner = Math.cos(0.3) * size; // the +x-most corner of the tilted cube, from its origin
    expect(Math.abs(tilted!.distance - (3 * size - corner))).toBeLessThanOrEqual(1e-6 * size);
  });
});

describe('timeOfImpact: no tunnelling', () => {
  it('a 0.1 mm wall stops a 100 mm move at the wall', () => {
    const wall = box('wall', [50, -20, -20], [50.1, 20, 20]);
    const block = box('block', [0, 0, 0], [5, 5, 5]);
    const { hit } = timeOfImpact(block, IDENTITY, wall, IDENTITY, [100, 0, 0]);
    expect(hit!.distance).toBeCloseTo(45, 12);
    // and from the far side
    const back = timeOfImpact(block, pose([0, 0, 1], 0, [60, 0, 0]), wall, IDENTITY, [-100, 0, 0]).hit;
    expect(back!.distance).toBeCloseTo(60 - 50.1, 12);
  });
});

describe('timeOfImpact: approach mode (starting contacts)', () => {
  const plate = box('plate', [-10, -10, -1], [10, 10, 0]);
  const block = box('block', [0, 0, 0], [1, 1, 1]);
  it('resting on a face: lifting and sliding are free, pushing in is a hit at 0', () => {
    expect(timeOfImpact(block, IDENTITY, plate, IDENTITY, [0, 0, 5], { mode: 'approach' }).hit).toBeNull();
    expect(timeOfImpact(block, IDENTITY, plate, IDENTITY, [3, 2, 0], { mode: 'approach' }).hit).toBeNull();
    const down = timeOfImpact(block, IDENTITY, plate, IDENTITY, [0, 0, -5], { mode: 'approach' }).hit;
    expect(down!.fraction).toBe(0);
    expect(down!.normal).toEqual([0, 0, 1].map((v) => expect.closeTo(v, 12)));
    // exact mode calls the resting contact a hit at 0 whatever the direction
    expect(timeOfImpact(block, IDENTITY, plate, IDENTITY, [0, 0, 5]).hit!.fraction).toBe(0);
  });
  it('a vertex already inside by less than the skin and moving deeper is a hit at 0', () => {
    const sunk = pose([0, 0, 1], 0, [0, 0, -0.001]);
    expect(timeOfImpact(block, sunk, plate, IDENTITY, [0, 0, -1], { mode: 'approach', skin: 0.01 }).hit!.fraction).toBe(0);
    expect(timeOfImpact(block, sunk, plate, IDENTITY, [0, 0, -0.5], { mode: "approach", skin: 0.0001 }).hit).toBeNull();
  });
});

describe('timeOfImpact: against dense sampling on random soups', () => {
  function minDistance(a: Part, pa: number[], b: Part): number {
    const r = distance(a, pa, b, IDENTITY);
    return r.closest ? r.closest.distance : Infinity;
  }
  it('the sampled first hit is never earlier than the reported one, and the reported contact is real', () => {
    let hits = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rnd = mulberry32(seed);
        const a = randomSoup('a', seed, { triangles: 20, surfaces: 3, grid: 0, size: 4, degenerate: 0, offset: [-2, -2, -2] });
        const b = randomSoup('b', seed + 1, { triangles: 20, surfaces: 3, grid: 0, size: 4, degenerate: 0, offset: [6, -2, -2] });
        const start = randomPose(rnd, 2).elements as unknown as number[];
        const startPose = Array.from(start);
        const move = [12 + 4 * rnd(), 2 * (rnd() - 0.5), 2 * (rnd() - 0.5)];
        const { hit } = timeOfImpact(a, startPose, b, IDENTITY, move);
        const reported = hit ? hit.fraction : Infinity;
        const samples = 200;
        for (let i = 0; i <= samples; i++) {
          const f = i / samples;
          if (f >= reported) break;
          const at = shifted(startPose, move.map((v) => v * f));
          expect(bruteForceCollide(a, at, b, IDENTITY, { mode: 'first-surface' }).intersecting).toBe(false);
        }
        if (hit) {
          hits++;
          const at = shifted(startPose, move.map((v) => v * hit.fraction));
          const size = 20;
          expect(minDistance(a, at, b)).toBeLessThanOrEqual(1e-9 * size);
        }
      }),
      { numRuns: 40 },
    );
    expect(hits).toBeGreaterThan(10); // the soups are placed so that most paths do hit
  });
});

describe('timeOfImpact: bad input', () => {
  it('names the query and the field', () => {
    const a = box('a', [0, 0, 0], [1, 1, 1]);
    expect(() => timeOfImpact(a, IDENTITY, a, IDENTITY, [1, Number.NaN, 0])).toThrow(/timeOfImpact: translation\[1\] is NaN/);
    expect(() => timeOfImpact(a, [1, 2], a, IDENTITY, [1, 0, 0])).toThrow(/pose of part "a"/);
    expect(() => timeOfImpact(a, IDENTITY, a, IDENTITY, [1, 0, 0], { skin: -1 })).toThrow(/skin/);
  });
  it('an empty part never hits', () => {
    const empty = partFromMesh({ name: 'empty', positions: [] });
    expect(timeOfImpact(empty, IDENTITY, box('b', [0, 0, 0], [1, 1, 1]), IDENTITY, [1, 0, 0]).hit).toBeNull();
  });
});
