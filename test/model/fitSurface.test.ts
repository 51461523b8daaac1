import { describe, expect, it } from 'vitest';
import { fitSurface, fitSurfaceAttempts } from '../../src/model/fit/fitSurface.js';
import type { SurfaceKind } from '../../src/model/surfaceKind.js';
import {
  angleBetween,
  applyDir,
  applyPoint,
  bumpSurface,
  concatMeshes,
  coneSurface,
  cylinderSurface,
  distance,
  distanceToLine,
  ellipticCylinderSurface,
  fitInput,
  flipWinding,
  IDENTITY,
  planeSurface,
  randomRigid,
  rng,
  sphereSurface,
  tessellate,
  torusSurface,
  transformMesh,
  unweld,
  type Mesh,
  type V3,
} from './fitFixtures.js';

const DEG = Math.PI / 180;
const TURN = 2 * Math.PI;

/** Poses: identity, and random rotations with offsets up to 1e4. */
function poses(seed: number, count: number): Float64Array[] {
  const rand = rng(seed);
  const out: Float64Array[] = [IDENTITY];
  for (let i = 0; i < count; i++) out.push(randomRigid(rand, i % 2 === 0 ? 1e4 : 50));
  return out;
}

/** Largest errors seen per quantity, printed at the end (the report quotes them). */
const worst: Record<string, number> = {};
function track(name: string, value: number): void {
  worst[name] = Math.max(worst[name] ?? 0, value);
}

function expectKind<T extends SurfaceKind['type']>(kind: SurfaceKind, type: T): Extract<SurfaceKind, { type: T }> {
  expect(kind.type, JSON.stringify(kind)).toBe(type);
  return kind as Extract<SurfaceKind, { type: T }>;
}

function expectUnit(v: V3): void {
  expect(Math.abs(Math.hypot(...v) - 1)).toBeLessThan(1e-12);
}

/** Cylinder/torus axis sign: first clearly non-zero component positive. */
function expectCanonical(v: V3): void {
  const first = v.find((c) => Math.abs(c) > 1e-8)!;
  expect(first).toBeGreaterThan(0);
}

describe('fitSurface: planes', () => {
  for (const n of [1, 8, 128]) {
    it(`square plane ${n}×${n}, several poses`, () => {
      const local = tessellate(planeSurface(), { u: [-3, 5], v: [-2, 7], nu: n, nv: n });
      for (const pose of poses(11 + n, n >= 128 ? 2 : 4)) {
        const mesh = transformMesh(local, pose);
        const k = expectKind(fitSurface(fitInput(mesh, 1e-3)), 'plane');
        const nExp = applyDir(pose, [0, 0, 1]);
        expectUnit(k.normal);
        const ang = angleBetween(k.normal, nExp);
        track('plane normal (rad)', ang);
        expect(ang).toBeLessThan(1e-9);
        const offExp = nExp[0] * pose[3]! + nExp[1] * pose[7]! + nExp[2] * pose[11]!;
        track('plane offset abs', Math.abs(k.offset - offExp));
        expect(Math.abs(k.offset - offExp)).toBeLessThan(1e-8);
        expect(k.residual).toBeLessThan(1e-9);
      }
    });
  }

  it('normal is outward: follows the vertex normals, or the winding without them', () => {
    const local = tessellate(planeSurface(), { u: [0, 1], v: [0, 1], nu: 4, nv: 4 });
    const k1 = expectKind(fitSurface(fitInput(local, 1e-6)), 'plane');
    expect(k1.normal[2]).toBeCloseTo(1, 12);
    expect(k1.offset).toBeCloseTo(0, 12);
    const noNormals = expectKind(fitSurface(fitInput(flipWinding(local), 1e-6, { normals: false })), 'plane');
    expect(noNormals.normal[2]).toBeCloseTo(-1, 12);
    // a lifted plane: offset has the sign of the outward normal
    const lifted = transformMesh(local, new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 7]));
    expect(expectKind(fitSurface(fitInput(lifted, 1e-6)), 'plane').offset).toBeCloseTo(7, 10);
    expect(expectKind(fitSurface(fitInput(flipWinding(lifted), 1e-6, { normals: false })), 'plane').offset).toBeCloseTo(-7, 10);
  });

  it('without normals (estimated), as an indexed grid and as a triangle soup', () => {
    for (const pose of poses(5, 3)) {
      const mesh = transformMesh(tessellate(planeSurface(), { u: [0, 10], v: [0, 4], nu: 7, nv: 3 }), pose);
      for (const m of [mesh, unweld(mesh)]) {
        const k = expectKind(fitSurface(fitInput(m, 1e-4, { normals: false })), 'plane');
        expect(angleBetween(k.normal, applyDir(pose, [0, 0, 1]))).toBeLessThan(1e-9);
      }
    }
  });

  it('a single triangle is a plane', () => {
    const mesh: Mesh = { positions: new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), normals: null, indices: new Uint32Array([0, 1, 2]), triangleCount: 1 };
    const k = expectKind(fitSurface(fitInput(mesh, 1e-6)), 'plane');
    expect(k.normal).toEqual([0, 0, 1]);
  });
});

