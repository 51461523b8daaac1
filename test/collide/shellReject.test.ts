// The shell rejection (src/collide/shellFilter.ts, shellsApart.ts, src/model/surfaceShell.ts)
// against the brute-force oracle: nested, touching and crossing spheres and tubes, in every
// mode, with tolerances around the gap, at small and large coordinates.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceCollide, collide, COLLIDE_MODES, surfaceKindOf, type Part } from '../../src/index.js';
import { surfaceShell } from '../../src/model/surfaceShell.js';
import { expectSameAsOracle } from '../helpers/oracle.js';
import { mulberry32 } from '../helpers/soup.js';
import { placedRevolution, randomRigid, type Placed, type Revolution } from '../helpers/revolution.js';

type PairKind = 'sphere-sphere' | 'tube-tube' | 'sphere-in-tube' | 'tube-in-sphere';

interface Case {
  kind: PairKind;
  ringsA: number; segmentsA: number; phaseA: number;
  ringsB: number; segmentsB: number; phaseB: number;
  /** ε in units of the coarser tessellation's sag (or, with `tiny`, of 1e-7). */
  eps: number;
  tiny: boolean;
  /** tube-in-sphere: the sphere nearly touches the tube's rims (else it clears the shell's looser bound). */
  snug: boolean;
  /** Shift of the outer centre, in units of ε·r (0: concentric / coaxial). */
  shift: number;
  tilt: number;
  swap: boolean;
  scale: number;
  offset: number;
  /** Tolerance in units of |ε|·r. */
  tol: number;
  fitted: boolean;
  sectors: number;
  seed: number;
  /** Concentric / coaxial, ε ≥ 2 sags, no tolerance: the shells must reject. */
  clear: boolean;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  kind: fc.constantFrom<PairKind>('sphere-sphere', 'tube-tube', 'sphere-in-tube', 'tube-in-sphere'),
  ringsA: fc.integer({ min: 6, max: 9 }), segmentsA: fc.integer({ min: 8, max: 14 }), phaseA: fc.constantFrom(0, 0.1, 0.5),
  ringsB: fc.integer({ min: 6, max: 9 }), segmentsB: fc.integer({ min: 8, max: 14 }), phaseB: fc.constantFrom(0, 0.1, 0.5),
  eps: fc.oneof(fc.integer({ min: -10, max: 60 }).map((k) => k / 10), fc.constantFrom(0, 1, 1.01)),
  tiny: fc.constantFrom(false, false, false, true),
  snug: fc.boolean(),
  shift: fc.constantFrom(0, 0, 0.3, 1, 3),
  tilt: fc.constantFrom(0, 0, 1e-3, 0.05),
  swap: fc.boolean(),
  scale: fc.constantFrom(1, 1e-3),
  offset: fc.constantFrom(0, 1e4),
  tol: fc.constantFrom(0, 0, 0, 0.25, 1, 2),
  fitted: fc.boolean(),
  sectors: fc.constantFrom(1, 2),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  clear: fc.constantFrom(false, false, false, true),
}).map((c) => (c.clear ? { ...c, eps: 2 + Math.abs(c.eps), tiny: false, snug: false, shift: 0, tilt: 0, tol: 0 } : c));

/** Depth of a UV sphere's facets below the sphere: a triangle spans the quad's diagonal. */
const sphereSag = (rings: number, segments: number): number => ((Math.PI / rings) ** 2 + ((2 * Math.PI) / segments) ** 2) / 4;
const tubeSag = (segments: number): number => 1 - Math.cos(Math.PI / segments);

/** The two parts of a case: an inner surface of radius ≈ s and an outer one of radius ≈ s(1 + ε). */
function build(c: Case): { inner: Placed; outer: Placed; eps: number; s: number } {
  const rnd = mulberry32(c.seed);
  const s = c.scale;
  const o: [number, number, number] = [c.offset, -0.5 * c.offset, 0.25 * c.offset];
  const sag = c.kind === 'tube-tube' ? tubeSag(Math.min(c.segmentsA, c.segmentsB)) : c.kind === 'sphere-sphere' ? sphereSag(Math.min(c.ringsA, c.ringsB), Math.min(c.segmentsA, c.segmentsB)) : c.kind === 'sphere-in-tube' ? Math.max(sphereSag(c.ringsA, c.segmentsA), tubeSag(c.segmentsB)) : Math.max(tubeSag(c.segmentsA), sphereSag(c.ringsB, c.segmentsB));
  const eps = c.tiny ? c.eps * 1e-7 : c.eps * sag;
  const axis: [number, number, number] = [0.3, -0.2, 0.93];
  const tilted: [number, number, number] = [axis[0] + c.tilt, axis[1] - c.tilt, axis[2]];
  const d = c.shift * Math.abs(eps) * s;
  const shifted: [number, number, number] = [o[0] + d * 0.6, o[1] - d * 0.8, o[2]];
  const base = { phase: 0, sectors: c.sectors, axis };
  let inner: Revolution, outer: Revolution;
  switch (c.kind) {
    case 'sphere-sphere':
      inner = { ...base, kind: 'sphere', centre: o, radius: s, length: 0, rings: c.ringsA, segments: c.segmentsA, phase: c.phaseA };
      outer = { ...base, kind: 'sphere', centre: shifted, radius: s * (1 + eps), length: 0, rings: c.ringsB, segments: c.segmentsB, phase: c.phaseB };
      break;
    case 'tube-tube': // a shaft in a bore with play
      inner = { ...base, kind: 'tube', centre: o, axis: tilted, radius: s, length: 3 * s, rings: c.ringsA - 2, segments: c.segmentsA, phase: c.phaseA };
      outer = { ...base, kind: 'tube', centre: shifted, radius: s * (1 + eps), length: 2 * s, rings: c.ringsB - 2, segments: c.segmentsB, phase: c.phaseB };
      break;
    case 'sphere-in-tube': // a ball in a bore
      inner = { ...base, kind: 'sphere', centre: o, radius: s, length: 0, rings: c.ringsA, segments: c.segmentsA, phase: c.phaseA };
      outer = { ...base, kind: 'tube', centre: shifted, axis: tilted, radius: s * (1 + eps), length: 3 * s, rings: c.ringsB - 2, segments: c.segmentsB, phase: c.phaseB };
      break;
    case 'tube-in-sphere': // a short tube whose rims nearly reach a sphere
      inner = { ...base, kind: 'tube', centre: o, axis: tilted, radius: 0.5 * s, length: 0.6 * s, rings: c.ringsA - 2, segments: c.segmentsA, phase: c.phaseA };
      outer = { ...base, kind: 'sphere', centre: shifted, radius: (c.snug ? Math.hypot(0.5, 0.3) : 0.8) * s * (1 + eps), length: 0, rings: c.ringsB, segments: c.segmentsB, phase: c.phaseB };
      break;
  }
  return {
    inner: placedRevolution('inner', inner, randomRigid(rnd, 4 * s)),
    outer: placedRevolution('outer', outer, randomRigid(rnd, 4 * s)),
    eps,
    s,
  };
}

