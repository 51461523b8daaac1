import { describe, expect, it } from 'vitest';
import { identityRigid } from '../../src/math/rigid.js';
import { surfaceKindToWorld } from '../../src/model/surfaceKind.js';
import { surfaceKindOf } from '../../src/model/surfaceKindOf.js';
import { ring, ringsKeptApart } from '../../src/motion/radialShell.js';
import { contactKeptByMotion } from '../../src/motion/verdict.js';
import { blockWithHole, box, cylinder } from './shapes.js';

const I = identityRigid();

describe('rings about a cylinder axis', () => {
  const pin = cylinder('pin', 5, -10, 10, 24);
  const plate = blockWithHole('plate', 20, 5, -2, 0, 24);
  const tight = blockWithHole('tight', 20, 4.8, -2, 0, 24);
  const side = 0, rim = 1; // pin side surface; the plate's top face around the hole
  it('the ring of a tessellated cylinder about its own axis is [r·cos(π/n), r]', () => {
    const [lo, hi] = ring(pin.surfaces[side]!, I, [0, 0, 0], [0, 0, 1]);
    expect(hi).toBeCloseTo(5, 9);
    expect(lo).toBeCloseTo(5 * Math.cos(Math.PI / 24), 9);
    // The hole's rim face starts at the hole's radius and reaches the outer corners.
    const [rlo, rhi] = ring(plate.surfaces[rim]!, I, [0, 0, 0], [0, 0, 1]);
    expect(rlo).toBeCloseTo(5 * Math.cos(Math.PI / 24), 9);
    expect(rhi).toBeCloseTo(20, 9);
  });
  const kinds = (a: typeof pin, sa: number, b: typeof pin, sb: number) =>
    [surfaceKindToWorld(surfaceKindOf(a.surfaces[sa]!), I), surfaceKindToWorld(surfaceKindOf(b.surfaces[sb]!), I)] as const;
  it('a pin pulled along its axis past the rim of its hole: kept apart; through a hole 0.2 mm too small: not', () => {
    const [kp, kr] = kinds(pin, side, plate, rim);
    expect(kp.type).toBe('cylinder');
    const sag = 5 * (1 - Math.cos(Math.PI / 24));
    expect(ringsKeptApart(pin.surfaces[side]!, I, kp, plate.surfaces[rim]!, I, kr, { kind: 'translate', vector: [0, 0, 30] }, sag + 0.01)).toBe(true);
    expect(ringsKeptApart(pin.surfaces[side]!, I, kp, plate.surfaces[rim]!, I, kr, { kind: 'translate', vector: [0, 0, 30] }, sag / 2)).toBe(false);
    const [, kt] = kinds(pin, side, tight, rim);
    expect(ringsKeptApart(pin.surfaces[side]!, I, kp, tight.surfaces[rim]!, I, kt, { kind: 'translate', vector: [0, 0, 30] }, sag + 0.01)).toBe(false);
    // Pushed sideways the rings move: nothing is promised.
    expect(ringsKeptApart(pin.surfaces[side]!, I, kp, plate.surfaces[rim]!, I, kr, { kind: 'translate', vector: [3, 0, 0] }, sag + 0.01)).toBe(false);
    // Nearly along the axis, the drift over the move counts.
    expect(ringsKeptApart(pin.surfaces[side]!, I, kp, plate.surfaces[rim]!, I, kr, { kind: 'translate', vector: [0.5, 0, 30] }, sag + 0.01)).toBe(false);
    // The same through contactKeptByMotion (allowance = tolerance + the surfaces' chordal sag).
    const pull = { kind: 'translate' as const, vector: [0, 0, 30] as [number, number, number] };
    expect(contactKeptByMotion(pin.surfaces[side]!, I, plate.surfaces[rim]!, I, pull, 0.01)).toBe(true);
    expect(contactKeptByMotion(pin.surfaces[side]!, I, tight.surfaces[rim]!, I, pull, 0.01)).toBe(false);
  });
  it('contactKeptByMotion: a seat lifted straight off is kept, a seat pushed in is not', () => {
    const base = box('base', [-5, -5, -1], [5, 5, 0]);
    const block = box('block', [-1, -1, 0], [1, 1, 1]);
    const bottom = 4, top = 5; // −z face of the block, +z face of the base
    const up = { kind: 'translate' as const, vector: [0, 0, 4] as [number, number, number] };
    const down = { kind: 'translate' as const, vector: [0, 0, -4] as [number, number, number] };
    expect(contactKeptByMotion(block.surfaces[bottom]!, I, base.surfaces[top]!, I, up, 0.01)).toBe(true);
    expect(contactKeptByMotion(block.surfaces[bottom]!, I, base.surfaces[top]!, I, down, 0.01)).toBe(false);
  });
});
