import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forceWrench, freedomOf, momentWrench, type Constraint, type RuleContext, type Vec3, type Wrench } from '../../src/index.js';
import { against } from '../../plugins/constraints-basic/against.js';
import { coaxial } from '../../plugins/constraints-basic/coaxial.js';
import { conical } from '../../plugins/constraints-basic/conical.js';
import { spherical } from '../../plugins/constraints-basic/spherical.js';
import { tangent } from '../../plugins/constraints-basic/tangent.js';

const ctx: RuleContext = { tolerance: 0.01, clearance: 0.5, clearanceBySize: false, angleTolerance: Math.PI / 180, scale: 100, wrench: { force: forceWrench, moment: momentWrench } };
const make = (kind: string, params: Record<string, unknown>): Constraint => ({ id: 0, kind, partA: 'a', partB: 'b', surfacesA: [0], surfacesB: [0], params, residual: 0, rule: kind, plugin: 'constraints-basic' });
const w = {
  against: (normal: Vec3, point: Vec3): Wrench[] => against.freedom!(make('against', { normal, point, offset: normal[0] * point[0] + normal[1] * point[1] + normal[2] * point[2] }), ctx),
  coaxial: (axis: Vec3, point: Vec3): Wrench[] => coaxial.freedom!(make('coaxial', { axis, point }), ctx),
  tangent: (normal: Vec3, point: Vec3, axis: Vec3): Wrench[] => tangent.freedom!(make('tangent', { normal, point, axis }), ctx),
  spherical: (center: Vec3): Wrench[] => spherical.freedom!(make('spherical', { center }), ctx),
  conical: (apex: Vec3, axis: Vec3): Wrench[] => conical.freedom!(make('conical', { apex, axis }), ctx),
};
const origin: Vec3 = [0, 0, 0];

