/**
 * Constraint recognition: the report and the plugin contract for rules.
 *
 * A plugin is a module whose default export is a `SurfcdPlugin`:
 * `{ name, constraintRules?, reporters? }`. The recognizer hands every surface pair that
 * touches (or, for fits with clearance, comes within `clearance`) to every rule's `match`,
 * merges what they return per part pair, then gives each part pair's constraints to every
 * rule's `derive` (for constraints made of constraints, like `insert`). See
 * `src/constraints/README.md`.
 */
import type { NarrowPhase } from '../collide/narrowPhases.js';
import type { Pose } from '../math/rigid.js';
import type { SurfaceKind, Vec3 } from '../model/surfaceKind.js';
import type { Assembly, Part, Surface } from '../model/types.js';
import type { ThreadedJoint } from './fasteners.js';

export type { Vec3 } from '../model/surfaceKind.js';

/**
 * How the two surfaces of a pair meet: `touching` — within the tolerance (touching or
 * crossing: the recognizer does not tell them apart), or `near` — within the clearance only.
 */
export type PairRelation = 'touching' | 'near';

/**
 * Convex: the material is on the axis / centre side (a shaft, a ball). Concave: a hole, a
 * socket. Flat: a plane. Null: freeform or undecided.
 */
export type SurfaceSense = 'convex' | 'concave' | 'flat' | null;

/** One surface as rules see it: its fitted kind in the world frame, and a few measures. */
export interface SurfaceView {
  readonly part: Part;
  readonly surface: Surface;
  /** Surface index in its part. */
  readonly index: number;
  /** The fitted primitive, in world coordinates (the part's pose applied). */
  readonly kind: SurfaceKind;
  readonly sense: SurfaceSense;
  /** Area-weighted centroid of the triangles, world frame. */
  readonly centroid: Vec3;
  /** Triangle area (mm²). */
  readonly area: number;
  /** [min, max] of (vertex · direction) over the surface's vertices, world frame. */
  range(direction: Vec3): [number, number];
}

/** What `match` receives: two surfaces of two different parts, A's path before B's. */
export interface SurfacePairView {
  readonly a: SurfaceView;
  readonly b: SurfaceView;
  readonly relation: PairRelation;
}

/** A rule's finding, before the core attaches parts and surfaces. */
export interface ConstraintCandidate {
  kind: string;
  /** World-frame parameters; plain JSON values (numbers, strings, booleans, arrays, objects). */
  params: Record<string, unknown>;
  /** How far the surfaces are from satisfying the constraint exactly (mm). Default 0. */
  residual?: number;
}

export interface Constraint {
  /** Index in `ConstraintReport.constraints`. */
  id: number;
  kind: string;
  /** Part paths; `partA < partB` by code point, as in `findContacts`. */
  partA: string;
  partB: string;
  /** Surface indices of partA / partB that make up the constraint, ascending. */
  surfacesA: number[];
  surfacesB: number[];
  params: Record<string, unknown>;
  residual: number;
  /** The rule (and its plugin) that recognised it. */
  rule: string;
  plugin: string;
  /** For derived constraints (e.g. `insert`): ids of the constraints it combines. */
  derivedFrom?: number[];
}

/**
 * All surface pairs of one part pair, for `matchPair`: rules that need several faces at once
 * (a hex bore, a gear mesh). `surfacesOf` gives views of every surface of a part (lazy: a
 * surface is fitted only when a rule reads its `kind` or `sense`).
 */
export interface PartPairSurfacesView {
  readonly partA: Part;
  readonly partB: Part;
  readonly pairs: readonly SurfacePairView[];
  surfacesOf(side: 'A' | 'B'): readonly SurfaceView[];
}

/** What `matchPair` returns: a candidate with the surfaces it is made of (indices in partA / partB). */
export interface PairCandidate extends ConstraintCandidate {
  surfacesA: number[];
  surfacesB: number[];
}

/** What `supersede` returns: drop constraint `id` (of this part pair); with `into`, its surfaces join that constraint. */
export interface Supersession {
  id: number;
  into?: number;
}

