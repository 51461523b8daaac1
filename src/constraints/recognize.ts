/**
 * The constraint recognizer: surface pairs that touch (or, for fits with clearance, come
 * within `clearance`) → rules from plugins → constraints merged per part pair → derived
 * constraints → the freedom each part pair and each part has left.
 */
import { overlappingPairs } from '../collide/broadPhase.js';
import { collideRigid, resolveCollideOptions } from '../collide/collide.js';
import { resolvePoses } from '../model/poses.js';
import { selectedPairs } from '../verdict/findContacts.js';
import { coincidenceTolerance } from '../verdict/allowance.js';
import { SurfcdError } from '../errors.js';
import { emptyAabb, growAabb, isEmptyAabb, transformAabb, unionAabb, type Aabb } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import type { Vec3 } from '../model/surfaceKind.js';
import type { Assembly, Part } from '../model/types.js';
import { DEFAULT_TOLERANCE } from '../model/tolerance.js';
import { forceWrench, freedomOf, momentWrench } from './freedom.js';
import { addDraft, asList, checkCandidate, ruleFailure, runPairRules, runSupersede, sizeReach, type Draft } from './drafts.js';
import { registeredPlugins, validatePlugin } from './plugins.js';
import { surfaceView } from './surfaceView.js';
import { fastenerAnalysis, type FastenerAnalysis } from './fasteners.js';
import { threadLeadFactor } from './threads.js';
import { assertAssembly, assertOptions } from '../model/validate.js';
import type {
  Constraint,
  ConstraintOptions,
  ConstraintReport,
  ConstraintRule,
  Freedom,
  LoadedPlugin,
  PairFreedom,
  PairRelation,
  PartFreedom,
  RuleContext,
  SurfacePairView,
  SurfaceView,
  Wrench,
} from './types.js';

export { DEFAULT_TOLERANCE };
export const DEFAULT_CLEARANCE = 0.5;
export const DEFAULT_ANGLE_TOLERANCE = Math.PI / 180;

const byCodePoint = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

function checkNumber(name: string, value: unknown, fallback: number, max = Infinity): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
    throw new SurfcdError('INVALID_OPTION', `recognizeConstraints: ${name} is ${String(value)}, expected a finite number ≥ 0${max < Infinity ? ` and ≤ ${max}` : ''}`);
  }
  return value;
}

function isLoaded(p: unknown): p is LoadedPlugin {
  return typeof p === 'object' && p !== null && Array.isArray((p as LoadedPlugin).rules) && typeof (p as LoadedPlugin).source === 'string' && 'plugin' in p;
}

/** The plugins a call uses: the registered ones (unless turned off), then the call's own. */
export function pluginsFor(options: Pick<ConstraintOptions, 'plugins' | 'registeredPlugins'>): LoadedPlugin[] {
  const list: LoadedPlugin[] = options.registeredPlugins === false ? [] : [...registeredPlugins()];
  for (const p of options.plugins ?? []) {
    const loaded = isLoaded(p) ? p : validatePlugin(p, '(object)');
    if (!list.some((q) => q.plugin === loaded.plugin)) list.push(loaded);
  }
  return list;
}

/**
 * Recognises assembly constraints (against, coaxial, tangent, spherical, conical, insert,
 * and whatever plugins add) between the parts of an assembly in its assembled state (or at
 * `poses`), and the degrees of freedom they leave.
 */
