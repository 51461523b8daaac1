/**
 * A surface's shell: the region between two spheres (or two coaxial cylinders, with an
 * axial extent) that holds every point of its triangles. It is exact by construction,
 * whatever centre or axis it was built around: the largest distance to a point or a line
 * is convex, so over a triangle it peaks at a vertex (rMax); the smallest is the exact
 * point–triangle (or, projected along the axis, 2-D origin–triangle) distance (rMin).
 * collide uses it to reject a surface pair when one shell's body lies in the other's
 * hollow (a bolt in a clearance hole, nested spheres), without touching a triangle.
 */
import { closestPointOnTriangle } from '../math/pointInSolid.js';
import { perpBasis, type V3 } from './fit/vec.js';
import { algebraicSphere, normalScatterCylinder, type ShellFrame } from './shellFrames.js';
import { decodeSurfaceNumbers, derivedOf, encodeSurfaceNumbers, perSurface, type DerivedKind } from './derived.js';
import type { Surface } from './types.js';

/** Surfaces with fewer triangles get no shell: their triangle tests are cheaper than one. */
export const MIN_SHELL_TRIANGLES = 32;

/**
 * Rounding allowance, relative to the magnitudes involved: distances are computed to a few
 * ulps, this is four orders above that and still far below any tessellation feature.
 */
const SLACK = 1e-12;

export interface SurfaceShell {
  readonly cylinder: boolean;
  /** Centre (sphere) or a point on the axis (cylinder), part frame. */
  readonly cx: number; readonly cy: number; readonly cz: number;
  /** Unit axis (cylinder); zero for a sphere. */
  readonly ax: number; readonly ay: number; readonly az: number;
  /** Every point of the surface is at distance in [rMin, rMax] of the centre (axis), widened by the slack. */
  readonly rMin: number;
  readonly rMax: number;
  /** Cylinder: axial extent (along ax, from the point) of every vertex, widened by the slack. */
  readonly hMin: number;
  readonly hMax: number;
  /** Magnitude of the numbers above, for the query's own rounding allowance. */
  readonly scale: number;
}

/** Each surface's shell (null: none), kept by the cache as 12 numbers a surface. */
const SHELLS: DerivedKind<(SurfaceShell | null | undefined)[]> = {
  name: 'surface-shells',
  encode: (list) => encodeSurfaceNumbers(list, 12, shellNumbers),
  decode: (data, part) => decodeSurfaceNumbers(data, part, 12, shellFromNumbers),
};

/**
 * The surface's shell in its part's frame, computed on first use and kept with the part; null
 * for small surfaces, flat ones, and surfaces no frame could be found for. The centre / axis comes
 * from cheap algebraic fits of the triangles (the thinner shell wins).
 */
export function surfaceShell(surface: Surface): SurfaceShell | null {
  const shells = perSurface(SHELLS, surface.part);
  const known = shells[surface.index];
  if (known !== undefined) return known;
  // From the triangles alone, never from a fitted kind: whether a kind was fitted before
  // depends on what ran earlier (a verdict, a constraint rule, a cache entry), and a shell
  // that depended on it would make a query's work depend on history, not on its input.
  // A flat face (most large faces of a machined part) has no useful shell, and telling so
  // costs one cross product per triangle, not two fits.
  const shell = surface.triangleCount >= MIN_SHELL_TRIANGLES && !flat(surface) ? fittedShell(surface) : null;
  shells[surface.index] = shell;
  derivedOf(surface.part).touch(SHELLS);
  return shell;
}

/** The shell already measured for the surface: undefined when none was asked for yet. */
export function knownSurfaceShell(surface: Surface): SurfaceShell | null | undefined {
  return derivedOf(surface.part).get(SHELLS, surface.part)?.[surface.index];
}

const shellNumbers = (s: SurfaceShell): number[] => [s.cylinder ? 1 : 0, s.cx, s.cy, s.cz, s.ax, s.ay, s.az, s.rMin, s.rMax, s.hMin, s.hMax, s.scale];

/** shellNumbers' inverse; throws on numbers no measured shell has. */
function shellFromNumbers(n: Float64Array): SurfaceShell {
  const [cylinder, cx, cy, cz, ax, ay, az, rMin, rMax, hMin, hMax, scale] = n as unknown as number[];
  if (!n.every(Number.isFinite) || (cylinder !== 0 && cylinder !== 1) || !(rMin! >= 0 && rMin! <= rMax! && hMin! <= hMax! && scale! >= 0)) throw new Error('not a surface shell');
  return { cylinder: cylinder === 1, cx: cx!, cy: cy!, cz: cz!, ax: ax!, ay: ay!, az: az!, rMin: rMin!, rMax: rMax!, hMin: hMin!, hMax: hMax!, scale: scale! };
}

