/**
 * A small assembly with known answers for the report tests (no CAD import needed): a Ø10
 * pin in a Ø10.5 plate hole (0.25 mm radial clearance, no contact), a block resting flat
 * on the plate's top beside the hole, and a spacer floating 1 mm above the plate.
 * `PUSHED` moves the pin 2 mm into the hole wall, lifts the block 1 mm and lowers the
 * spacer onto the plate: interference (was clearance), resolved, new.
 */
import type { Assembly } from '../../src/index.js';
import { assemblyOf, band, part, rect, type Patch } from '../constraints/meshes.js';

/** A closed box as 6 surfaces (−z, +z, −x, +x, −y, +y), outward normals. */
function box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): Patch[] {
  const face = (corners: number[][], n: number[]): Patch => ({ positions: corners.flat(), normals: Array(4).fill(n).flat(), indices: [0, 1, 2, 0, 2, 3] });
  return [
    rect(x0, x1, y0, y1, z0, true),
    rect(x0, x1, y0, y1, z1),
    face([[x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0]], [-1, 0, 0]),
    face([[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]], [1, 0, 0]),
    face([[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], [0, -1, 0]),
    face([[x0, y1, z0], [x0, y1, z1], [x1, y1, z1], [x1, y1, z0]], [0, 1, 0]),
  ];
}

export function reportFixture(order: 'plate-first' | 'pin-first' = 'plate-first'): Assembly {
  const plate = part('plate', [band(5.25, 0, 10, { n: 64, inward: true }), rect(10, 40, -10, 10, 10)]);
  const pin = part('pin', [band(5, -2, 12, { n: 64 }), rect(-5, 5, -5, 5, -2, true)]);
  const block = part('block', box(15, 25, -5, 5, 10, 15));
  const spacer = part('spacer', box(28, 32, -2, 2, 11, 13));
  return assemblyOf(order === 'plate-first' ? [plate, pin, block, spacer] : [spacer, block, pin, plate]);
}

export const translate = (x: number, y: number, z: number): number[] => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

/** Pin 2 mm into the hole wall (1.75 mm overlap), block lifted 1 mm, spacer lowered onto the plate. */
export const PUSHED = { pin: translate(2, 0, 0), block: translate(0, 0, 1), spacer: translate(0, 0, -1) };
