/**
 * Candidates on their way to constraints, per part pair: checking what rules return, the
 * part-pair rules (`matchPair`, which claim surface pairs), merging (`addDraft`) and
 * `supersede`. Used by `recognize.ts`.
 */
import { SurfcdError } from '../errors.js';
import { isEmptyAabb } from '../math/aabb.js';
import type { Part } from '../model/types.js';
import { plainDataProblem } from '../model/validate.js';
import type { Constraint, ConstraintCandidate, ConstraintRule, LoadedPlugin, PairCandidate, PartPairSurfacesView, RuleContext, SurfacePairView, SurfaceView } from './types.js';

export interface Draft {
  rule: ConstraintRule;
  plugin: LoadedPlugin;
  candidate: ConstraintCandidate;
  surfacesA: Set<number>;
  surfacesB: Set<number>;
}

/** Default merge: same params, numbers equal within `tol`. */
function sameParams(x: unknown, y: unknown, tol: number): boolean {
  if (typeof x === 'number' && typeof y === 'number') return Math.abs(x - y) <= tol || x === y;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => sameParams(v, y[i], tol));
  if (x && y && typeof x === 'object' && typeof y === 'object') {
    const kx = Object.keys(x), ky = Object.keys(y);
    return kx.length === ky.length && kx.every((k) => sameParams((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], tol));
  }
  return x === y;
}

export function ruleFailure(plugin: LoadedPlugin, rule: ConstraintRule, what: string, error: unknown): SurfcdError {
  if (error instanceof SurfcdError) return error;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new SurfcdError('PLUGIN_FAILED', `plugin "${plugin.name}" (${plugin.source}), rule "${rule.name}": ${what} threw ${reason}`, { cause: error });
}

export function checkCandidate(c: unknown, plugin: LoadedPlugin, rule: ConstraintRule, what: string): ConstraintCandidate {
  const bad = (why: string): SurfcdError => new SurfcdError('PLUGIN_FAILED', `plugin "${plugin.name}" (${plugin.source}), rule "${rule.name}": ${what} returned ${why}`);
  if (c === null || typeof c !== 'object' || Array.isArray(c)) throw bad(`${c === null ? 'null inside a list' : typeof c}, expected { kind, params, residual? }`);
  const cand = c as ConstraintCandidate;
  if (typeof cand.kind !== 'string' || cand.kind === '') throw bad(`a candidate whose "kind" is ${JSON.stringify(cand.kind)}, expected a non-empty string`);
  if (cand.params === null || typeof cand.params !== 'object' || Array.isArray(cand.params)) throw bad(`a "${cand.kind}" candidate whose "params" is not an object`);
  const notData = plainDataProblem(cand.params);
  if (notData) throw bad(`a "${cand.kind}" candidate whose ${notData}; params must be plain JSON data`);
  if (cand.residual !== undefined && !(typeof cand.residual === 'number' && Number.isFinite(cand.residual))) throw bad(`a "${cand.kind}" candidate whose "residual" is ${String(cand.residual)}, expected a finite number`);
  return cand;
}

export const asList = <T>(v: T | T[] | null | undefined): T[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]);


interface PairSurfaces {
  partA: Part;
  partB: Part;
  /** The pair's surface pairs, sorted, and their views (same order). */
  sorted: readonly { a: number; b: number }[];
  pairViews: readonly SurfacePairView[];
  viewOf(part: Part, index: number): SurfaceView;
}

/** Runs the `matchPair` rules in order (each sees what the ones before left); returns the claimed surface pairs (a·1e7 + b). */
export function runPairRules(pairRules: readonly { plugin: LoadedPlugin; rule: ConstraintRule }[], pair: PairSurfaces, drafts: Draft[], ctx: RuleContext): Set<number> {
  const { partA, partB, sorted, pairViews, viewOf } = pair;
  const claimed = new Set<number>();
  if (pairRules.length === 0) return claimed;
  const surfacesOf = (side: 'A' | 'B'): SurfaceView[] => {
    const part = side === 'A' ? partA : partB;
    return part.surfaces.map((s) => viewOf(part, s.index));
  };
  for (const { plugin, rule } of pairRules) {
    const view: PartPairSurfacesView = { partA, partB, pairs: pairViews.filter((_, k) => !claimed.has(sorted[k]!.a * 1e7 + sorted[k]!.b)), surfacesOf };
    let result: ReturnType<NonNullable<ConstraintRule['matchPair']>>;
    try {
      result = rule.matchPair!(view, ctx);
    } catch (error) {
      throw ruleFailure(plugin, rule, `matchPair on "${partA.path}" / "${partB.path}"`, error);
    }
    for (const raw of asList(result)) {
      const candidate = checkCandidate(raw, plugin, rule, 'matchPair');
      const surfacesA = checkSurfaces(raw, 'surfacesA', partA, plugin, rule), surfacesB = checkSurfaces(raw, 'surfacesB', partB, plugin, rule);
      const { surfacesA: _a, surfacesB: _b, ...plain } = candidate as PairCandidate;
      addDraft(drafts, { rule, plugin, candidate: plain, surfacesA: new Set(surfacesA), surfacesB: new Set(surfacesB) }, ctx);
      for (const x of surfacesA) for (const y of surfacesB) claimed.add(x * 1e7 + y);
    }
  }
  return claimed;
}

