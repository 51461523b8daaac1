import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisRayCrossing, closestPointOnTriangle, windingNumber } from '../../src/math/pointInSolid.js';
import { distanceToPart, partIsClosed, pointInPart } from '../../src/verdict/partSolid.js';
import { partFromMesh } from '../../src/index.js';
import { box, shaft, washer } from '../verdict/solidFixtures.js';

const solids = [
  partFromMesh(box('box', [0, 0, 0], [1, 1, 1])),
  partFromMesh(shaft('shaft', 2, -1, 3, 17, 0.3)),
  partFromMesh(washer('washer', 1, 3, 0, 1, 11, 0.1)),
];

describe('winding numbers', () => {
  it('the generalized winding number is 1 inside and 0 outside, up to a hair from a face', () => {
    const { positions, indices } = solids[0]!;
    expect(windingNumber(positions, indices, 0.5, 0.5, 0.5)).toBeCloseTo(1, 12);
    expect(windingNumber(positions, indices, 1.5, 0.5, 0.5)).toBeCloseTo(0, 12);
    expect(windingNumber(positions, indices, 0.3, 0.4, 1 - 1e-9)).toBeCloseTo(1, 6);
    expect(windingNumber(positions, indices, 0.3, 0.4, 1 + 1e-9)).toBeCloseTo(0, 6);
  });

  it('rays through shared edges and vertices count once (watertight): the centre of a unit box', () => {
    // The +x ray from the centre hits face x = 1 exactly on its diagonal; +y and +z likewise.
    expect(pointInPart(solids[0]!, 0.5, 0.5, 0.5)).toBe('inside');
    // A ray along the line of a box edge from outside: winding 0 on all three axes.
    expect(pointInPart(solids[0]!, -1, 0, 0)).toBe('outside');
    for (const [y, z] of [[0, 0], [1, 1], [0.5, 1], [1, 0.25]]) {
      let w = 0;
      const tri = new Float64Array(9);
      const part = solids[0]!;
      for (let t = 0; t < part.indices.length / 3; t++) {
        for (let k = 0; k < 3; k++) for (let c = 0; c < 3; c++) tri[3 * k + c] = part.positions[3 * part.indices[3 * t + k]! + c]!;
        w += axisRayCrossing(tri, 0, 0, -1, y!, z!);
      }
      expect(w, `ray along y=${y}, z=${z}`).toBe(0);
    }
  });

  it('pointInPart agrees with the rounded generalized winding number off the surface (property)', () => {
    for (const part of solids) expect(partIsClosed(part)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.double({ min: -4, max: 4, noNaN: true }), fc.double({ min: -4, max: 4, noNaN: true }), fc.double({ min: -2, max: 4, noNaN: true }), (s, x, y, z) => {
        const part = solids[s]!;
        const w = windingNumber(part.positions, part.indices, x, y, z);
        if (Math.abs(w - Math.round(w)) > 1e-6) return; // on the surface: both answers are fair
        if (distanceToPart(part, x, y, z, new Float64Array(3)) < 1e-9) return;
        expect(pointInPart(part, x, y, z)).toBe(Math.round(w) === 1 ? 'inside' : 'outside');
      }),
      { numRuns: 300 },
    );
  });

  it('an open mesh is not closed, and its rays may disagree', () => {
    const open = partFromMesh({ ...box('open', [0, 0, 0], [1, 1, 1]), surfaces: null, indices: (box('o', [0, 0, 0], [1, 1, 1]).indices as number[]).slice(0, 30) });
    expect(partIsClosed(open)).toBe(false);
  });
});

describe('distance to a part', () => {
  it('equals brute force over all triangles (property)', () => {
    const out = new Float64Array(3), tri = new Float64Array(9);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: -6, max: 6, noNaN: true }), (s, x, y, z) => {
        const part = solids[s]!;
        let best = Infinity;
        for (let t = 0; t < part.indices.length / 3; t++) {
          for (let k = 0; k < 3; k++) for (let c = 0; c < 3; c++) tri[3 * k + c] = part.positions[3 * part.indices[3 * t + k]! + c]!;
          best = Math.min(best, Math.sqrt(closestPointOnTriangle(tri, 0, x, y, z, out)));
        }
        expect(distanceToPart(part, x, y, z, out)).toBeCloseTo(best, 9);
      }),
      { numRuns: 200 },
    );
  });
});