function checkCylinder(kind: SurfaceKind, pose: Float64Array, r: number, label: string, tol = 1e-6): void {
  const k = expectKind(kind, 'cylinder');
  expectUnit(k.axis);
  expectCanonical(k.axis);
  const axisExp = applyDir(pose, [0, 0, 1]);
  const ang = angleBetween(k.axis, axisExp, true);
  const relR = Math.abs(k.radius - r) / r;
  const off = distanceToLine(k.point, applyPoint(pose, [0, 0, 0]), axisExp) / r;
  track(`${label} axis (rad)`, ang);
  track(`${label} radius rel`, relR);
  track(`${label} axis position rel`, off);
  track(`${label} residual rel`, k.residual / r);
  expect(ang).toBeLessThan(tol);
  expect(relR).toBeLessThan(tol);
  expect(off).toBeLessThan(tol);
  expect(k.residual / r).toBeLessThan(1e-9);
}

describe('fitSurface: cylinders', () => {
  const cases: { name: string; r: number; u: [number, number]; nu: number; h: number; nv: number }[] = [
    { name: 'full, coarse (8/turn)', r: 10, u: [0, TURN], nu: 8, h: 20, nv: 1 },
    { name: 'full, fine (128/turn)', r: 2.5, u: [0, TURN], nu: 128, h: 3, nv: 4 },
    { name: 'half (split hole), coarse', r: 4, u: [0, Math.PI], nu: 4, h: 10, nv: 1 },
    { name: 'half, fine', r: 4, u: [Math.PI, TURN], nu: 64, h: 10, nv: 2 },
    { name: '20° patch, coarse', r: 50, u: [0.3, 0.3 + 20 * DEG], nu: 2, h: 5, nv: 1 },
    { name: '20° patch, fine', r: 50, u: [0.3, 0.3 + 20 * DEG], nu: 8, h: 5, nv: 3 },
    { name: 'small radius, long', r: 0.5, u: [0, TURN], nu: 16, h: 200, nv: 1 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const local = tessellate(cylinderSurface(c.r), { u: c.u, v: [-c.h / 2 + 1, c.h / 2 + 1], nu: c.nu, nv: c.nv });
      for (const pose of poses(c.nu * 31 + c.nv, 5)) {
        const mesh = transformMesh(local, pose);
        checkCylinder(fitSurface(fitInput(mesh, 1e-3 * c.r)), pose, c.r, 'cylinder');
      }
    });
  }

  it('point is the projection of the patch centroid on the axis', () => {
    const local = tessellate(cylinderSurface(3), { u: [0, TURN], nu: 32, v: [10, 14], nv: 2 });
    const k = expectKind(fitSurface(fitInput(local, 1e-6)), 'cylinder');
    expect(k.point[0]).toBeCloseTo(0, 9);
    expect(k.point[1]).toBeCloseTo(0, 9);
    expect(k.point[2]).toBeCloseTo(12, 9);
    expect(k.axis).toEqual([0, 0, 1]);
  });

  it('inward normals (a hole) and a triangle soup give the same cylinder', () => {
    const local = tessellate(cylinderSurface(6), { u: [0, Math.PI], nu: 12, v: [0, 5], nv: 1 });
    const inward: Mesh = { ...flipWinding(local), normals: local.normals!.map((x) => -x) };
    for (const pose of poses(3, 3)) {
      checkCylinder(fitSurface(fitInput(transformMesh(inward, pose), 1e-4)), pose, 6, 'cylinder');
      checkCylinder(fitSurface(fitInput(transformMesh(unweld(local), pose), 1e-4)), pose, 6, 'cylinder');
    }
  });

  it('without normals (estimated): full, half and 20° patches, indexed and as a soup', () => {
    const variants: [number, [number, number], number][] = [
      [10, [0, TURN], 8],
      [10, [0, TURN], 128],
      [4, [0, Math.PI], 6],
      [50, [0.3, 0.3 + 20 * DEG], 4],
    ];
    for (const [r, u, nu] of variants) {
      const local = tessellate(cylinderSurface(r), { u, nu, v: [0, 7], nv: 2 });
      for (const pose of poses(nu + 100, 3)) {
        const mesh = transformMesh(local, pose);
        checkCylinder(fitSurface(fitInput(mesh, 1e-3 * r, { normals: false })), pose, r, 'cylinder (no normals)');
        checkCylinder(fitSurface(fitInput(unweld(mesh), 1e-3 * r, { normals: false })), pose, r, 'cylinder (no normals)');
      }
    }
  });
});