/** Runs the `supersede` rules on a part pair's constraints (ids already set): drops them in place, merging surfaces into `into`. */
export function runSupersede(rules: readonly { plugin: LoadedPlugin; rule: ConstraintRule }[], partA: Part, partB: Part, pairConstraints: Constraint[], ctx: RuleContext): void {
  for (const { plugin, rule } of rules) {
    if (pairConstraints.length === 0) return;
    let result: ReturnType<NonNullable<ConstraintRule['supersede']>>;
    try {
      result = rule.supersede!({ partA, partB, constraints: Object.freeze([...pairConstraints]) }, ctx);
    } catch (error) {
      throw ruleFailure(plugin, rule, `supersede on "${partA.path}" / "${partB.path}"`, error);
    }
    for (const s of asList(result)) {
      const gone = pairConstraints.find((c) => c.id === s?.id);
      const into = s?.into === undefined ? undefined : pairConstraints.find((c) => c.id === s.into);
      if (!gone || (s.into !== undefined && (!into || into === gone))) {
        throw new SurfcdError('PLUGIN_FAILED', `plugin "${plugin.name}" (${plugin.source}), rule "${rule.name}": supersede returned ${JSON.stringify(s)}, expected { id, into? } with ids of this part pair's constraints`);
      }
      if (into) {
        into.surfacesA = [...new Set([...into.surfacesA, ...gone.surfacesA])].sort((x, y) => x - y);
        into.surfacesB = [...new Set([...into.surfacesB, ...gone.surfacesB])].sort((x, y) => x - y);
      }
      pairConstraints.splice(pairConstraints.indexOf(gone), 1);
    }
  }
}

/**
 * The "near" reach of a part by size: the largest ISO 273 radial clearance (coarse series:
 * under 0.125·d for every size) of a bolt as thick as the part's middle extent, at most 5 mm
 * (M64 coarse). A bolt's middle extent is its head width, at least its diameter.
 */
export function sizeReach(part: Part): number {
  const b = part.bounds;
  if (isEmptyAabb(b)) return 0;
  const e = [b[3]! - b[0]!, b[4]! - b[1]!, b[5]! - b[2]!].sort((x, y) => x - y);
  return Math.min(5, 0.13 * e[1]!);
}

function checkSurfaces(raw: unknown, key: 'surfacesA' | 'surfacesB', part: Part, plugin: LoadedPlugin, rule: ConstraintRule): number[] {
  const list = (raw as Record<string, unknown>)[key];
  if (!Array.isArray(list) || list.length === 0 || !list.every((i) => Number.isInteger(i) && i >= 0 && i < part.surfaces.length)) {
    throw new SurfcdError('PLUGIN_FAILED', `plugin "${plugin.name}" (${plugin.source}), rule "${rule.name}": matchPair returned a candidate whose "${key}" is ${JSON.stringify(list)?.slice(0, 60)}, expected surface indices of "${part.path}"`);
  }
  return list as number[];
}

export function addDraft(drafts: Draft[], incoming: Draft, ctx: RuleContext): void {
  for (const d of drafts) {
    if (d.rule !== incoming.rule || d.candidate.kind !== incoming.candidate.kind) continue;
    let merged: ConstraintCandidate | null;
    if (d.rule.merge) {
      try {
        merged = d.rule.merge(d.candidate, incoming.candidate, ctx);
      } catch (error) {
        throw ruleFailure(d.plugin, d.rule, `merge of two "${d.candidate.kind}" candidates`, error);
      }
      if (merged) merged = checkCandidate(merged, d.plugin, d.rule, 'merge');
    } else {
      merged = sameParams(d.candidate.params, incoming.candidate.params, ctx.tolerance) ? { ...d.candidate, residual: Math.max(d.candidate.residual ?? 0, incoming.candidate.residual ?? 0) } : null;
    }
    if (merged) {
      d.candidate = merged;
      for (const s of incoming.surfacesA) d.surfacesA.add(s);
      for (const s of incoming.surfacesB) d.surfacesB.add(s);
      return;
    }
  }
  drafts.push(incoming);
}