/** A shell thinner than this fraction of its radius is not worth a second fit. */
const THIN = 0.01;

const thickness = (s: SurfaceShell): number => s.rMax - s.rMin;

/**
 * The thinner of the shells around the algebraic sphere and the normal-scatter cylinder (the
 * sphere on a tie, and alone when it is thinner than THIN of its radius). When a cheap floor
 * of the sphere shell's thickness (sphereFloor) already rules out a thin sphere and the
 * cylinder shell is thinner than that floor, the sphere shell is never measured: the answer
 * is the cylinder's either way.
 */
function fittedShell(surface: Surface): SurfaceShell | null {
  const sphereFrame = algebraicSphere(surface);
  const floor = sphereFrame && sphereFloor(surface, sphereFrame);
  if (floor !== null && floor.thickness >= THIN * floor.rMax) {
    const cylinderFrame = normalScatterCylinder(surface);
    const cylinder = cylinderFrame && shellAround(surface, cylinderFrame);
    if (cylinder !== null && thickness(cylinder) < floor.thickness) return cylinder;
    const sphere = shellAround(surface, sphereFrame!);
    return cylinder !== null && (sphere === null || thickness(cylinder) < thickness(sphere)) ? cylinder : sphere;
  }
  const sphere = sphereFrame && shellAround(surface, sphereFrame);
  if (sphere !== null && thickness(sphere) < THIN * sphere.rMax) return sphere;
  const cylinderFrame = normalScatterCylinder(surface);
  const cylinder = cylinderFrame && shellAround(surface, cylinderFrame);
  return cylinder !== null && (sphere === null || thickness(cylinder) < thickness(sphere)) ? cylinder : sphere;
}

/**
 * A floor under the thickness (rMax − rMin) of shellAround(surface, frame) for a sphere, and
 * that shell's rMax, from one pass over the vertices and one triangle: rMax and the slack are
 * shellAround's own, and rMin² is a minimum over triangles of the distance that
 * triangleDistance2 computes, so the distance of any one triangle (the one holding the
 * nearest vertex) bounds it from above; every step after is monotone in it. Null when the
 * shell would be null or the bound cannot be had.
 */
export function sphereFloor(surface: Surface, frame: ShellFrame): { thickness: number; rMax: number } | null {
  if (frame.type !== 'sphere') return null;
  const { positions, indices } = surface.part;
  const c = frame.center;
  let rMax = 0, rNear = Infinity, near = -1;
  const first = surface.firstTriangle, end = first + surface.triangleCount;
  for (let i = 3 * first; i < 3 * end; i++) {
    const v = 3 * indices[i]!;
    const r = Math.hypot(positions[v]! - c[0], positions[v + 1]! - c[1], positions[v + 2]! - c[2]);
    if (r > rMax) rMax = r;
    if (r < rNear) { rNear = r; near = (i / 3) | 0; }
  }
  if (near < 0 || !Number.isFinite(rMax)) return null;
  for (let k = 0; k < 3; k++) {
    const v = 3 * indices[3 * near + k]!;
    tri[3 * k] = positions[v]! - c[0];
    tri[3 * k + 1] = positions[v + 1]! - c[1];
    tri[3 * k + 2] = positions[v + 2]! - c[2];
  }
  const dNear = triangleDistance2();
  if (!(dNear >= 0)) return null;
  const slack = SLACK * shellScale(surface, c, rMax, 0);
  const rMaxShell = rMax + slack;
  return { thickness: rMaxShell - Math.max(0, Math.sqrt(dNear) - slack), rMax: rMaxShell };
}