function checkCone(kind: SurfaceKind, pose: Float64Array, halfAngle: number, scale: number, label: string): void {
  const k = expectKind(kind, 'cone');
  expectUnit(k.axis);
  const axisExp = applyDir(pose, [0, 0, 1]);
  const ang = angleBetween(k.axis, axisExp); // directed: from the apex into the cone
  const apexErr = distance(k.apex, applyPoint(pose, [0, 0, 0])) / scale;
  const angleErr = Math.abs(k.halfAngle - halfAngle);
  track(`${label} axis (rad)`, ang);
  track(`${label} halfAngle (rad)`, angleErr);
  track(`${label} apex rel`, apexErr);
  track(`${label} residual rel`, k.residual / scale);
  expect(ang).toBeLessThan(1e-6);
  expect(angleErr).toBeLessThan(1e-6);
  expect(apexErr).toBeLessThan(1e-6);
  expect(k.residual / scale).toBeLessThan(1e-9);
}

describe('fitSurface: cones', () => {
  const cases: { name: string; alpha: number; u: [number, number]; nu: number; v: [number, number]; nv: number }[] = [
    { name: '30°, full, coarse', alpha: 30 * DEG, u: [0, TURN], nu: 8, v: [2, 10], nv: 1 },
    { name: '30°, full, fine', alpha: 30 * DEG, u: [0, TURN], nu: 128, v: [2, 10], nv: 4 },
    { name: '60°, half, coarse', alpha: 60 * DEG, u: [0, Math.PI], nu: 4, v: [1, 3], nv: 1 },
    { name: '45°, quarter, fine', alpha: 45 * DEG, u: [1, 1 + Math.PI / 2], nu: 32, v: [5, 6], nv: 2 },
    { name: '80° (nearly flat), full, fine', alpha: 80 * DEG, u: [0, TURN], nu: 64, v: [2, 4], nv: 2 },
    { name: '5° (narrow), full, coarse', alpha: 5 * DEG, u: [0, TURN], nu: 8, v: [20, 40], nv: 1 },
    { name: '5° (narrow), half, fine', alpha: 5 * DEG, u: [0, Math.PI], nu: 64, v: [20, 40], nv: 3 },
    { name: 'up to the apex (degenerate triangles there)', alpha: 40 * DEG, u: [0, TURN], nu: 16, v: [0, 4], nv: 2 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const local = tessellate(coneSurface(c.alpha), { u: c.u, v: c.v, nu: c.nu, nv: c.nv });
      for (const pose of poses(c.nu * 7 + c.nv, 4)) {
        const mesh = transformMesh(local, pose);
        checkCone(fitSurface(fitInput(mesh, 1e-3)), pose, c.alpha, c.v[1], 'cone');
      }
    });
  }

  it('a 5° cone is a cone, not a cylinder, even when the distance tolerance would allow a cylinder', () => {
    const alpha = 5 * DEG;
    const local = tessellate(coneSurface(alpha), { u: [0, TURN], nu: 32, v: [100, 110], nv: 2 });
    // radius grows by 10·sin 5° ≈ 0.87 along the patch: the best cylinder stays within ±0.44
    for (const tol of [0.01, 0.5]) {
      const { attempts } = fitSurfaceAttempts(fitInput(local, tol));
      const cyl = attempts.find((a) => a.type === 'cylinder')!;
      expect(cyl.accepted).toBe(false);
      if (tol === 0.5 && cyl.evaluation) {
        // if the cylinder was fitted at all, only its normals reject it
        expect(cyl.evaluation.normalsOk).toBe(false);
        expect(cyl.evaluation.worstAngle).toBeGreaterThan(4.5 * DEG);
      }
      checkCone(fitSurface(fitInput(local, tol)), IDENTITY, alpha, 110, 'cone');
    }
  });

  it('inward normals (conical hole) keep the apex-to-opening axis', () => {
    const alpha = 25 * DEG;
    const local = tessellate(coneSurface(alpha), { u: [0, TURN], nu: 24, v: [3, 8], nv: 2 });
    const inward: Mesh = { ...flipWinding(local), normals: local.normals!.map((x) => -x) };
    for (const pose of poses(77, 3)) checkCone(fitSurface(fitInput(transformMesh(inward, pose), 1e-3)), pose, alpha, 8, 'cone');
  });
});