/** The constraints already recognised for one part pair, for `derive`. */
export interface PartPairView {
  readonly partA: Part;
  readonly partB: Part;
  readonly constraints: readonly Constraint[];
}

export interface DerivedCandidate extends ConstraintCandidate {
  /** Ids of the constraints of this part pair it is made of (at least one). */
  derivedFrom: number[];
}

/**
 * A constraint wrench as 6 numbers [fx, fy, fz, mx, my, mz] (force, then moment about the
 * world origin). A constraint allows exactly the twists t = (ω, v) — ω the angular
 * velocity, v the velocity of the body point at the origin — with f·v + m·ω = 0 for each
 * of its wrenches.
 */
export type Wrench = [number, number, number, number, number, number];

export interface WrenchHelpers {
  /** A force along `direction` whose line passes through `point`: forbids motion of that point along it. */
  force(direction: Vec3, point: Vec3): Wrench;
  /** A pure moment about `direction`: forbids rotation about it. */
  moment(direction: Vec3): Wrench;
}

export interface RuleContext {
  /** Contact and coincidence tolerance (mm). */
  readonly tolerance: number;
  /** Largest radial gap a fit may have (mm); with `clearanceBySize`, the fallback for sizes no standard covers. */
  readonly clearance: number;
  /**
   * True when the caller gave no `clearance`: rules judge fits by size (the basic `coaxial`
   * accepts ISO 273 clearance holes), and `near` pairs reach that far. False: `clearance` is the limit.
   */
  readonly clearanceBySize: boolean;
  /** Largest angle (radians) between directions that count as parallel. */
  readonly angleTolerance: number;
  /** Size of the assembly (box diagonal, mm), for relative checks. */
  readonly scale: number;
  readonly wrench: WrenchHelpers;
  /**
   * How far the fitted primitives of two surfaces may differ and still be one surface
   * (mm): the tolerance, both fit residuals and float32 rounding. The contact verdict
   * (`surfcd contacts`) decides coincidence with this same number, so a pair a rule calls
   * a fit is never an interference there. Optional for rule contexts made by hand.
   */
  readonly coincidenceTolerance?: (a: SurfaceView, b: SurfaceView) => number;
  /**
   * The threaded joints between two parts (`src/constraints/fasteners.ts`, computed once per
   * call, on first use), with the side that holds the fastener. Optional for rule contexts
   * made by hand.
   */
  readonly threadedJoints?: (partA: Part, partB: Part) => readonly { joint: ThreadedJoint; fastener: 'A' | 'B' }[];
}

export interface ConstraintRule {
  /** Shown in reports; unique within its plugin. */
  name: string;
  /** Kinds this rule produces (documentation, and `describe`/`freedom` lookup for derived kinds). */
  kinds?: string[];
  /** Classifies one surface pair. Return null when the rule does not apply. */
  match?(pair: SurfacePairView, ctx: RuleContext): ConstraintCandidate | ConstraintCandidate[] | null | undefined;
  /**
   * Classifies a part pair's surface pairs together (runs before `match`). Every surface
   * pair made of a returned candidate's surfaces is claimed: no rule's `match` sees it.
   */
  matchPair?(pair: PartPairSurfacesView, ctx: RuleContext): PairCandidate[] | null | undefined;
  /**
   * Two candidates of this rule for the same part pair and kind: return the merged
   * candidate when they are the same constraint (e.g. two half-cylinders of one hole), or
   * null. Without `merge`, candidates merge when their params are equal within tolerance.
   */
  merge?(existing: ConstraintCandidate, incoming: ConstraintCandidate, ctx: RuleContext): ConstraintCandidate | null;
  /**
   * After matching and merging, before `derive`: constraints of the part pair that another
   * one makes redundant (a fillet's line contact beside the face's `against`).
   */
  supersede?(pair: PartPairView, ctx: RuleContext): Supersession[] | null | undefined;
  /** Constraints made of the part pair's recognised constraints (runs after all matching and merging). */
  derive?(pair: PartPairView, ctx: RuleContext): DerivedCandidate[] | null | undefined;
  /**
   * The constraint wrenches of a constraint this rule made: the motions the constraint
   * forbids (see `Wrench`). Derived constraints are left out of the freedom analysis.
   * Without `freedom`, the rule's constraints do not take part in it (the report says so).
   */
  freedom?(constraint: Constraint, ctx: RuleContext): Wrench[];
  /** One-line human text for the table (e.g. `Ø10.00/Ø10.50  clearance 0.25`). */
  describe?(constraint: Constraint): string;
}