export function recognizeConstraints(assembly: Assembly, options: ConstraintOptions = {}): ConstraintReport {
  assertAssembly(assembly, 'recognizeConstraints'); assertOptions(options, 'recognizeConstraints');
  if (!assembly || !Array.isArray(assembly.parts)) throw new SurfcdError('INVALID_OPTION', 'recognizeConstraints: expected an Assembly (from loadAssembly)');
  const tolerance = checkNumber('tolerance', options.tolerance, DEFAULT_TOLERANCE);
  const clearance = checkNumber('clearance', options.clearance, DEFAULT_CLEARANCE);
  const clearanceBySize = options.clearance === undefined;
  const angleTolerance = checkNumber('angleTolerance', options.angleTolerance, DEFAULT_ANGLE_TOLERANCE, Math.PI / 4);
  const fitTolerance = options.fitTolerance === undefined ? undefined : checkNumber('fitTolerance', options.fitTolerance, 0);
  const plugins = pluginsFor(options);
  const poses = resolvePoses(assembly, options.poses);
  const byPath = new Map(assembly.parts.map((p) => [p.path, p] as const));
  // position in assembly.parts (Part.index may not be set for hand-made assemblies)
  const slot = new Map(assembly.parts.map((p, i) => [p, i] as const));
  if (byPath.size !== assembly.parts.length) {
    const dup = assembly.parts.find((p, i) => assembly.parts.findIndex((q) => q.path === p.path) !== i)!;
    throw new SurfcdError('INVALID_OPTION', `recognizeConstraints: two parts share the path "${dup.path}"; part paths must be unique`);
  }

  const worldBoxes = assembly.parts.map((p, i) => transformAabb(p.bounds, poses[i]!));
  const all = emptyAabb();
  for (const b of worldBoxes) if (!isEmptyAabb(b)) unionAabb(all, b, all);
  const sceneScale = isEmptyAabb(all) ? 1 : Math.hypot(all[3]! - all[0]!, all[4]! - all[1]!, all[5]! - all[2]!);
  // fastener roles and threaded joints: one analysis for this call, made when a rule first asks
  let fasteners: FastenerAnalysis | undefined;
  const ctx: RuleContext = Object.freeze({
    tolerance,
    clearance,
    clearanceBySize,
    angleTolerance,
    scale: sceneScale,
    wrench: Object.freeze({ force: forceWrench, moment: momentWrench }),
    // the contact verdict's own test (src/verdict/allowance.ts), so the two never disagree
    coincidenceTolerance: (a: SurfaceView, b: SurfaceView) => coincidenceTolerance(a.surface, poses[slot.get(a.part)!]!, b.surface, poses[slot.get(b.part)!]!, tolerance),
    threadedJoints: (a: Part, b: Part) => {
      fasteners ??= fastenerAnalysis(assembly, poses, tolerance, angleTolerance, fitTolerance);
      const i = slot.get(a)!, j = slot.get(b)!;
      return fasteners.jointsBetween(i, j).map((joint) => ({ joint, fastener: joint.fastener === i ? ('A' as const) : ('B' as const) }));
    },
  });

  // 1. surface pairs: within tolerance ("touching": touching or crossing), and "near": within clearance.
  // collide() without classification: telling touching from crossing costs 10–100× and no rule needs it.
  // By size, a part pair's "near" reach is that of the largest fit its smaller part can hold (sizeReach).
  const reachOf = assembly.parts.map((p) => Math.max(tolerance, clearance, clearanceBySize ? sizeReach(p) : 0));
  const grown = worldBoxes.map((b, i) => growAabb(b, reachOf[i]! + 1e-9 * Math.max(1, ...Array.from(b, Math.abs)), emptyAabb()));
  const candidates = selectedPairs(assembly, overlappingPairs(grown), options.select);
  const pairs: { partA: string; partB: string; surfacePairs: { a: number; b: number; relation: PairRelation }[] }[] = [];
  const touchOptions = resolveCollideOptions({ mode: 'all-surfaces', tolerance });
  let touchingCount = 0, nearCount = 0;
  for (let k = 0; k < candidates.length; k += 2) {
    let [i, j] = [candidates[k]!, candidates[k + 1]!];
    if (byCodePoint(assembly.parts[i]!.path, assembly.parts[j]!.path) > 0) [i, j] = [j, i];
    const a = assembly.parts[i]!, b = assembly.parts[j]!;
    const found = collideRigid(a, poses[i]!, b, poses[j]!, touchOptions).surfacePairs.map((p) => ({ a: p.a, b: p.b, relation: 'touching' as PairRelation }));
    touchingCount += found.length;
    const reach = Math.min(reachOf[i]!, reachOf[j]!);
    if (reach > tolerance) {
      const known = new Set(found.map((p) => p.a * 1e7 + p.b));
      const nearOptions = resolveCollideOptions({ mode: 'all-surfaces', tolerance: reach });
      for (const p of collideRigid(a, poses[i]!, b, poses[j]!, nearOptions).surfacePairs) {
        if (known.has(p.a * 1e7 + p.b)) continue;
        found.push({ a: p.a, b: p.b, relation: 'near' });
        nearCount++;
      }
    }
    if (found.length > 0) pairs.push({ partA: a.path, partB: b.path, surfacePairs: found });
  }

  // 2. match every surface pair with every rule
  const views = new Map<Part, (SurfaceView | undefined)[]>();
  const viewOf = (part: Part, index: number): SurfaceView => {
    let list = views.get(part);
    if (!list) views.set(part, (list = []));
    return (list[index] ??= surfaceView(part.surfaces[index]!, poses[slot.get(part)!]!, fitTolerance));
  };
  const matchRules = plugins.flatMap((plugin) => plugin.rules.filter((r) => r.match).map((rule) => ({ plugin, rule })));
  const pairRules = plugins.flatMap((plugin) => plugin.rules.filter((r) => r.matchPair).map((rule) => ({ plugin, rule })));
  const supersedeRules = plugins.flatMap((plugin) => plugin.rules.filter((r) => r.supersede).map((rule) => ({ plugin, rule })));
  const allRules = plugins.flatMap((plugin) => plugin.rules);
  const deriveRules = plugins.flatMap((plugin) => plugin.rules.filter((r) => r.derive).map((rule) => ({ plugin, rule })));
  const ruleOfConstraint = new Map<Constraint, { plugin: LoadedPlugin; rule: ConstraintRule }>();

  const orderedPairs = pairs.sort((p, q) => byCodePoint(p.partA, q.partA) || byCodePoint(p.partB, q.partB));
  const constraints: Constraint[] = [];
  for (const pair of orderedPairs) {
    const partA = byPath.get(pair.partA)!, partB = byPath.get(pair.partB)!;
    const drafts: Draft[] = [];
    const sorted = [...pair.surfacePairs].sort((x, y) => x.a - y.a || x.b - y.b);
    const pairViews: SurfacePairView[] = sorted.map((sp) => ({ a: viewOf(partA, sp.a), b: viewOf(partB, sp.b), relation: sp.relation }));
    // 2a. rules that look at the whole part pair; the surface pairs they use are theirs alone
    const claimed = runPairRules(pairRules, { partA, partB, sorted, pairViews, viewOf }, drafts, ctx);
    for (let k = 0; k < sorted.length; k++) {
      const sp = sorted[k]!;
      if (claimed.has(sp.a * 1e7 + sp.b)) continue;
      const view = pairViews[k]!;
      for (const { plugin, rule } of matchRules) {
        let result: ReturnType<NonNullable<ConstraintRule['match']>>;
        try {
          result = rule.match!(view, ctx);
        } catch (error) {
          throw ruleFailure(plugin, rule, `match on "${pair.partA}" surface ${sp.a} / "${pair.partB}" surface ${sp.b}`, error);
        }
        for (const raw of asList(result)) {
          const candidate = checkCandidate(raw, plugin, rule, 'match');
          addDraft(drafts, { rule, plugin, candidate, surfacesA: new Set([sp.a]), surfacesB: new Set([sp.b]) }, ctx);
        }
      }
    }
    const pairConstraints: Constraint[] = drafts.map((d) => {
      const c: Constraint = {
        id: -1,
        kind: d.candidate.kind,
        partA: pair.partA,
        partB: pair.partB,
        surfacesA: [...d.surfacesA].sort((x, y) => x - y),
        surfacesB: [...d.surfacesB].sort((x, y) => x - y),
        params: d.candidate.params,
        residual: d.candidate.residual ?? 0,
        rule: d.rule.name,
        plugin: d.plugin.name,
      };
      ruleOfConstraint.set(c, { plugin: d.plugin, rule: d.rule });
      return c;
    });
    const ruleOrder = (c: Constraint): number => allRules.indexOf(ruleOfConstraint.get(c)!.rule);
    pairConstraints.sort((x, y) => ruleOrder(x) - ruleOrder(y) || byCodePoint(x.kind, y.kind) || x.surfacesA[0]! - y.surfacesA[0]! || x.surfacesB[0]! - y.surfacesB[0]!);
    // 2b. constraints another one of the pair makes redundant (ids numbered as if all stayed)
    pairConstraints.forEach((c, k) => (c.id = constraints.length + k));
    runSupersede(supersedeRules, partA, partB, pairConstraints, ctx);
    for (const c of pairConstraints) {
      c.id = constraints.length;
      constraints.push(c);
    }
    // 3. derived constraints of this part pair
    if (pairConstraints.length === 0) continue;
    const matched = Object.freeze([...pairConstraints]);
    const derived: Constraint[] = [];
    for (const { plugin, rule } of deriveRules) {
      let result: ReturnType<NonNullable<ConstraintRule['derive']>>;
      try {
        result = rule.derive!({ partA, partB, constraints: matched }, ctx);
      } catch (error) {
        throw ruleFailure(plugin, rule, `derive on "${pair.partA}" / "${pair.partB}"`, error);
      }
      for (const raw of asList(result)) {
        const candidate = checkCandidate(raw, plugin, rule, 'derive');
        const from = (raw as { derivedFrom?: unknown }).derivedFrom;
        if (!Array.isArray(from) || from.length === 0 || !from.every((id) => matched.some((c) => c.id === id))) {
          throw new SurfcdError('PLUGIN_FAILED', `plugin "${plugin.name}" (${plugin.source}), rule "${rule.name}": derive returned a "${candidate.kind}" whose "derivedFrom" is ${JSON.stringify(from)}, expected ids of this part pair's constraints`);
        }
        const ids = [...new Set(from as number[])];
        const parents = ids.map((id) => constraints[id]!);
        const c: Constraint = {
          id: -1,
          kind: candidate.kind,
          partA: pair.partA,
          partB: pair.partB,
          surfacesA: [...new Set(parents.flatMap((p) => p.surfacesA))].sort((x, y) => x - y),
          surfacesB: [...new Set(parents.flatMap((p) => p.surfacesB))].sort((x, y) => x - y),
          params: candidate.params,
          residual: candidate.residual ?? Math.max(0, ...parents.map((p) => p.residual)),
          rule: rule.name,
          plugin: plugin.name,
          derivedFrom: ids,
        };
        ruleOfConstraint.set(c, { plugin, rule });
        derived.push(c);
      }
    }
    for (const c of derived) {
      c.id = constraints.length;
      constraints.push(c);
    }
  }

  // 4. freedom per part pair and per part
  const ignoredKinds = new Set<string>();
  const wrenchesOf = new Map<Constraint, Wrench[]>();
  for (const c of constraints) {
    if (c.derivedFrom) continue;
    const { plugin, rule } = ruleOfConstraint.get(c)!;
    if (!rule.freedom) {
      ignoredKinds.add(c.kind);
      continue;
    }
    let w: Wrench[];
    try {
      w = rule.freedom(c, ctx);
    } catch (error) {
      throw ruleFailure(plugin, rule, `freedom of constraint ${c.id} (${c.kind})`, error);
    }
    if (!Array.isArray(w) || !w.every((x) => Array.isArray(x) && x.length === 6 && x.every((n) => typeof n === 'number' && Number.isFinite(n)))) {
      throw new SurfcdError('PLUGIN_FAILED', `plugin "${plugin.name}" (${plugin.source}), rule "${rule.name}": freedom returned ${JSON.stringify(w)?.slice(0, 80)}, expected an array of 6-number wrenches`);
    }
    wrenchesOf.set(c, w);
  }
  const centroids = new Map<string, Vec3>();
  /** Area-weighted centroid of a part's triangles, world frame: on the axis of a turned part whatever its pose. */
  const centroidOf = (path: string): Vec3 => {
    let c = centroids.get(path);
    if (!c) {
      const part = byPath.get(path)!;
      c = partCentroid(part, poses[slot.get(part)!]!) ?? boxOf([path]).centre;
      centroids.set(path, c);
    }
    return c;
  };
  const boxOf = (paths: string[]): { centre: Vec3; size: number } => {
    const box: Aabb = emptyAabb();
    for (const p of paths) {
      const b = worldBoxes[slot.get(byPath.get(p)!)!]!;
      if (!isEmptyAabb(b)) unionAabb(box, b, box);
    }
    if (isEmptyAabb(box)) return { centre: [0, 0, 0], size: 1 };
    return {
      centre: [(box[0]! + box[3]!) / 2, (box[1]! + box[4]!) / 2, (box[2]! + box[5]!) / 2],
      size: Math.hypot(box[3]! - box[0]!, box[4]! - box[1]!, box[5]! - box[2]!) || 1,
    };
  };
  // threads enter the analysis with scaled leads (threadLeadFactor): their screws' pitches are divided back
  const leadFactor = threadLeadFactor(sceneScale);
  const trueLeads = (f: Freedom, list: readonly Constraint[]): Freedom => {
    if (leadFactor === 1 || !list.some((c) => c.kind === 'threaded' && ruleOfConstraint.get(c)!.plugin.name === 'constraints-thread')) return f;
    return { ...f, rotations: f.rotations.map((r) => ({ ...r, pitch: Math.round((r.pitch / leadFactor) * 1e9) / 1e9 })) };
  };
  const pairFreedom: PairFreedom[] = [];
  const grouped = new Map<string, Constraint[]>();
  for (const c of constraints) {
    if (!wrenchesOf.has(c)) continue;
    const k = `${c.partA}\u0000${c.partB}`;
    const list = grouped.get(k) ?? [];
    list.push(c);
    grouped.set(k, list);
  }
  for (const list of grouped.values()) {
    const { partA, partB } = list[0]!;
    // relative motion: rotation axes are reported closest to the smaller part's centre (the bolt, not the plate)
    const { size } = boxOf([partA, partB]);
    const smaller = boxOf([partA]).size <= boxOf([partB]).size ? partA : partB;
    const f = trueLeads(freedomOf(list.flatMap((c) => wrenchesOf.get(c)!), centroidOf(smaller), size), list);
    pairFreedom.push({ partA, partB, constraints: list.map((c) => c.id), ...f });
  }
  const partFreedom: PartFreedom[] = assembly.parts.map((part) => {
    const list = constraints.filter((c) => wrenchesOf.has(c) && (c.partA === part.path || c.partB === part.path));
    const neighbours = [...new Set(list.map((c) => (c.partA === part.path ? c.partB : c.partA)))].sort(byCodePoint);
    const { size } = boxOf([part.path, ...neighbours]);
    const f = trueLeads(freedomOf(list.flatMap((c) => wrenchesOf.get(c)!), centroidOf(part.path), size), list);
    return { part: part.path, neighbours, constraints: list.map((c) => c.id), ...f };
  });

  return {
    tolerance,
    clearance,
    clearanceBySize,
    angleTolerance,
    plugins: plugins.filter((p) => p.rules.length > 0).map((p) => ({ name: p.name, source: p.source, rules: p.rules.map((r) => r.name) })),
    surfacePairs: { touching: touchingCount, near: nearCount },
    constraints,
    freedom: { pairs: pairFreedom, parts: partFreedom, ignoredKinds: [...ignoredKinds].sort() },
  };
}

