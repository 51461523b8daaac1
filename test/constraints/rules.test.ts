import { describe, expect, it } from 'vitest';
import { recognizeConstraints } from '../../src/index.js';
import { assemblyOf, band, part, rect } from './meshes.js';

const T = (x: number, y: number, z: number): number[] => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

describe('basic rules on hand-made parts', () => {
  const hole = part('hole', [band(5.25, 0, 10, { inward: true })]);
  const pin = part('pin', [band(5, -5, 15)]);

  it('a clearance fit without contact is found as a near pair: coaxial with its clearance', () => {
    const report = recognizeConstraints(assemblyOf([hole, pin]));
    expect(report.surfacePairs).toEqual({ touching: 0, near: 1 });
    expect(report.constraints).toHaveLength(1);
    const c = report.constraints[0]!;
    expect(c).toMatchObject({ kind: 'coaxial', partA: 'hole', partB: 'pin', surfacesA: [0], surfacesB: [0] });
    expect(c.params).toMatchObject({ axis: [0, 0, 1], radiusA: 5.25, radiusB: 5, clearance: 0.25, fit: false, hole: 'A', length: 10 });
    expect(c.params['point']).toEqual([0, 0, 5]);
  });

  it('a gap larger than the clearance is no fit; the clearance option decides', () => {
    expect(recognizeConstraints(assemblyOf([hole, pin]), { clearance: 0.2 }).constraints).toEqual([]);
    expect(recognizeConstraints(assemblyOf([hole, pin]), { clearance: 0.3 }).constraints).toHaveLength(1);
  });

  it('poses move the parts: an offset pin is no longer coaxial, a pin slid along the axis still is', () => {
    const a = assemblyOf([hole, pin]);
    expect(recognizeConstraints(a, { poses: { pin: T(0.1, 0, 0) } }).constraints).toEqual([]);
    const slid = recognizeConstraints(a, { poses: { pin: T(0, 0, 3) } }).constraints;
    expect(slid.map((c) => c.kind)).toEqual(['coaxial']);
  });

  it('equal bores that only meet at an edge (a nut on a plate) are not coaxial', () => {
    const plateHole = part('plate', [band(5, 0, 10, { inward: true })]);
    const shaftAbove = part('shaft', [band(5, 10, 20)]);
    expect(recognizeConstraints(assemblyOf([plateHole, shaftAbove])).constraints).toEqual([]);
  });

  it('two half-cylinders of one hole on one shank are one coaxial constraint', () => {
    const halves = part('bracket', [band(5, 0, 10, { inward: true, a0: 0, a1: Math.PI, n: 12 }), band(5, 0, 10, { inward: true, a0: Math.PI, a1: 2 * Math.PI, n: 12 })]);
    const shank = part('bolt', [band(5, -5, 15, { a0: 0, a1: Math.PI, n: 12 }), band(5, -5, 15, { a0: Math.PI, a1: 2 * Math.PI, n: 12 })]);
    const report = recognizeConstraints(assemblyOf([halves, shank]));
    expect(report.constraints).toHaveLength(1);
    expect(report.constraints[0]).toMatchObject({ kind: 'coaxial', partA: 'bolt', partB: 'bracket', surfacesA: [0, 1], surfacesB: [0, 1] });
    expect(report.constraints[0]!.params).toMatchObject({ fit: true, clearance: 0, hole: 'B' });
  });

  it('against needs opposite normals and coincident planes; face-to-face with a gap, or side by side, is nothing', () => {
    const floor = part('floor', [rect(0, 10, 0, 10, 0)]);
    const block = part('block', [rect(2, 8, 2, 8, 0, true)]);
    const on = recognizeConstraints(assemblyOf([floor, block])).constraints;
    expect(on.map((c) => [c.kind, c.partA, c.params['normal']])).toEqual([['against', 'block', [0, 0, -1]]]);
    const lifted = part('block', [rect(2, 8, 2, 8, 0.3, true)]);
    expect(recognizeConstraints(assemblyOf([floor, lifted])).constraints).toEqual([]);
    const beside = part('tile', [rect(10, 20, 0, 10, 0)]); // same plane, same side, touching at an edge
    expect(recognizeConstraints(assemblyOf([floor, beside])).constraints).toEqual([]);
  });

  it('tangent: a cylinder lying on a plane touches along a line', () => {
    const floor = part('floor', [rect(-10, 10, -10, 10, 0)]);
    // a roller of radius 2 lying along x at height 2: rotate the band (axis z) to axis x
    const roller = band(2, -5, 5, { n: 32 });
    const rot = (x: number, y: number, z: number): number[] => [z, y, x + 2];
    const p: number[] = [], nrm: number[] = [];
    for (let i = 0; i < roller.positions.length; i += 3) {
      p.push(...rot(roller.positions[i]!, roller.positions[i + 1]!, roller.positions[i + 2]!));
      nrm.push(roller.normals[i + 2]!, roller.normals[i + 1]!, roller.normals[i]!);
    }
    // the swap x↔z mirrors: flip the winding back
    const idx: number[] = [];
    for (let i = 0; i < roller.indices.length; i += 3) idx.push(roller.indices[i]!, roller.indices[i + 2]!, roller.indices[i + 1]!);
    const cyl = part('roller', [{ positions: p, normals: nrm, indices: idx }]);
    const report = recognizeConstraints(assemblyOf([floor, cyl]));
    expect(report.constraints.map((c) => c.kind)).toEqual(['tangent']);
    expect(report.constraints[0]!.params).toMatchObject({ normal: [0, 0, 1], axis: [1, 0, 0], radius: 2, plane: 'A' });
    const pair = report.freedom.pairs[0]!;
    expect(pair.dof).toBe(4);
  });

  it('tangent: two parallel rollers touching outside, and a pin lying against the wall of a larger hole', () => {
    const r1 = part('roller-1', [band(2, 0, 10, { n: 48 })]);
    const r2 = part('roller-2', [band(3, 2, 8, { n: 48, cx: 5 })]);
    const outside = recognizeConstraints(assemblyOf([r1, r2])).constraints;
    expect(outside.map((c) => c.kind)).toEqual(['tangent']);
    expect(outside[0]!.params).toMatchObject({ normal: [1, 0, 0], point: [2, 0, 5], axis: [0, 0, 1], radiusA: 2, radiusB: 3, internal: false, length: 6 });
    const bore = part('bore', [band(6, 0, 10, { n: 48, inward: true })]);
    const pin = part('pin', [band(2, -2, 12, { n: 48, cx: -4 })]);
    const inside = recognizeConstraints(assemblyOf([bore, pin])).constraints;
    expect(inside.map((c) => c.kind)).toEqual(['tangent']);
    expect(inside[0]!.params).toMatchObject({ normal: [1, 0, 0], point: [-6, 0, 5], radiusA: 6, radiusB: 2, internal: true });
  });
});
