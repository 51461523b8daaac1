// The shortcuts of the solid queries must give the answers of the plain queries, bit for bit:
// the short ray of pointInPart (with its fallback when the point lies on the mesh) against
// the majority of the three + rays, and the hinted nearest-point search against the
// unbounded one, closest point included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisWindings, distanceToPart, distanceToPartNear, pointInPart } from '../../src/collide/partSolid.js';
import { partFromMesh } from '../../src/index.js';
import { SolidProbe } from '../../src/collide/solidProbe.js';
import { box, bumpyBlock, shaft, washer } from './solidFixtures.js';

const solids = [
  partFromMesh(box('box', [0, 0, 0], [1, 1, 1], 3)),
  partFromMesh(shaft('shaft', 2, -1, 3, 17, 0.3)),
  partFromMesh(washer('washer', 1, 3, 0, 1, 11, 0.1)),
  partFromMesh(bumpyBlock('bumpy', 12)),
];

/** What pointInPart answered before the shortcuts: two of the three + rays. */
function majority(part: (typeof solids)[number], x: number, y: number, z: number): string {
  const b = part.bounds;
  if (x < b[0]! || y < b[1]! || z < b[2]! || x > b[3]! || y > b[4]! || z > b[5]!) return 'outside';
  const w = axisWindings(part, x, y, z);
  const ones = [...w].filter((v) => v === 1).length, zeros = [...w].filter((v) => v === 0).length;
  return ones >= 2 ? 'inside' : zeros >= 2 ? 'outside' : 'unsure';
}

/** Coordinates that put points on the mesh, on its edges' lines and at its vertices, where rays meet it exactly. */
const onMesh = (part: (typeof solids)[number]) =>
  fc.tuple(fc.nat(part.positions.length / 3 - 1), fc.nat(part.positions.length / 3 - 1), fc.nat(part.positions.length / 3 - 1), fc.constantFrom(0, 0.5, 1, 0.25)).map(([a, b, c, s]) => {
    const p = part.positions;
    // a vertex, the midpoint of two vertices, or mixed coordinates of three vertices
    return s === 1 ? [p[3 * a]!, p[3 * b + 1]!, p[3 * c + 2]!] : [0, 1, 2].map((k) => (1 - s) * p[3 * a + k]! + s * p[3 * b + k]!);
  });

describe('pointInPart casts the shorter ray', () => {
  it('answers as the three + rays do, off and on the mesh (property)', () => {
    fc.assert(
      fc.property(fc.nat(solids.length - 1).chain((s) => fc.tuple(fc.constant(s), fc.oneof(onMesh(solids[s]!), fc.tuple(fc.double({ min: -4, max: 4, noNaN: true }), fc.double({ min: -4, max: 4, noNaN: true }), fc.double({ min: -2, max: 4, noNaN: true }))))), ([s, [x, y, z]]) => {
        const part = solids[s]!;
        expect(pointInPart(part, x!, y!, z!)).toBe(majority(part, x!, y!, z!));
      }),
      { numRuns: 600 },
    );
  });

  it('a point on a face far from the bounds it is near: the fallback to the + ray decides', () => {
    const part = solids[0]!;
    // (0.1, 0.5, 0.5) on no face: inside; (0, 0.5, 0.5) on the x = 0 face, nearer the low bound
    expect(pointInPart(part, 0.1, 0.5, 0.5)).toBe('inside');
    expect(pointInPart(part, 0, 0.5, 0.5)).toBe(majority(part, 0, 0.5, 0.5));
    expect(pointInPart(part, 0, 1 / 3, 0.2)).toBe(majority(part, 0, 1 / 3, 0.2));
  });
});

describe('distanceToPartNear', () => {
  it('returns the distance and closest point of distanceToPart, bit for bit, whatever the hint (property)', () => {
    const plain = new Float64Array(3), hinted = new Float64Array(3), hint = new Float64Array(3);
    const coordinate = fc.double({ min: -6, max: 6, noNaN: true });
    fc.assert(
      fc.property(fc.nat(solids.length - 1), coordinate, coordinate, coordinate, coordinate, coordinate, coordinate, (s, x, y, z, hx, hy, hz) => {
        const part = solids[s]!;
        distanceToPart(part, hx, hy, hz, hint); // a point of the surface, as a march's previous sample leaves it
        const d = distanceToPart(part, x, y, z, plain);
        expect(distanceToPartNear(part, x, y, z, hinted, hint)).toBe(d);
        expect([...hinted]).toEqual([...plain]);
        // the hint at the answer itself, and a hint that is the point
        expect(distanceToPartNear(part, x, y, z, hinted, Float64Array.from(plain))).toBe(d);
        expect([...hinted]).toEqual([...plain]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('SolidProbe', () => {
  it('answers a run of nearby samples as pointInPart and distanceToPart do, closest point included (property)', () => {
    const closest = new Float64Array(3);
    const step = fc.double({ min: -0.3, max: 0.3, noNaN: true });
    fc.assert(
      fc.property(fc.nat(solids.length - 1), fc.array(fc.tuple(step, step, step), { minLength: 1, maxLength: 40 }), (s, steps) => {
        const part = solids[s]!;
        const probe = new SolidProbe(part);
        // a walk from a point near the middle of the part, as a march and its refinement sample
        const b = part.bounds;
        let x = (b[0]! + b[3]!) / 2 + 0.1, y = (b[1]! + b[4]!) / 2, z = (b[2]! + b[5]!) / 2;
        for (const [dx, dy, dz] of steps) {
          x += dx; y += dy; z += dz;
          const inside = pointInPart(part, x, y, z) === 'inside';
          const expected = inside ? distanceToPart(part, x, y, z, closest) : 0;
          expect(probe.depthInside(x, y, z)).toBe(expected);
          if (inside) expect([...probe.closest]).toEqual([...closest]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
