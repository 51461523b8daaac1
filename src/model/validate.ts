/**
 * Argument checks for the public entry points: one call at the top of each function, so a
 * wrong argument is a SurfcdError naming the function and the argument, never a raw
 * TypeError from deep inside. Cheap (a few typeof checks): they run on every query.
 */
import { SurfcdError } from '../errors.js';
import type { Assembly, Part } from './types.js';

const describe = (v: unknown): string =>
  v === null ? 'null' : v === undefined ? 'undefined' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? `an object (${Object.keys(v).slice(0, 4).join(', ') || 'no fields'})` : `${typeof v} ${String(v).slice(0, 40)}`;

/** A Part as made by loadAssembly / partFromMesh / partFromGeometry. */
export function assertPart(value: unknown, fn: string, arg: string): asserts value is Part {
  const p = value as Part | null;
  if (
    p === null ||
    typeof p !== 'object' ||
    !(p.positions instanceof Float64Array) ||
    !(p.indices instanceof Uint32Array) ||
    !(p.triangleSurface instanceof Uint32Array) ||
    !Array.isArray(p.surfaces) ||
    typeof p.path !== 'string'
  ) {
    throw new SurfcdError('INVALID_ARGUMENT', `${fn}: ${arg} must be a Part (from loadAssembly, partFromMesh or partFromGeometry), got ${describe(value)}`);
  }
}

/** A pose must be given: null is not "no motion" (pass the identity for that). */
export function assertPose(value: unknown, fn: string, arg: string): void {
  if (value === null || value === undefined) {
    throw new SurfcdError('INVALID_POSE', `${fn}: ${arg} is ${value === null ? 'null' : 'missing'}; pass a 4×4 matrix (the identity [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1] for no motion)`);
  }
}

/** An Assembly from loadAssembly (or built the same way), with distinct parts and unique paths. */
export function assertAssembly(value: unknown, fn: string): asserts value is Assembly {
  const a = value as Assembly | null;
  if (a === null || typeof a !== 'object' || !Array.isArray(a.parts)) {
    throw new SurfcdError('INVALID_ARGUMENT', `${fn}: expected an Assembly (from loadAssembly), got ${describe(value)}`);
  }
  const seen = new Set<unknown>();
  const paths = new Set<string>();
  a.parts.forEach((part, i) => {
    assertPart(part, fn, `assembly.parts[${i}]`);
    if (seen.has(part)) throw new SurfcdError('INVALID_ARGUMENT', `${fn}: assembly.parts[${i}] ("${part.path}") is the same Part object as an earlier entry; each part must appear once`);
    if (paths.has(part.path)) throw new SurfcdError('INVALID_ARGUMENT', `${fn}: two parts share the path "${part.path}"; paths must be unique`);
    seen.add(part);
    paths.add(part.path);
  });
}

/** Options: omitted, or a plain object. */
export function assertOptions(value: unknown, fn: string): void {
  if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    throw new SurfcdError('INVALID_OPTION', `${fn}: options must be an object, got ${describe(value)}`);
  }
}

/** partFromMesh's input: an object with a positions array and surface ranges that are objects. */
export function assertMeshInput(value: unknown, fn: string): void {
  const m = value as Record<string, unknown> | null;
  if (m === null || typeof m !== 'object' || Array.isArray(m)) throw new SurfcdError('INVALID_MESH', `${fn}: expected {name, positions, indices, surfaces}, got ${describe(value)}`);
  if (m['name'] !== undefined && typeof m['name'] !== 'string') throw new SurfcdError('INVALID_MESH', `${fn}: name must be a string, got ${describe(m['name'])}`);
  const surfaces = m['surfaces'];
  if (surfaces === undefined || surfaces === null) return;
  if (!Array.isArray(surfaces)) throw new SurfcdError('INVALID_MESH', `${fn}: surfaces must be an array of {first, last}, got ${describe(surfaces)}`);
  surfaces.forEach((s: unknown, i: number) => {
    if (s === null || typeof s !== 'object' || Array.isArray(s)) throw new SurfcdError('INVALID_MESH', `${fn}: surfaces[${i}] must be {first, last}, got ${describe(s)}`);
  });
}

/**
 * Why `value` is not plain JSON data (null when it is): what plugin rules return must
 * survive JSON.stringify unchanged — no cycles, BigInt, functions, symbols, class instances
 * or non-finite numbers.
 */
export function plainDataProblem(value: unknown, at = 'params', depth = 0, path: unknown[] = []): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${at} is ${value}`;
  if (typeof value === 'bigint') return `${at} is a BigInt`;
  if (typeof value !== 'object') return `${at} is ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}`;
  if (path.includes(value)) return `${at} refers back to itself (a cycle)`;
  if (depth > 32) return `${at} is nested more than 32 levels deep`;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return `${at} is a ${proto?.constructor?.name ?? 'class'} instance, not a plain object`;
  path.push(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const p = plainDataProblem(value[i], `${at}[${i}]`, depth + 1, path);
        if (p) return p;
      }
    } else {
      for (const [k, v] of Object.entries(value)) {
        if (v === undefined) continue; // dropped by JSON, harmless
        const p = plainDataProblem(v, `${at}.${k}`, depth + 1, path);
        if (p) return p;
      }
    }
  } finally {
    path.pop();
  }
  return null;
}
