/**
 * Sorts each interfering part pair of a contacts run into its class (src/review/classes.ts)
 * and writes the sentence that says why. The surface pairs keep their verdicts; the class
 * belongs to the part pair.
 *
 * - `thread`: the pair is a threaded joint the fastener recognition (`recognizeFasteners`)
 *   found, or a recognized bolt, screw or stud whose shank, at its nominal diameter, sits
 *   coaxial in a bore smaller by at most 1.5 pitches (it threads into every such bore).
 * - `press-fit`: a shaft coaxial in a smaller hole whose diametral overlap lies within the
 *   ISO 286 interference fits for that diameter (src/review/iso286.ts).
 * - `gear-mesh`: the `gear` constraint rule (the same one `surfcd constraints` runs) finds a
 *   gear pair, and every interfering surface pair is tooth against tooth, no deeper than a
 *   whole tooth (2.25 modules).
 * - `contained`, `duplicate`: the part-pair verdict's own kinds; everything else is `clash`.
 */
import type { ContactReport, PartPairContacts } from '../verdict/findContacts.js';
import { resolvePoses } from '../verdict/findContacts.js';
import { coaxialOverlap, type CoaxialOverlap } from '../verdict/coaxialOverlap.js';
import { partPairAllowance } from '../verdict/partPairVerdict.js';
import { rotationalSymmetry } from '../constraints/periodic.js';
import { recognizeConstraints } from '../constraints/recognize.js';
import type { Constraint } from '../constraints/types.js';
import type { Pose } from '../math/rigid.js';
import { commonRoot, displayPath } from '../model/paths.js';
import type { Vec3 } from '../model/surfaceKind.js';
import type { Assembly } from '../model/types.js';
import { EXPECTED_CLASSES, interferenceId, type InterferenceClass } from './classes.js';
import { interferenceFitRange } from './iso286.js';
import { recognizeFasteners, type PartRole, type ThreadedJoint } from '../constraints/fasteners.js';
import type { AssemblyMemo } from '../model/assemblyMemo.js';
import { rememberedFasteners } from './fastenerMemo.js';

/** One interfering part pair, as `interferences[]` of `surfcd/contacts@2` holds it. */
export interface InterferenceEntry {
  id: string;
  partA: string;
  partB: string;
  kind: InterferenceClass;
  /** `thread`, `press-fit`, `gear-mesh`: drawn on purpose. */
  expected: boolean;
  /** Penetration depth (mm), the deepest of the pair. */
  depth: number;
  /** Moving partA by `depth` this way separates the pair, when known. */
  direction: Vec3 | null;
  /** `contained`: the path of the part inside the other. */
  inside?: string;
  /** `duplicate`: distance between the copies (mm). */
  offset?: number;
  openMesh?: true;
  /** Interfering surface pairs (the detail beneath: `contacts[]`). */
  surfacePairs: number;
  sentence: string;
  /** Set by an accept file (`applyAccepted`). */
  accepted?: true;
  acceptReason?: string;
}

/** What the fastener recognition says about one threaded joint (part indices). */
export type ThreadedJointLike = Pick<ThreadedJoint, 'fastener' | 'mate' | 'nominal' | 'pitch' | 'designation' | 'drawn'>;

export interface ClassifyOptions {
  /** The tolerance the contacts were found with (mm). */
  tolerance: number;
  poses?: Record<string, Pose> | Map<string, Pose>;
  /** The fastener recognition's answer; default: `recognizeFasteners` on the assembly, run when first needed. */
  fasteners?: { joints: readonly ThreadedJointLike[]; roles: readonly Pick<PartRole, 'part' | 'role' | 'fastener'>[] };
  /** The assembly's memo (`openAssembly`'s): the fastener recognition's answer in the assembled state is taken from it, or added to it. */
  memo?: AssemblyMemo;
}

const mm = (x: number): string => `${x.toFixed(2)} mm`;
const dia = (r: number): string => `Ø${(2 * r).toFixed(2)}`;
const byCodePoint = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 || 0;

