import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitSurface } from '../../src/model/fit/fitSurface.js';
import {
  angleBetween,
  applyDir,
  applyPoint,
  coneSurface,
  cylinderSurface,
  distance,
  distanceToLine,
  fitInput,
  randomRigid,
  rng,
  sphereSurface,
  tessellate,
  torusSurface,
  transformMesh,
  unweld,
} from './fitFixtures.js';

const DEG = Math.PI / 180;
const RUNS = 30;

/** Common arbitraries: a pose (seeded), a patch start angle, with/without normals, indexed/soup. */
const poseArb = fc.record({ seed: fc.integer({ min: 1, max: 1 << 30 }), far: fc.boolean() });
const styleArb = fc.record({ normals: fc.boolean(), soup: fc.boolean() });

function place(mesh: ReturnType<typeof tessellate>, pose: { seed: number; far: boolean }, style: { soup: boolean }) {
  const rigid = randomRigid(rng(pose.seed), pose.far ? 1e4 : 100);
  const moved = transformMesh(mesh, rigid);
  return { mesh: style.soup ? unweld(moved) : moved, rigid };
}

describe('fitSurface properties (random parameters, poses, densities, patches)', () => {
  it('cylinders are recovered (radius 1e-6 relative, axis 1e-6 rad)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.double({ min: 20, max: 360, noNaN: true }),
        fc.integer({ min: 2, max: 48 }),
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        poseArb,
        styleArb,
        (r, arcDeg, nuMin, hRel, pose, style) => {
          // at most 90° per segment: coarser is no tessellation of a cylinder (and without
          // normals a facet spanning > 100° of normal turn is rejected on purpose)
          const nu = Math.max(nuMin, Math.ceil(arcDeg / 90));
          const local = tessellate(cylinderSurface(r), { u: [0.7, 0.7 + arcDeg * DEG], nu, v: [0, hRel * r], nv: 1 });
          const { mesh, rigid } = place(local, pose, style);
          const k = fitSurface(fitInput(mesh, 1e-4 * r, { normals: style.normals }));
          expect(k.type).toBe('cylinder');
          if (k.type !== 'cylinder') return;
          expect(Math.abs(k.radius - r) / r).toBeLessThan(1e-6);
          expect(angleBetween(k.axis, applyDir(rigid, [0, 0, 1]), true)).toBeLessThan(1e-6);
          expect(distanceToLine(k.point, applyPoint(rigid, [0, 0, 0]), applyDir(rigid, [0, 0, 1])) / r).toBeLessThan(1e-6);
        },
      ),
      { numRuns: RUNS, seed: 20261101 },
    );
  });

  it('cones are recovered (half-angle and axis 1e-6 rad)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 3, max: 80, noNaN: true }),
        fc.double({ min: 60, max: 360, noNaN: true }),
        fc.integer({ min: 3, max: 40 }),
        fc.double({ min: 0.5, max: 10, noNaN: true }),
        poseArb,
        styleArb,
        (alphaDeg, arcDeg, nu, t0, pose, style) => {
          const alpha = alphaDeg * DEG;
          const local = tessellate(coneSurface(alpha), { u: [0, arcDeg * DEG], nu, v: [t0, t0 * 2], nv: 2 });
          const { mesh, rigid } = place(local, pose, style);
          const k = fitSurface(fitInput(mesh, 1e-5 * t0, { normals: style.normals }));
          expect(k.type).toBe('cone');
          if (k.type !== 'cone') return;
          expect(Math.abs(k.halfAngle - alpha)).toBeLessThan(1e-6);
          expect(angleBetween(k.axis, applyDir(rigid, [0, 0, 1]))).toBeLessThan(1e-6);
          expect(distance(k.apex, applyPoint(rigid, [0, 0, 0])) / t0).toBeLessThan(1e-5);
        },
      ),
      { numRuns: RUNS, seed: 20261102 },
    );
  });

  it('spheres are recovered (centre and radius 1e-6 relative)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.double({ min: 10, max: 90, noNaN: true }),
        // ≥ 6 segments: the vertices of a 4-segment cap (4 meridians) also lie, to second
        // order, on a cylinder of half the radius; only given normals can tell (tested separately)
        fc.integer({ min: 6, max: 40 }),
        poseArb,
        styleArb,
        (r, capDeg, nu, pose, style) => {
          const local = tessellate(sphereSurface(r), { u: [0, 2 * Math.PI], nu, v: [Math.PI / 2 - capDeg * DEG, Math.PI / 2], nv: 3 });
          const { mesh, rigid } = place(local, pose, style);
          const k = fitSurface(fitInput(mesh, 1e-4 * r, { normals: style.normals }));
          expect(k.type).toBe('sphere');
          if (k.type !== 'sphere') return;
          expect(Math.abs(k.radius - r) / r).toBeLessThan(1e-6);
          expect(distance(k.center, applyPoint(rigid, [0, 0, 0])) / r).toBeLessThan(1e-6);
        },
      ),
      { numRuns: RUNS, seed: 20261103 },
    );
  });

  it('tori are recovered (radii 1e-6 relative, axis 1e-6 rad)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1.5, max: 20, noNaN: true }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 45, max: 360, noNaN: true }),
        fc.double({ min: 60, max: 360, noNaN: true }),
        poseArb,
        styleArb,
        (ratio, minor, arcU, arcV, pose, style) => {
          const major = ratio * minor;
          const local = tessellate(torusSurface(major, minor), { u: [0, arcU * DEG], nu: 12, v: [0.3, 0.3 + arcV * DEG], nv: 10 });
          const { mesh, rigid } = place(local, pose, style);
          const k = fitSurface(fitInput(mesh, 1e-4 * minor, { normals: style.normals }));
          expect(k.type).toBe('torus');
          if (k.type !== 'torus') return;
          expect(Math.abs(k.major - major) / major).toBeLessThan(1e-6);
          expect(Math.abs(k.minor - minor) / minor).toBeLessThan(1e-6);
          expect(angleBetween(k.axis, applyDir(rigid, [0, 0, 1]), true)).toBeLessThan(1e-6);
          expect(distance(k.center, applyPoint(rigid, [0, 0, 0])) / major).toBeLessThan(1e-6);
        },
      ),
      { numRuns: RUNS, seed: 20261104 },
    );
  });
});