/** Are all the surface's triangle normals parallel (within 1e-6 rad, degenerate ones skipped)? */
function flat(surface: Surface): boolean {
  const { positions, indices } = surface.part;
  let rx = 0, ry = 0, rz = 0, rr = 0;
  for (let t = surface.firstTriangle, end = t + surface.triangleCount; t < end; t++) {
    const i = 3 * indices[3 * t]!, j = 3 * indices[3 * t + 1]!, k = 3 * indices[3 * t + 2]!;
    const ux = positions[j]! - positions[i]!, uy = positions[j + 1]! - positions[i + 1]!, uz = positions[j + 2]! - positions[i + 2]!;
    const vx = positions[k]! - positions[i]!, vy = positions[k + 1]! - positions[i + 1]!, vz = positions[k + 2]! - positions[i + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const nn = nx * nx + ny * ny + nz * nz;
    if (!(nn > 0)) continue;
    if (rr === 0) {
      rx = nx; ry = ny; rz = nz; rr = nn;
      continue;
    }
    const cx = ny * rz - nz * ry, cy = nz * rx - nx * rz, cz = nx * ry - ny * rx;
    // |n × r|² ≤ sin²(1e-6)·|n|²|r|², and the same side.
    if (cx * cx + cy * cy + cz * cz > 1e-12 * nn * rr || nx * rx + ny * ry + nz * rz <= 0) return false;
  }
  return true;
}

const tri = new Float64Array(9);
const closest = new Float64Array(3);

/** Measures the shell of the surface's triangles around one frame. */
export function shellAround(surface: Surface, frame: ShellFrame): SurfaceShell | null {
  const { positions, indices } = surface.part;
  const cylinder = frame.type === 'cylinder';
  const c = cylinder ? frame.point : frame.center;
  const a: V3 = cylinder ? frame.axis : [0, 0, 0];
  const [u, w] = cylinder ? perpBasis(a) : [a, a];
  let rMax = 0, rMin2 = Infinity, hMin = Infinity, hMax = -Infinity;
  const first = surface.firstTriangle, end = first + surface.triangleCount;
  for (let t = first; t < end; t++) {
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[3 * t + k]!;
      const x = positions[v]! - c[0], y = positions[v + 1]! - c[1], z = positions[v + 2]! - c[2];
      if (cylinder) {
        // Coordinates across the axis (u, w) and along it (h).
        tri[3 * k] = x * u[0] + y * u[1] + z * u[2];
        tri[3 * k + 1] = x * w[0] + y * w[1] + z * w[2];
        tri[3 * k + 2] = 0;
        const h = x * a[0] + y * a[1] + z * a[2];
        if (h < hMin) hMin = h;
        if (h > hMax) hMax = h;
      } else {
        tri[3 * k] = x;
        tri[3 * k + 1] = y;
        tri[3 * k + 2] = z;
      }
      const r = Math.hypot(tri[3 * k]!, tri[3 * k + 1]!, tri[3 * k + 2]!);
      if (r > rMax) rMax = r;
    }
    // Across the axis the triangle projects to a plane triangle: same closest-point routine, z = 0.
    const d = triangleDistance2();
    if (d < rMin2) rMin2 = d;
  }
  const rMin = Math.sqrt(rMin2);
  if (!Number.isFinite(rMax) || !Number.isFinite(rMin) || (cylinder && !(hMax >= hMin))) return null;
  const hMag = cylinder ? Math.max(Math.abs(hMin), Math.abs(hMax)) : 0;
  const scale = shellScale(surface, c, rMax, hMag);
  const slack = SLACK * scale;
  return {
    cylinder,
    cx: c[0], cy: c[1], cz: c[2],
    ax: a[0], ay: a[1], az: a[2],
    rMin: Math.max(0, rMin - slack),
    rMax: rMax + slack,
    hMin: cylinder ? hMin - slack : 0,
    hMax: cylinder ? hMax + slack : 0,
    scale,
  };
}

/** Magnitude of a shell's numbers (its rounding allowance is SLACK of it). */
function shellScale(surface: Surface, c: V3, rMax: number, hMag: number): number {
  const b = surface.bounds;
  const magnitude = Math.max(Math.abs(b[0]!), Math.abs(b[1]!), Math.abs(b[2]!), Math.abs(b[3]!), Math.abs(b[4]!), Math.abs(b[5]!));
  return magnitude + Math.max(Math.abs(c[0]), Math.abs(c[1]), Math.abs(c[2])) + rMax + hMag;
}

/**
 * Squared distance from the origin to the triangle in `tri`; NaN when it cannot be had. A
 * degenerate triangle is its edges (the closest-point routine may give NaN for it).
 */
function triangleDistance2(): number {
  const d2 = Math.min(edgeDistance2(0, 3), edgeDistance2(3, 6), edgeDistance2(6, 0));
  const face = closestPointOnTriangle(tri, 0, 0, 0, 0, closest);
  return face < d2 ? face : d2;
}

/** Squared distance from the origin to the segment between vertices i and j of `tri`. */
function edgeDistance2(i: number, j: number): number {
  const px = tri[i]!, py = tri[i + 1]!, pz = tri[i + 2]!;
  const ex = tri[j]! - px, ey = tri[j + 1]! - py, ez = tri[j + 2]! - pz;
  const e2 = ex * ex + ey * ey + ez * ez;
  let s = e2 > 0 ? -(px * ex + py * ey + pz * ez) / e2 : 0;
  s = s < 0 ? 0 : s > 1 ? 1 : s;
  const x = px + s * ex, y = py + s * ey, z = pz + s * ez;
  return x * x + y * y + z * z;
}