/** Area-weighted centroid of the part's triangles under `pose`, or null for a part without area. */
function partCentroid(part: Part, pose: Rigid): Vec3 | null {
  const p = part.positions, idx = part.indices;
  let area = 0, x = 0, y = 0, z = 0;
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t]! * 3, b = idx[t + 1]! * 3, c = idx[t + 2]! * 3;
    const e1x = p[b]! - p[a]!, e1y = p[b + 1]! - p[a + 1]!, e1z = p[b + 2]! - p[a + 2]!;
    const e2x = p[c]! - p[a]!, e2y = p[c + 1]! - p[a + 1]!, e2z = p[c + 2]! - p[a + 2]!;
    const w = Math.hypot(e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z, e1x * e2y - e1y * e2x);
    area += w;
    x += (w * (p[a]! + p[b]! + p[c]!)) / 3;
    y += (w * (p[a + 1]! + p[b + 1]! + p[c + 1]!)) / 3;
    z += (w * (p[a + 2]! + p[b + 2]! + p[c + 2]!)) / 3;
  }
  if (!(area > 0)) return null;
  [x, y, z] = [x / area, y / area, z / area];
  return [pose[0]! * x + pose[1]! * y + pose[2]! * z + pose[3]!, pose[4]! * x + pose[5]! * y + pose[6]! * z + pose[7]!, pose[8]! * x + pose[9]! * y + pose[10]! * z + pose[11]!];
}

/** Rule lookup for reporters: the `describe` of the rule that made a constraint. */
export function describeConstraint(constraint: Constraint, plugins: readonly LoadedPlugin[]): string | null {
  const plugin = plugins.find((p) => p.name === constraint.plugin);
  const rule = plugin?.rules.find((r) => r.name === constraint.rule);
  if (!rule?.describe) return null;
  try {
    return rule.describe(constraint);
  } catch {
    return null;
  }
}