/** Clashes (and other errors) first, deepest first, then by paths. */
export function compareInterferences(x: InterferenceEntry, y: InterferenceEntry): number {
  return Number(x.expected) - Number(y.expected) || y.depth - x.depth || byCodePoint(x.partA, y.partA) || byCodePoint(x.partB, y.partB);
}

/** The interfering part pairs of `report`, each with its class, sentence and id. */
export function classifyInterferences(assembly: Assembly, report: ContactReport, options: ClassifyOptions): InterferenceEntry[] {
  const rigid = resolvePoses(assembly, options.poses);
  const slot = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  const root = commonRoot(assembly.parts.map((p) => p.path));
  const name = (path: string): string => displayPath(path, root);
  const entries: InterferenceEntry[] = [];
  let known = options.fasteners;
  const recognize = (): NonNullable<ClassifyOptions['fasteners']> => recognizeFasteners(assembly, { tolerance: options.tolerance, ...(options.poses ? { poses: options.poses } : {}) });
  const fasteners = (): NonNullable<ClassifyOptions['fasteners']> => (known ??= options.poses ? recognize() : rememberedFasteners(assembly, options.tolerance, options.memo, recognize));
  for (const pair of report.pairs) {
    if (pair.verdict !== 'interference') continue;
    const i = slot.get(pair.partA)!, j = slot.get(pair.partB)!;
    const a = assembly.parts[i]!, b = assembly.parts[j]!;
    const base = {
      id: interferenceId(pair.partA, pair.partB),
      partA: pair.partA,
      partB: pair.partB,
      depth: round6(pair.depth),
      direction: pair.direction ? (pair.direction.map(round6) as Vec3) : null,
      ...(pair.inside ? { inside: pair.inside === 'A' ? pair.partA : pair.partB } : {}),
      ...(pair.offset !== undefined ? { offset: round6(pair.offset) } : {}),
      ...(pair.openMesh ? { openMesh: true as const } : {}),
      surfacePairs: pair.surfacePairs.filter((s) => s.verdict === 'interference').length,
    };
    const entry = (kind: InterferenceClass, sentence: string): InterferenceEntry => ({ ...base, kind, expected: EXPECTED_CLASSES.has(kind), sentence });
    if (pair.kind === 'duplicate' || pair.kind === 'contained') {
      entries.push(entry(pair.kind, pair.sentence ?? `${name(pair.partA)} and ${name(pair.partB)} overlap by ${mm(pair.depth)}`));
      continue;
    }
    const joint = fasteners().joints.find((t) => (t.fastener === i && t.mate === j) || (t.fastener === j && t.mate === i));
    if (joint) {
      const [screw, hole] = joint.fastener === i ? [pair.partA, pair.partB] : [pair.partB, pair.partA];
      const size = joint.designation ?? `Ø${+joint.nominal.toFixed(2)}`;
      entries.push(entry('thread', `${name(screw)} is threaded into ${name(hole)}: its ${size} thread is drawn at nominal diameter and overlaps the ${joint.drawn === 'minor' ? 'bore drawn at the minor diameter' : 'bore'} by ${mm(pair.depth)}`));
      continue;
    }
    const allowance = partPairAllowance(a, rigid[i]!, b, rigid[j]!, options.tolerance);
    const fit = coaxialOverlap(a, rigid[i]!, b, rigid[j]!, pair.depth, allowance, pair.surfacePairs);
    const screw = fit && threadedShank(fit, fasteners().roles, slot);
    if (fit && screw) {
      entries.push(entry('thread', `${name(fit.outer.path)} cuts its ${screw} thread into ${name(fit.inner.path)}: drawn at nominal diameter in a Ø${(2 * fit.rInner).toFixed(2)} bore (tap drill or thread-forming hole), overlapping by ${mm(pair.depth)}`));
      continue;
    }
    if (fit) {
      const [kind, sentence] = fitClass(fit, pair, name);
      entries.push(entry(kind, sentence));
      continue;
    }
    const gear = gearPair(assembly, pair, i, j, options);
    if (gear) {
      entries.push(entry('gear-mesh', `${name(pair.partA)} and ${name(pair.partB)}: ${gearMeshPhrase(gear, pair.depth)}`));
      continue;
    }
    entries.push(entry('clash', pair.sentence ?? `${name(pair.partA)} overlaps ${name(pair.partB)} by ${mm(pair.depth)}`));
  }
  return entries.sort(compareInterferences);
}