describe('freedom left by the basic constraints (screw theory)', () => {
  it('nothing: 6; against: 3 (2 translations in the plane, the spin about its normal)', () => {
    expect(freedomOf([], origin, 10).dof).toBe(6);
    const f = freedomOf(w.against([0, 0, 1], [5, 5, 10]), [5, 5, 12], 10);
    expect(f.dof).toBe(3);
    expect(f.translations).toEqual([[1, 0, 0], [0, 1, 0]]);
    expect(f.rotations.map((r) => r.axis)).toEqual([[0, 0, 1]]);
  });

  it('coaxial: 2 (slide along and turn about the axis, through the axis point)', () => {
    const f = freedomOf(w.coaxial([0, 0, 1], [-38, 0, 0]), [-38, 0, 3], 30);
    expect(f.dof).toBe(2);
    expect(f.translations).toEqual([[0, 0, 1]]);
    expect(f.rotations).toEqual([{ axis: [0, 0, 1], point: [-38, 0, 3], pitch: 0 }]);
  });

  it('coaxial + against on a perpendicular plane (insert): 1 rotation about the axis', () => {
    const f = freedomOf([...w.coaxial([0, 0, 1], [-38, 0, 0]), ...w.against([0, 0, -1], [-31, 0, 10])], [-38, 0, 5], 30);
    expect(f.dof).toBe(1);
    expect(f.translations).toEqual([]);
    expect(f.rotations).toEqual([{ axis: [0, 0, 1], point: [-38, 0, 5], pitch: 0 }]);
  });

  it('spherical: 3 rotations about the centre; conical (bilateral): 1; plane–cylinder tangent: 4', () => {
    const s = freedomOf(w.spherical([20, 10, 5]), [20, 10, 5], 30);
    expect(s.dof).toBe(3);
    expect(s.translations).toEqual([]);
    expect(s.rotations.map((r) => r.point)).toEqual([[20, 10, 5], [20, 10, 5], [20, 10, 5]]);
    const c = freedomOf(w.conical([-7, 12, 3], [0, 0, 1]), [-7, 12, 20], 30);
    expect(c.dof).toBe(1);
    expect(c.rotations).toEqual([{ axis: [0, 0, 1], point: [-7, 12, 20], pitch: 0 }]);
    expect(freedomOf(w.tangent([1, 0, 0], [34, 0, 5], [0, 0, 1]), [38, 0, 5], 30).dof).toBe(4);
  });

  it('a pin between two slot flanks under a head: slides along the slot, spins about its axis', () => {
    const f = freedomOf([...w.tangent([1, 0, 0], [34, 0, 5], [0, 0, 1]), ...w.tangent([-1, 0, 0], [42, 0, 5], [0, 0, 1]), ...w.against([0, 0, 1], [43, 0, 10])], [38, 0, 5], 30);
    expect(f.dof).toBe(2);
    expect(f.translations).toEqual([[0, 1, 0]]);
    expect(f.rotations).toEqual([{ axis: [0, 0, 1], point: [38, 0, 5], pitch: 0 }]);
  });

  it('floor + one wall: 1 (slide along the wall); floor + two walls: 0', () => {
    const floor = w.against([0, 0, 1], [0, 0, 0]), wallX = w.against([1, 0, 0], [0, 5, 5]), wallY = w.against([0, 1, 0], [5, 0, 5]);
    const one = freedomOf([...floor, ...wallX], [5, 5, 5], 10);
    expect(one.dof).toBe(1);
    expect(one.translations).toEqual([[0, 1, 0]]);
    expect(freedomOf([...floor, ...wallX, ...wallY], [5, 5, 5], 10).dof).toBe(0);
  });

  it('a coaxial plus a line contact oblique to the axis can leave a screw motion, reported with its pitch', () => {
    // axis z through the origin; a plane with normal (-1, 0, 1)/√2 touching along the line through (0, 5, 0) along (1, 0, 1)/√2:
    // turning by α about z moves the line point by (-5α, 0, 0), into the plane, and only sliding by -5α along z makes up for it
    const s = Math.SQRT1_2;
    const f = freedomOf([...w.coaxial([0, 0, 1], [0, 0, 0]), ...w.tangent([-s, 0, s], [0, 5, 0], [s, 0, s])], [0, 0, 0], 20);
    expect(f.dof).toBe(1);
    expect(f.translations).toEqual([]);
    expect(f.rotations[0]!.axis).toEqual([0, 0, 1]);
    expect(f.rotations[0]!.pitch).toBeCloseTo(-5, 6);
    // the same contact line turned so the axis leaves its plane: nothing is left
    expect(freedomOf([...w.coaxial([0, 0, 1], [0, 0, 0]), ...w.tangent([0, s, s], [0, 5, -5], [1, 0, 0])], [0, 0, 0], 20).dof).toBe(0);
  });

  it('a shaft in two bearings far apart on one axis keeps 2 DOF (the two coaxials are redundant, not conflicting)', () => {
    expect(freedomOf([...w.coaxial([1, 0, 0], [-45, 0, 0]), ...w.coaxial([1, 0, 0], [45, 0, 0])], [0, 0, 0], 140).dof).toBe(2);
  });
});

// ---- properties ----
type V = Vec3;
// Integer geometry: distinct features are ≥ 1 mm (or ~0.1 rad) apart, well clear of the
// null-space threshold (a constraint that misses a motion by < 1e-3 of the size counts as allowing it).
const unitVec = fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })).filter((v) => v.some((x) => x !== 0)).map((v) => { const l = Math.hypot(...v); return [v[0] / l, v[1] / l, v[2] / l] as V; });
const pointArb = fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 })) as fc.Arbitrary<V>;
const cross = (a: V, b: V): V => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const perp = (a: V): V => { const h: V = Math.abs(a[0]) < 0.6 ? [1, 0, 0] : [0, 1, 0]; const c = cross(a, h); const l = Math.hypot(...c); return [c[0] / l, c[1] / l, c[2] / l]; };

/** A random basic constraint's wrenches. */
type Build = (move: (p: V) => V, turn: (d: V) => V) => Wrench[];
const constraintArb: fc.Arbitrary<Build> = fc.oneof<fc.Arbitrary<Build>[]>(
  fc.tuple(unitVec, pointArb).map(([n, p]) => (m, r) => w.against(r(n), m(p))),
  fc.tuple(unitVec, pointArb).map(([a, p]) => (m, r) => w.coaxial(r(a), m(p))),
  fc.tuple(unitVec, pointArb).map(([a, p]) => (m, r) => w.tangent(r(perp(a)), m(p), r(a))),
  pointArb.map((c) => (m) => w.spherical(m(c))),
  fc.tuple(unitVec, pointArb).map(([a, p]) => (m, r) => w.conical(m(p), r(a))),
);