function checkSphere(kind: SurfaceKind, pose: Float64Array, r: number, label: string): void {
  const k = expectKind(kind, 'sphere');
  const cErr = distance(k.center, applyPoint(pose, [0, 0, 0])) / r;
  const rErr = Math.abs(k.radius - r) / r;
  track(`${label} center rel`, cErr);
  track(`${label} radius rel`, rErr);
  track(`${label} residual rel`, k.residual / r);
  expect(cErr).toBeLessThan(1e-6);
  expect(rErr).toBeLessThan(1e-6);
  expect(k.residual / r).toBeLessThan(1e-9);
}

describe('fitSurface: spheres', () => {
  const cases: { name: string; r: number; u: [number, number]; nu: number; v: [number, number]; nv: number }[] = [
    { name: 'full, coarse (8/turn, poles degenerate)', r: 5, u: [0, TURN], nu: 8, v: [-Math.PI / 2, Math.PI / 2], nv: 4 },
    { name: 'full, fine (128/turn)', r: 5, u: [0, TURN], nu: 128, v: [-Math.PI / 2, Math.PI / 2], nv: 64 },
    { name: 'hemisphere', r: 12, u: [0, TURN], nu: 24, v: [0, Math.PI / 2], nv: 6 },
    { name: '30° cap, coarse', r: 40, u: [0, TURN], nu: 8, v: [Math.PI / 2 - 15 * DEG, Math.PI / 2], nv: 1 },
    { name: '30° cap, fine', r: 40, u: [0, TURN], nu: 128, v: [Math.PI / 2 - 15 * DEG, Math.PI / 2], nv: 8 },
    { name: 'off-pole patch', r: 3, u: [0.2, 0.9], nu: 6, v: [-0.3, 0.4], nv: 5 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const local = tessellate(sphereSurface(c.r), { u: c.u, v: c.v, nu: c.nu, nv: c.nv });
      for (const pose of poses(c.nu * 13 + c.nv, 4)) {
        const mesh = transformMesh(local, pose);
        const kind = fitSurface(fitInput(mesh, 1e-3 * c.r));
        checkSphere(kind, pose, c.r, 'sphere');
      }
    });
  }

  it('a 4-segment cap is a sphere when normals are given (its vertices alone also fit a cylinder)', () => {
    const cap = tessellate(sphereSurface(0.1), { u: [0, TURN], nu: 4, v: [Math.PI / 2 - 10 * DEG, Math.PI / 2], nv: 3 });
    for (const pose of poses(8, 2)) {
      const mesh = transformMesh(cap, pose);
      checkSphere(fitSurface(fitInput(mesh, 1e-5)), pose, 0.1, 'sphere');
      const cyl = fitSurfaceAttempts(fitInput(mesh, 1e-5)).attempts.find((a) => a.type === 'cylinder')!;
      expect(cyl.accepted).toBe(false);
    }
  });

  it('a sphere cap or band is not a cylinder', () => {
    const cap = tessellate(sphereSurface(10), { u: [0, TURN], nu: 16, v: [60 * DEG, 90 * DEG], nv: 4 });
    const band = tessellate(sphereSurface(10), { u: [0, Math.PI], nu: 16, v: [-10 * DEG, 10 * DEG], nv: 2 });
    for (const m of [cap, band]) expect(fitSurface(fitInput(m, 0.05)).type).toBe('sphere');
  });
});