/** A reporter renders a report in a format of its own (`--format <name>`). */
export type ConstraintReporter = (report: ConstraintReport, assembly: Assembly) => string;

/** The default export of a plugin module. */
export interface SurfcdPlugin {
  name: string;
  /** Each rule is an object as above, or a bare `match` function (named by the function's name). */
  constraintRules?: (ConstraintRule | ((pair: SurfacePairView, ctx: RuleContext) => ConstraintCandidate | ConstraintCandidate[] | null | undefined))[];
  reporters?: Record<string, ConstraintReporter>;
  /** Narrow phases `collide(..., { method })` can pick (see src/collide/NARROW_PHASES.md). */
  narrowPhases?: NarrowPhase<any>[];
  [extension: string]: unknown;
}

/** A plugin as the registry keeps it: validated, rules normalised to objects. */
export interface LoadedPlugin {
  name: string;
  /** File URL or path it was loaded from; `(object)` when given as an object. */
  source: string;
  rules: ConstraintRule[];
  reporters: Record<string, ConstraintReporter>;
  narrowPhases: NarrowPhase[];
  plugin: SurfcdPlugin;
}

/** A rotation left free: about the line through `point` along `axis`, with `pitch` mm/rad (0 = pure rotation). */
export interface FreeRotation {
  axis: Vec3;
  point: Vec3;
  pitch: number;
}

export interface Freedom {
  /** Remaining degrees of freedom, 0..6. */
  dof: number;
  /** Orthonormal free translation directions. */
  translations: Vec3[];
  /** Free rotations (screw axes), one per remaining rotational freedom. */
  rotations: FreeRotation[];
}

export interface PairFreedom extends Freedom {
  partA: string;
  partB: string;
  /** Ids of the (non-derived) constraints that took part. */
  constraints: number[];
}

export interface PartFreedom extends Freedom {
  part: string;
  /** Paths of the parts it has constraints with (held fixed). */
  neighbours: string[];
  constraints: number[];
}

export interface ConstraintOptions {
  /** Surfaces closer than this touch, and coincidence tolerance for the rules (mm). Default 0.01. */
  tolerance?: number;
  /**
   * Largest radial gap of a fit (coaxial, spherical) (mm). Default: by size — ISO 273
   * clearance holes for standard bolt sizes (and inch equivalents), 0.5 for anything else.
   */
  clearance?: number;
  /** Largest angle between directions that count as parallel (radians). Default 1°. */
  angleTolerance?: number;
  /** Fit tolerance for the surfaces (mm); default per part, see `defaultFitTolerance`. */
  fitTolerance?: number;
  /** Poses by part path, as in `findContacts`. */
  poses?: Record<string, Pose> | Map<string, Pose>;
  /** Extra plugins for this call (on top of the registered ones). */
  plugins?: readonly (SurfcdPlugin | LoadedPlugin)[];
  /** Use the registered plugins (first-party ones and those from `usePlugin`). Default true. */
  registeredPlugins?: boolean;
}

export interface ConstraintReport {
  tolerance: number;
  clearance: number;
  /** Fits judged by size (no `clearance` given): see `RuleContext.clearanceBySize`. */
  clearanceBySize: boolean;
  angleTolerance: number;
  /** Plugins whose rules ran, in order. */
  plugins: { name: string; source: string; rules: string[] }[];
  /** Surface pairs handed to the rules (touching/intersecting, and near within clearance). */
  surfacePairs: { touching: number; near: number };
  constraints: Constraint[];
  freedom: {
    pairs: PairFreedom[];
    parts: PartFreedom[];
    /** Kinds left out of the freedom analysis because their rule has no `freedom`. */
    ignoredKinds: string[];
  };
}