/** A rotation (Rodrigues) and translation. */
const motionArb = fc.tuple(unitVec, fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), pointArb).map(([k, angle, t]) => {
  const turn = (v: V): V => {
    const c = Math.cos(angle), s = Math.sin(angle), kv = cross(k, v), kd = dot(k, v);
    return [v[0] * c + kv[0] * s + k[0] * kd * (1 - c), v[1] * c + kv[1] * s + k[1] * kd * (1 - c), v[2] * c + kv[2] * s + k[2] * kd * (1 - c)];
  };
  return { turn, move: (p: V): V => { const q = turn(p); return [q[0] + t[0], q[1] + t[1], q[2] + t[2]]; } };
});

describe('freedom properties', () => {
  const id = (v: V): V => v;

  // (the remaining motion may be a screw: a coaxial plus a line contact on a plane oblique to
  // the axis leaves turning-while-sliding along the axis, reported with its pitch)
  it('every reported motion satisfies every constraint wrench', () => {
    const L = 100;
    fc.assert(
      fc.property(fc.array(constraintArb, { minLength: 0, maxLength: 4 }), pointArb, (list, ref) => {
        const wrenches = list.flatMap((c) => c(id, id));
        const f = freedomOf(wrenches, ref, L);
        for (const t of f.translations) for (const x of wrenches) expect(Math.abs(x[0] * t[0] + x[1] * t[1] + x[2] * t[2])).toBeLessThan(1e-6);
        for (const r of f.rotations) {
          // velocity of the point at the origin, and at the reference, for a unit rotation about the axis through r.point
          const at = (q: V): V => {
            const c = cross(r.axis, [q[0] - r.point[0], q[1] - r.point[1], q[2] - r.point[2]]);
            return [c[0] + r.pitch * r.axis[0], c[1] + r.pitch * r.axis[1], c[2] + r.pitch * r.axis[2]];
          };
          const v0 = at([0, 0, 0]);
          // freedomOf's contract (freedom.ts): in units of L, each normalised wrench misses a unit
          // null-space twist by < 1e-3, so it may miss this twist by 1e-3 of the twist's size. A
          // nearly dependent set does use that room (the example below, found by seed -489739470:
          // a sphere joint and a line contact 3.8 mm from its centre, 0.0073 here, 6.6e-5 in those units).
          const size = Math.hypot(1, Math.hypot(...at(ref)) / L);
          for (const x of wrenches) {
            const fx: V = [x[0], x[1], x[2]];
            const rf = cross(ref, fx);
            const l = Math.hypot(...fx, (x[3] - rf[0]) / L, (x[4] - rf[1]) / L, (x[5] - rf[2]) / L);
            const work = x[0] * v0[0] + x[1] * v0[1] + x[2] * v0[2] + x[3] * r.axis[0] + x[4] * r.axis[1] + x[5] * r.axis[2];
            expect(Math.abs(work) / (L * l)).toBeLessThan(1e-3 * size);
          }
        }
      }),
      { numRuns: 150, examples: [[[(m) => w.spherical(m([46, -1, 0])), (m, r) => { const a: V = [-2 / Math.sqrt(14), -3 / Math.sqrt(14), 1 / Math.sqrt(14)]; return w.tangent(r(perp(a)), m([45, -4, -3]), r(a)); }], [-2, 0, 0]]] },
    );
  });

  it('the DOF does not depend on where the assembly is or how it is turned', () => {
    fc.assert(
      fc.property(fc.array(constraintArb, { minLength: 1, maxLength: 4 }), motionArb, (list, { move, turn }) => {
        const here = freedomOf(list.flatMap((c) => c(id, id)), [0, 0, 0], 100);
        const there = freedomOf(list.flatMap((c) => c(move, turn)), move([0, 0, 0]), 100);
        expect(there.dof).toBe(here.dof);
        expect(there.translations.length).toBe(here.translations.length);
      }),
      { numRuns: 150 },
    );
  });

  it('adding a constraint never adds freedom', () => {
    fc.assert(
      fc.property(fc.array(constraintArb, { minLength: 0, maxLength: 3 }), constraintArb, (list, more) => {
        const before = freedomOf(list.flatMap((c) => c(id, id)), [0, 0, 0], 100).dof;
        const after = freedomOf([...list, more].flatMap((c) => c(id, id)), [0, 0, 0], 100).dof;
        expect(after).toBeLessThanOrEqual(before);
      }),
      { numRuns: 150 },
    );
  });
});