function checkTorus(kind: SurfaceKind, pose: Float64Array, major: number, minor: number, label: string): void {
  const k = expectKind(kind, 'torus');
  expectUnit(k.axis);
  expectCanonical(k.axis);
  const ang = angleBetween(k.axis, applyDir(pose, [0, 0, 1]), true);
  const cErr = distance(k.center, applyPoint(pose, [0, 0, 0])) / major;
  const RErr = Math.abs(k.major - major) / major;
  const rErr = Math.abs(k.minor - minor) / minor;
  track(`${label} axis (rad)`, ang);
  track(`${label} center rel`, cErr);
  track(`${label} major rel`, RErr);
  track(`${label} minor rel`, rErr);
  track(`${label} residual rel`, k.residual / minor);
  expect(ang).toBeLessThan(1e-6);
  expect(cErr).toBeLessThan(1e-6);
  expect(RErr).toBeLessThan(1e-6);
  expect(rErr).toBeLessThan(1e-6);
  expect(k.residual / minor).toBeLessThan(1e-9);
}

describe('fitSurface: tori', () => {
  const cases: { name: string; R: number; r: number; u: [number, number]; nu: number; v: [number, number]; nv: number }[] = [
    { name: 'full, coarse (8×8)', R: 10, r: 3, u: [0, TURN], nu: 8, v: [0, TURN], nv: 8 },
    { name: 'full, fine (128×128)', R: 10, r: 3, u: [0, TURN], nu: 128, v: [0, TURN], nv: 128 },
    { name: 'quarter torus, coarse', R: 20, r: 2, u: [0, Math.PI / 2], nu: 2, v: [0, TURN], nv: 8 },
    { name: 'quarter torus, fine', R: 20, r: 2, u: [0, Math.PI / 2], nu: 32, v: [0, TURN], nv: 128 },
    { name: 'fillet (quarter of the tube, half turn)', R: 30, r: 1.5, u: [0, Math.PI], nu: 32, v: [0, Math.PI / 2], nv: 4 },
    { name: 'inner (saddle) part', R: 8, r: 5, u: [0, TURN], nu: 32, v: [Math.PI / 2, 1.5 * Math.PI], nv: 8 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const local = tessellate(torusSurface(c.R, c.r), { u: c.u, v: c.v, nu: c.nu, nv: c.nv });
      for (const pose of poses(c.nu * 3 + c.nv, c.nu * c.nv >= 4096 ? 1 : 3)) {
        const mesh = transformMesh(local, pose);
        checkTorus(fitSurface(fitInput(mesh, 1e-3 * c.r)), pose, c.R, c.r, 'torus');
      }
    });
  }
});