function fitAll(part: Part): void {
  for (const surface of part.surfaces) surfaceKindOf(surface);
}

describe('shell rejection equals the oracle', () => {
  it('nested, touching and crossing spheres and tubes: every mode, every variant, with tolerance', () => {
    let rejectingRuns = 0, runs = 0, clearRuns = 0;
    fc.assert(
      fc.property(caseArb, (c) => {
        const { inner, outer, eps, s } = build(c);
        if (c.fitted) {
          fitAll(inner.part);
          fitAll(outer.part);
        }
        const [a, b] = c.swap ? [outer, inner] : [inner, outer];
        const tolerance = c.tol * Math.abs(eps) * s;
        expectSameAsOracle(a.part, a.pose, b.part, b.pose, tolerance);
        const r = collide(a.part, a.pose, b.part, b.pose, { tolerance });
        runs++;
        if ((r.stats.shellRejects ?? 0) > 0) rejectingRuns++;
        // Worth something only if the shells do reject where they clearly can.
        if (c.clear) {
          clearRuns++;
          expect(r.stats.shellRejects, 'a clear case is rejected by shells').toBeGreaterThan(0);
        }
      }),
      { numRuns: 100 },
    );
    expect(rejectingRuns, `${rejectingRuns} of ${runs} runs rejected by shells`).toBeGreaterThan(runs / 10);
    expect(clearRuns, 'clear cases run').toBeGreaterThan(0);
  }, 120_000);
});

describe('shell rejection', () => {
  const sphere = (radius: number, rings = 24, segments = 32): Revolution => ({ kind: 'sphere', centre: [1, 2, 3], axis: [0, 0, 1], radius, length: 0, rings, segments, phase: 0, sectors: 4 });
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

  it('nested spheres farther apart than the sag: no triangle tested, in every mode', () => {
    const eps = 3 * sphereSag(24, 32);
    const a = placedRevolution('a', sphere(1), identity), b = placedRevolution('b', sphere(1 + eps), identity);
    for (const mode of COLLIDE_MODES) {
      const r = collide(a.part, a.pose, b.part, b.pose, { mode });
      expect(r.intersecting).toBe(false);
      expect(r.stats.triangleTests).toBe(0);
      expect(r.stats.shellRejects).toBeGreaterThan(0);
    }
    // The shell is measured on the triangles: the inner sphere's vertices are on it, its facets inside.
    const shell = surfaceShell(a.part.surfaces[0]!)!;
    expect(shell.rMax).toBeCloseTo(1, 9);
    expect(shell.rMin).toBeLessThan(1 - sphereSag(24, 32) / 3);
  });

  it('a tolerance beyond the gap keeps the pairs (the margin grows with it)', () => {
    const eps = 3 * sphereSag(12, 16);
    const a = placedRevolution('a', sphere(1, 12, 16), identity), b = placedRevolution('b', sphere(1 + eps, 12, 16), identity);
    const tolerance = 2 * eps;
    const oracle = bruteForceCollide(a.part, a.pose, b.part, b.pose, { tolerance });
    expect(oracle.surfacePairs.length).toBeGreaterThan(0);
    expect(collide(a.part, a.pose, b.part, b.pose, { tolerance }).surfacePairs).toEqual(oracle.surfacePairs);
  });

  it('a shaft in a bore with play is rejected with fitted kinds (cylinder shells)', () => {
    const tube = (radius: number, length: number): Revolution => ({ kind: 'tube', centre: [0, 0, 0], axis: [1, 1, 0], radius, length, rings: 6, segments: 24, phase: 0, sectors: 2 });
    const shaft = placedRevolution('shaft', tube(5, 30), identity), bore = placedRevolution('bore', tube(5.2, 10), identity);
    fitAll(shaft.part);
    fitAll(bore.part);
    expect(shaft.part.surfaces[0]!.kind?.type).toBe('cylinder');
    const r = collide(shaft.part, shaft.pose, bore.part, bore.pose, { tolerance: 0.05 });
    expect(r.intersecting).toBe(false);
    expect(r.stats.shellRejects).toBeGreaterThan(0);
    expect(r.stats.triangleTests).toBe(0);
    expect(bruteForceCollide(shaft.part, shaft.pose, bore.part, bore.pose, { tolerance: 0.05 }).intersecting).toBe(false);
  });
});