/** "gear 14:40, teeth overlap by 1.06 mm (not clocked)": the words contacts and constraints share. */
export function gearMeshPhrase(gear: Constraint, depth: number): string {
  return `gear ${String(gear.params['teethA'])}:${String(gear.params['teethB'])}, teeth overlap by ${mm(depth)} (not clocked)`;
}

/** Press fit within ISO 286, or a clash: a shaft (not a thread: those come from the joints) drawn too big for its hole. */
function fitClass(fit: CoaxialOverlap, pair: PartPairContacts, name: (path: string) => string): [InterferenceClass, string] {
  const shaft = name(fit.outer.path), hole = name(fit.inner.path);
  const diameter = 2 * fit.rOuter, overlap = 2 * (fit.rOuter - fit.rInner);
  const range = interferenceFitRange(diameter);
  const sizes = `${dia(fit.rOuter)} in ${dia(fit.rInner)}`;
  if (overlap <= range.max) {
    return ['press-fit', `${shaft} is pressed into ${hole}: ${sizes}, ${overlap.toFixed(3)} mm diametral interference, within the ISO 286 interference fits for Ø${diameter.toFixed(2)} (up to ${range.max.toFixed(3)} mm)`];
  }
  return ['clash', `${shaft} is ${overlap.toFixed(3)} mm larger than its hole in ${hole} (${sizes}), more than any ISO 286 interference fit allows (up to ${range.max.toFixed(3)} mm): they overlap by ${mm(pair.depth)}`];
}

/**
 * The designation of the thread when the shaft of `fit` is a bolt, screw or stud's shank
 * (its role and size from the fastener recognition) and the bore is one its thread engages:
 * smaller than the nominal diameter by at most 1.5 pitches (a tap drill is about one pitch
 * under; a thread-forming hole in plastic, a few tenths). A screw passes through several
 * such bores and threads into each; the joints name only one of them.
 */
function threadedShank(fit: CoaxialOverlap, roles: NonNullable<ClassifyOptions['fasteners']>['roles'], slot: ReadonlyMap<string, number>): string | null {
  const index = slot.get(fit.outer.path);
  const role = roles.find((r) => r.part === index);
  const size = role?.fastener;
  if (!role || !size || !size.pitch || !['bolt', 'screw', 'stud'].includes(role.role ?? '')) return null;
  const slack = 0.02 * size.nominal;
  const hole = 2 * fit.rInner;
  if (Math.abs(2 * fit.rOuter - size.nominal) > slack || hole >= size.nominal || size.nominal - hole > 1.5 * size.pitch + slack) return null;
  return size.designation ?? `Ø${size.nominal}`;
}

/** The `gear` constraint of the pair when the two parts mesh and only their teeth overlap, else null. */
function gearPair(assembly: Assembly, pair: PartPairContacts, i: number, j: number, options: ClassifyOptions): Constraint | null {
  if (!rotationalSymmetry(assembly.parts[i]!) || !rotationalSymmetry(assembly.parts[j]!)) return null;
  const found = recognizeConstraints(assembly, {
    tolerance: options.tolerance,
    ...(options.poses ? { poses: options.poses } : {}),
    select: { parts: new Set([pair.partA]), against: new Set([pair.partB]) },
  });
  const gear = found.constraints.find((c) => c.kind === 'gear' && c.partA === pair.partA && c.partB === pair.partB);
  if (!gear) return null;
  const teethA = new Set(rotationalSymmetry(assembly.parts[i]!)!.surfaces), teethB = new Set(rotationalSymmetry(assembly.parts[j]!)!.surfaces);
  const onTeeth = pair.surfacePairs.every((s) => s.verdict !== 'interference' || (teethA.has(s.surfaceA) && teethB.has(s.surfaceB)));
  const module = typeof gear.params['module'] === 'number' ? gear.params['module'] : 0;
  return onTeeth && pair.depth <= 2.25 * module ? gear : null;
}