describe('fitSurface: freeform and near misses', () => {
  it('a bump z = 0.3 sin x cos y is freeform (with and without normals)', () => {
    const local = tessellate(bumpSurface(0.3), { u: [-2, 2], v: [-2, 2], nu: 24, nv: 24 });
    for (const pose of poses(9, 2)) {
      const mesh = transformMesh(local, pose);
      const k = fitSurface(fitInput(mesh, 0.01));
      expect(k.type).toBe('freeform');
      expect(k.residual).toBeGreaterThan(0.01);
      expect(fitSurface(fitInput(mesh, 0.01, { normals: false })).type).toBe('freeform');
    }
  });

  it('a shallow bump that some cylinder matches within a loose tolerance is rejected by its normals', () => {
    // z = 0.3 sin x cos y over a strip: normals tilt up to ~17° along y, no cylinder has that
    const local = tessellate(bumpSurface(0.3), { u: [-0.5, 0.5], v: [-1.2, 1.2], nu: 8, nv: 16 });
    const { attempts } = fitSurfaceAttempts(fitInput(local, 1));
    for (const a of attempts) if (a.evaluation) expect(a.evaluation.normalsOk, a.type).toBe(false);
    expect(fitSurface(fitInput(local, 1)).type).toBe('freeform');
  });

  it('a slightly elliptic cylinder (10 × 10.5) is not a cylinder at tolerance 0.01', () => {
    for (const nu of [8, 32, 128]) {
      const local = tessellate(ellipticCylinderSurface(10, 10.5), { u: [0, TURN], nu, v: [0, 5], nv: 1 });
      for (const pose of poses(nu, 2)) {
        const mesh = transformMesh(local, pose);
        const k = fitSurface(fitInput(mesh, 0.01));
        expect(k.type).not.toBe('cylinder');
        expect(k.type).toBe('freeform');
        expect(fitSurface(fitInput(mesh, 0.01, { normals: false })).type).toBe('freeform');
      }
    }
  });

  it('a plane is a plane, not a huge cylinder; a very flat cylinder patch is a cylinder', () => {
    const plane = tessellate(planeSurface(), { u: [0, 100], v: [0, 1], nu: 50, nv: 1 });
    expect(fitSurface(fitInput(plane, 1e-3)).type).toBe('plane');
    // 2° of a radius-1000 cylinder: sagitta 0.15, far above the tolerance
    const flat = tessellate(cylinderSurface(1000), { u: [0, 2 * DEG], nu: 8, v: [0, 10], nv: 1 });
    checkCylinder(fitSurface(fitInput(flat, 1e-3)), IDENTITY, 1000, 'flat cylinder', 1e-5);
    // …but with a tolerance above the sagitta it is (correctly) a plane
    expect(fitSurface(fitInput(flat, 0.2, { normals: false })).type).toBe('plane');
  });
});

describe('fitSurface: estimated normals for every primitive', () => {
  it('cone, sphere and torus without normals, indexed and as a triangle soup', () => {
    const checks: [Mesh, (k: SurfaceKind, pose: Float64Array) => void][] = [
      [tessellate(coneSurface(30 * DEG), { u: [0, TURN], nu: 8, v: [2, 10], nv: 1 }), (k, p) => checkCone(k, p, 30 * DEG, 10, 'cone (no normals)')],
      [tessellate(coneSurface(5 * DEG), { u: [0, Math.PI], nu: 16, v: [20, 40], nv: 2 }), (k, p) => checkCone(k, p, 5 * DEG, 40, 'cone (no normals)')],
      [tessellate(sphereSurface(40), { u: [0, TURN], nu: 16, v: [Math.PI / 2 - 15 * DEG, Math.PI / 2], nv: 2 }), (k, p) => checkSphere(k, p, 40, 'sphere (no normals)')],
      [tessellate(sphereSurface(5), { u: [0, TURN], nu: 8, v: [-Math.PI / 2, Math.PI / 2], nv: 4 }), (k, p) => checkSphere(k, p, 5, 'sphere (no normals)')],
      [tessellate(torusSurface(20, 2), { u: [0, Math.PI / 2], nu: 8, v: [0, TURN], nv: 16 }), (k, p) => checkTorus(k, p, 20, 2, 'torus (no normals)')],
      [tessellate(torusSurface(10, 3), { u: [0, TURN], nu: 8, v: [0, TURN], nv: 8 }), (k, p) => checkTorus(k, p, 10, 3, 'torus (no normals)')],
    ];
    for (const [local, check] of checks) {
      for (const pose of poses(404, 2)) {
        const mesh = transformMesh(local, pose);
        check(fitSurface(fitInput(mesh, 1e-3, { normals: false })), pose);
        check(fitSurface(fitInput(unweld(mesh), 1e-3, { normals: false })), pose);
      }
    }
  });
});

