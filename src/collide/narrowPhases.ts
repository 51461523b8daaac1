/**
 * Narrow phases other than S-CD: the registry behind `collide(..., { method })`.
 *
 * A narrow phase is `{ name, build(part) → index, collide(a, poseA, b, poseB, options) }`
 * (see NARROW_PHASES.md). Plugins contribute them (`narrowPhases` in a plugin's default
 * export); the core never imports one. `scd` is the built-in default and is not in this
 * registry: collide.ts runs it itself.
 */
import { describeValue, SurfcdError } from '../errors.js';
import type { Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import type { CollisionResult, ResolvedOptions } from './collide.js';
import { derivedOf, type DerivedKind } from '../model/derived.js';

/** A part with the index a narrow phase built for it. */
export interface IndexedPart<Index = unknown> {
  part: Part;
  index: Index;
}

export interface NarrowPhase<Index = unknown> {
  /** The `method` name (lower-case letters, digits and dashes; not `scd`). */
  name: string;
  /** One line for `--help` and the bench tables. */
  description?: string;
  /** Builds the per-part index; called once per part (the core caches it). */
  build(part: Part): Index;
  /**
   * The query: same modes, options, result shape and stats as S-CD's `collide`. Poses are
   * validated rigid transforms (12 numbers, row-major 3×4); options are resolved (defaults
   * filled in, checked).
   */
  collide(a: IndexedPart<Index>, poseA: Rigid, b: IndexedPart<Index>, poseB: Rigid, options: ResolvedOptions): CollisionResult;
  /** Bytes of the index (typed arrays), for the bench's bytes-per-triangle column. */
  indexBytes?(index: Index): number;
}

/** The first-party plugins' narrow phases, as the plugin registry was handed them; null until then. */
let firstParty: readonly { source: string; phases: readonly NarrowPhase[] }[] | null = null;
let firstPartyDone = false;

/** Called by the plugin registry when the package entries hand it the first-party plugins. */
export function provideFirstPartyPhases(list: readonly { source: string; phases: readonly NarrowPhase[] }[]): void {
  firstParty = list;
}

/**
 * Registers the first-party narrow phases once, on first lookup. The plugin registry calls it
 * before it registers the first-party plugins, so the two agree whichever is read first, and a
 * phase removed with its plugin stays removed. Read before the package entries handed the
 * plugins over (a module of src/ imported directly), it fails loudly rather than answer
 * without them.
 */
export function registerFirstPartyPhases(): void {
  if (firstPartyDone) return;
  if (firstParty === null) {
    throw new SurfcdError('PLUGIN_FAILED', 'the first-party plugins were never handed to the plugin registry: import surfcd through its package entries (surfcd, surfcd/core), which register them');
  }
  firstPartyDone = true;
  for (const { source, phases: list } of firstParty) for (const phase of list) registerNarrowPhase(phase, source);
}

/** The built-in method. */
export const SCD_METHOD = 'scd';

const NAME = /^[a-z][a-z0-9-]*$/;
const phases = new Map<string, NarrowPhase>();
/** Each narrow phase's index of the part, by phase name (plugin data: built again in each process). */
const PHASE_INDICES: DerivedKind<Map<string, unknown>> = { name: 'narrow-phase-indices' };

/** Checks one narrow-phase object; `where` names the plugin and field for the message. */
export function validateNarrowPhase(value: unknown, where: string): NarrowPhase {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SurfcdError('PLUGIN_FAILED', `${where} is ${describeValue(value)}, expected an object { name, build, collide }`);
  }
  const p = value as Record<string, unknown>;
  if (typeof p['name'] !== 'string' || !NAME.test(p['name']) || p['name'] === SCD_METHOD) {
    throw new SurfcdError('PLUGIN_FAILED', `${where}: "name" is ${describeValue(p['name'])}, expected lower-case letters, digits and dashes, not "${SCD_METHOD}"`);
  }
  for (const f of ['build', 'collide']) {
    if (typeof p[f] !== 'function') throw new SurfcdError('PLUGIN_FAILED', `${where} ("${p['name']}"): "${f}" is ${describeValue(p[f])}, expected a function`);
  }
  if (p['indexBytes'] !== undefined && typeof p['indexBytes'] !== 'function') {
    throw new SurfcdError('PLUGIN_FAILED', `${where} ("${p['name']}"): "indexBytes" is ${describeValue(p['indexBytes'])}, expected a function`);
  }
  return value as NarrowPhase;
}

/** Registers a narrow phase; a second one with the same name is a PLUGIN_FAILED. */
export function registerNarrowPhase(phase: NarrowPhase, source: string): void {
  const existing = phases.get(phase.name);
  if (existing === phase) return;
  if (existing) throw new SurfcdError('PLUGIN_FAILED', `plugin ${source}: a narrow phase named "${phase.name}" is already registered`);
  phases.set(phase.name, phase);
}

export function unregisterNarrowPhase(phase: NarrowPhase): void {
  if (phases.get(phase.name) === phase) phases.delete(phase.name);
}

/** Every method `collide` accepts: `scd` first, then the registered ones in registration order. */
export function narrowPhaseNames(): string[] {
  registerFirstPartyPhases();
  return [SCD_METHOD, ...phases.keys()];
}

/** The registered narrow phase called `name`; INVALID_OPTION naming the known ones otherwise. */
export function narrowPhase(name: string): NarrowPhase {
  registerFirstPartyPhases();
  const phase = phases.get(name);
  if (!phase) {
    throw new SurfcdError('INVALID_OPTION', `collide: method "${String(name)}" is not one of ${narrowPhaseNames().join(', ')} (narrow phases come from plugins)`);
  }
  return phase;
}

/** The phase's index of a part, built on first use and kept with the part. */
export function narrowIndex<Index>(phase: NarrowPhase<Index>, part: Part): Index {
  const byPhase = derivedOf(part).of(PHASE_INDICES, part, () => new Map<string, unknown>());
  if (!byPhase.has(phase.name)) byPhase.set(phase.name, phase.build(part));
  return byPhase.get(phase.name) as Index;
}

/** Runs a registered narrow phase (both indices built on demand). */
export function collideNarrow(name: string, a: Part, rigidA: Rigid, b: Part, rigidB: Rigid, opts: ResolvedOptions): CollisionResult {
  const phase = narrowPhase(name);
  return phase.collide({ part: a, index: narrowIndex(phase, a) }, rigidA, { part: b, index: narrowIndex(phase, b) }, rigidB, opts);
}