describe('fitSurface: float32 data (as meshes often arrive)', () => {
  it('positions and normals rounded to float32 still fit at a realistic tolerance', () => {
    const r = 12;
    const local = tessellate(cylinderSurface(r), { u: [0, Math.PI], nu: 24, v: [0, 30], nv: 2 });
    for (const pose of poses(32, 3).slice(1).filter((_, i) => i % 2 === 1)) {
      const mesh = transformMesh(local, pose); // offsets ≤ 50: float32 keeps ~3e-6 absolute
      const f32 = { ...mesh, positions: Float64Array.from(Float32Array.from(mesh.positions)), normals: Float64Array.from(Float32Array.from(mesh.normals!)) };
      const k = expectKind(fitSurface(fitInput(f32, 1e-3)), 'cylinder');
      expect(Math.abs(k.radius - r) / r).toBeLessThan(1e-6);
      expect(angleBetween(k.axis, applyDir(pose, [0, 0, 1]), true)).toBeLessThan(1e-6);
      expect(k.residual).toBeLessThan(1e-5);
    }
  });
});

describe('fitSurface: ranges, degenerate input', () => {
  it('zero triangles → freeform with residual 0', () => {
    const mesh = tessellate(planeSurface(), { u: [0, 1], v: [0, 1], nu: 1, nv: 1 });
    expect(fitSurface({ ...fitInput(mesh, 0.1), triangleCount: 0 })).toEqual({ type: 'freeform', residual: 0 });
    expect(fitSurface({ positions: [], indices: [], firstTriangle: 0, triangleCount: 0, tolerance: 0.1 })).toEqual({ type: 'freeform', residual: 0 });
  });

  it('all-degenerate triangles give no NaN', () => {
    const same = { positions: new Float64Array([1, 2, 3, 1, 2, 3, 1, 2, 3]), indices: new Uint32Array([0, 1, 2]), firstTriangle: 0, triangleCount: 1, tolerance: 0.1 };
    expect(fitSurface(same)).toEqual({ type: 'freeform', residual: 0 });
    const collinear = { positions: new Float64Array([0, 0, 0, 1, 1, 1, 2, 2, 2]), normals: new Float64Array(9), indices: new Uint32Array([0, 1, 2, 2, 1, 0]), firstTriangle: 0, triangleCount: 2, tolerance: 0.1 };
    const k = fitSurface(collinear);
    expect(Number.isNaN(k.residual)).toBe(false);
  });

  it('degenerate triangles and zero normals inside a patch are ignored', () => {
    const mesh = tessellate(cylinderSurface(5), { u: [0, TURN], nu: 16, v: [0, 3], nv: 2 });
    const normals = Float64Array.from(mesh.normals!);
    normals.fill(0, 0, 9); // three vertices without a usable normal
    normals[9] = NaN;
    const extra = new Uint32Array([...mesh.indices, 0, 0, 0, 3, 3, 4]);
    const k = fitSurface({ positions: mesh.positions, normals, indices: extra, firstTriangle: 0, triangleCount: mesh.triangleCount + 2, tolerance: 1e-4 });
    checkCylinder(k, IDENTITY, 5, 'cylinder');
  });

  it('fits only the given triangle range of a multi-surface part', () => {
    const parts = [
      tessellate(planeSurface(), { u: [0, 1], v: [0, 1], nu: 2, nv: 2 }),
      tessellate(cylinderSurface(2), { u: [0, TURN], nu: 12, v: [0, 1], nv: 1 }),
      tessellate(sphereSurface(3), { u: [0, TURN], nu: 12, v: [-1, 1], nv: 4 }),
      tessellate(torusSurface(5, 1), { u: [0, TURN], nu: 12, v: [0, TURN], nv: 12 }),
      tessellate(coneSurface(0.4), { u: [0, TURN], nu: 12, v: [1, 2], nv: 1 }),
    ];
    const { mesh, firsts } = concatMeshes(parts);
    const types = parts.map((p, i) =>
      fitSurface({ positions: mesh.positions, normals: mesh.normals, indices: mesh.indices, firstTriangle: firsts[i]!, triangleCount: p.triangleCount, tolerance: 1e-4 }).type,
    );
    expect(types).toEqual(['plane', 'cylinder', 'sphere', 'torus', 'cone']);
  });

  it('a face of a huge part (vertex indices in the millions, a narrow or a wide window) fits as its compact copy', () => {
    // positions as a lazy ArrayLike: 3M vertices without 72 MB of memory
    const mesh = tessellate(cylinderSurface(2), { u: [0, TURN], nu: 12, v: [0, 1], nv: 2 });
    const count = mesh.positions.length / 3;
    const compact = fitSurface({ ...fitInput(mesh, 1e-4) });
    for (const placeAt of [(i: number) => 2_500_000 + i, (i: number) => (i % 2 === 0 ? 10 + i : 2_999_000 + i)]) {
      const where = new Map<number, number>();
      for (let i = 0; i < count; i++) where.set(placeAt(i), i);
      const lazy = (src: Float64Array): ArrayLike<number> =>
        new Proxy({ length: 3 * 3_000_000 } as ArrayLike<number>, {
          get: (target, key) => {
            if (key === 'length') return target.length;
            const k = Number(key), v = where.get(Math.floor(k / 3));
            return v === undefined ? 0 : src[v * 3 + (k % 3)]!;
          },
        });
      const indices = mesh.indices.map((i) => placeAt(i));
      const huge = fitSurface({ positions: lazy(mesh.positions), normals: lazy(mesh.normals!), indices, firstTriangle: 0, triangleCount: mesh.triangleCount, tolerance: 1e-4 });
      expect(huge).toEqual(compact);
    }
  });

  it('rejects bad ranges, indices and tolerances with typed errors', () => {
    const mesh = tessellate(planeSurface(), { u: [0, 1], v: [0, 1], nu: 1, nv: 1 });
    expect(() => fitSurface({ ...fitInput(mesh, 0.1), triangleCount: 3 })).toThrow(/beyond/);
    expect(() => fitSurface({ ...fitInput(mesh, -1) })).toThrow(/tolerance/);
    expect(() => fitSurface({ ...fitInput(mesh, 0.1), indices: new Uint32Array([0, 1, 9, 0, 1, 2]) })).toThrow(/not a vertex index/);
    try {
      fitSurface({ ...fitInput(mesh, Number.NaN) });
    } catch (e) {
      expect((e as { code: string }).code).toBe('INVALID_OPTION');
    }
  });

  it('zero tolerance still accepts exact data (rounding floor)', () => {
    const mesh = transformMesh(tessellate(cylinderSurface(7), { u: [0, TURN], nu: 24, v: [0, 9], nv: 1 }), poses(1, 1)[1]!);
    expect(fitSurface(fitInput(mesh, 0)).type).toBe('cylinder');
  });
});

describe('accuracies', () => {
  it('prints the worst errors seen', () => {
    const rows = Object.entries(worst).map(([k, v]) => `${k.padEnd(36)} ${v.toExponential(2)}`);
    console.log(`worst recovered errors:\n${rows.join('\n')}`);
    expect(rows.length).toBeGreaterThan(0);
  });
});
