/**
 * The report model behind `surfcd report` (HTML, JSON, Markdown) and the live viewer: one
 * item per surface pair, grouped by part pair, each with a kind (interference / contact /
 * clearance), depth or gap, the surfaces' kinds, the recognized constraint and a sentence.
 *
 * Item ids come from part paths and surface indices, never list positions, so the same
 * contact keeps its id across runs and `--previous` can say new / persistent / resolved.
 * Browser-safe: no `node:` imports (the viewer builds the same items from live results).
 */
import type { ContactReport, SurfaceContact } from '../collide/findContacts.js';
import { resolvePoses } from '../model/poses.js';
import { surfaceView } from '../constraints/surfaceView.js';
import type { Constraint, ConstraintReport, SurfaceView } from '../constraints/types.js';
import { rigidToColumnMajor, isIdentityRigid, type Pose } from '../math/rigid.js';
import type { SurfaceKindType } from '../model/surfaceKind.js';
import type { Assembly } from '../model/types.js';
import { contactSentence, clearanceSentence } from './sentences.js';
import { surfaceNoun } from './surfaceWords.js';
import type { TimelineStep } from './timeline.js';
import { escapeIdPart, type InterferenceClass } from '../review/classes.js';
import type { InterferenceEntry } from '../review/classify.js';
import type { VolumeFields } from './volumeFields.js';

export const REPORT_SCHEMA = 'surfcd/report@1';

export type ItemKind = 'interference' | 'contact' | 'clearance';
export type ItemStatus = 'new' | 'persistent' | 'resolved';

export interface ReportSurface {
  index: number;
  kind: SurfaceKindType;
  /** "Ø10 cylinder", "Ø10.5 hole", "flat face", … */
  noun: string;
}

export interface ReportItem {
  /** Stable: `partA:surfaceA+partB:surfaceB` (":" and "+" in paths percent-escaped). */
  id: string;
  kind: ItemKind;
  partA: string;
  partB: string;
  /** The surfaces of each part this item is about (one each for a contact; all of a fit for a clearance). */
  surfacesA: ReportSurface[];
  surfacesB: ReportSurface[];
  /** How the surfaces meet: touching, intersecting (triangles cross), near (within clearance only). */
  relation: 'touching' | 'intersecting' | 'near';
  /** The contact verdict as findContacts gave it (`contact`, `interference`), and why (`touching`, `within-allowance`, `coincident`, `edge`, …). */
  verdict: string | null;
  why: string | null;
  /** Interference: unit world direction that separates the pair when part A moves `depth` along it. */
  direction: [number, number, number] | null;
  /** Penetration depth (mm) for interference; 0 otherwise. */
  depth: number;
  /** Radial gap (mm) for clearance, 0 otherwise. */
  gap: number;
  /** The recognized constraint these surfaces take part in, if any (`text`: the rule's one-line description). */
  constraint: { kind: string; text: string } | null;
  sentence: string;
  /** With a previous report: whether this item is new, was there before, or is gone. */
  status?: ItemStatus;
  /** For a persistent item whose kind changed, the kind it had before. */
  previousKind?: ItemKind;
}

export interface PartPairGroup {
  partA: string;
  partB: string;
  /** The most severe kind among the pair's current items. */
  worst: ItemKind;
  items: number;
}

export interface ReportModel {
  schema: typeof REPORT_SCHEMA;
  assembly: string;
  source: string | null;
  units: 'mm';
  tolerance: number;
  clearance: number | null;
  /** Column-major 4×4 poses of the parts that are not where the file placed them. */
  poses: Record<string, number[]>;
  parts: { path: string; name: string; surfaces: number; triangles: number }[];
  summary: { items: number; interference: number; contact: number; clearance: number; new?: number; persistent?: number; resolved?: number };
  /** Sorted by partA, partB, then first surface of A and of B. Resolved items come with their last known data. */
  items: ReportItem[];
  groups: PartPairGroup[];
  previous?: { source: string | null; items: number };
  /** With `--script`: the simulation's steps, for the page's timeline. */
  timeline?: { source: string; steps: TimelineStep[] };
  /**
   * One entry per interfering part pair with its class (as `contacts --format json` has
   * them), clashes first, deepest first (with `--sort volume`: largest volume first); the
   * items above are their surface-pair detail. With `--volumes` each carries its volume fields.
   */
  interferences?: (InterferenceEntry & Partial<VolumeFields>)[];
  /** Counts by class, and how many `--ignore` left out. */
  review?: { classes: Record<InterferenceClass, number>; expected: number; accepted: number; ignored: number };
  /** With `--min-clearance`: the part pairs closer than `min` without touching, closest first (`surfcd/clearance@1` entries). */
  minClearance?: { min: number; tolerance: number; entries: { partA: string; partB: string; distance: number; surfaceA: number; surfaceB: number; measuredOn: string; sentence: string }[] };
}

export interface ReportOptions {
  /** Poses by part path (as in findContacts); the same ones the contacts were found with. */
  poses?: Record<string, Pose> | Map<string, Pose>;
  /** One-line text of a constraint (the rule's `describe`); default: its kind. */
  describe?: (constraint: Constraint) => string | null;
}

/**
 * The facts the model reads from one findContacts surface pair. Everything the contact
 * verdict adds later (other verdicts, sentences) passes through here and only here.
 */
export interface ContactFacts {
  partA: string;
  surfaceA: number;
  partB: string;
  surfaceB: number;
  relation: 'touching' | 'intersecting';
  verdict: string;
  /** Why the verdict: touching, within-allowance, coincident, edge, interference (findContacts' `kind`). */
  why: string | null;
  depth: number;
  /** Interference: moving part A this way by `depth` separates the pair. */
  direction: [number, number, number] | null;
  interferes: boolean;
  /** A sentence the verdict itself wrote, when it has one. */
  sentence?: string;
}

export function contactFacts(c: SurfaceContact): ContactFacts {
  const extra = c as SurfaceContact & { sentence?: unknown; kind?: unknown; direction?: unknown };
  const direction = Array.isArray(extra.direction) && extra.direction.length === 3 ? (extra.direction.map(round6) as [number, number, number]) : null;
  return {
    partA: c.partA,
    surfaceA: c.surfaceA,
    partB: c.partB,
    surfaceB: c.surfaceB,
    relation: c.relation,
    verdict: c.verdict,
    why: typeof extra.kind === 'string' ? extra.kind : null,
    depth: c.depth,
    direction,
    interferes: c.verdict !== 'contact',
    ...(typeof extra.sentence === 'string' ? { sentence: extra.sentence } : {}),
  };
}


export function itemId(partA: string, surfaceA: number, partB: string, surfaceB: number): string {
  return `${escapeIdPart(partA)}:${surfaceA}+${escapeIdPart(partB)}:${surfaceB}`;
}

const byCodePoint = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
const SEVERITY: Record<ItemKind, number> = { interference: 2, contact: 1, clearance: 0 };

export function compareItems(x: ReportItem, y: ReportItem): number {
  return (
    byCodePoint(x.partA, y.partA) ||
    byCodePoint(x.partB, y.partB) ||
    x.surfacesA[0]!.index - y.surfacesA[0]!.index ||
    x.surfacesB[0]!.index - y.surfacesB[0]!.index ||
    byCodePoint(x.id, y.id)
  );
}

/** Most severe first: interferences by depth, then contacts, then clearances by smallest gap; resolved items last. */
export function compareSeverity(x: ReportItem, y: ReportItem): number {
  return Number(x.status === 'resolved') - Number(y.status === 'resolved') || SEVERITY[y.kind] - SEVERITY[x.kind] || (x.kind === 'interference' ? y.depth - x.depth : 0) || (x.kind === 'clearance' ? x.gap - y.gap : 0) || compareItems(x, y);
}

/** Builds the report model from findContacts' and (optionally) recognizeConstraints' results, found with the same poses. */
export function buildReport(assembly: Assembly, contacts: ContactReport, constraints: ConstraintReport | null, options: ReportOptions = {}): ReportModel {
  const rigid = resolvePoses(assembly, options.poses);
  const partIndex = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  const views = new Map<string, SurfaceView>();
  const view = (path: string, surface: number): SurfaceView => {
    const key = `${path}\u0000${surface}`;
    let v = views.get(key);
    if (!v) {
      const i = partIndex.get(path)!;
      v = surfaceView(assembly.parts[i]!.surfaces[surface]!, rigid[i]!);
      views.set(key, v);
    }
    return v;
  };
  const describe = (c: Constraint): string => options.describe?.(c) ?? '';

  // The constraint each surface pair forms. Derived ones (an insert = a coaxial + an
  // against) are left out: their surface lists mix both, so their cross pairs mean nothing.
  const constraintOf = new Map<string, Constraint>();
  for (const c of constraints?.constraints ?? []) {
    if (c.derivedFrom) continue;
    for (const sa of c.surfacesA) for (const sb of c.surfacesB) {
      const key = pairKey(c.partA, sa, c.partB, sb);
      if (!constraintOf.has(key)) constraintOf.set(key, c);
    }
  }

  const items: ReportItem[] = [];
  const touched = new Set<string>();
  for (const contact of contacts.contacts) {
    const f = contactFacts(contact);
    const key = pairKey(f.partA, f.surfaceA, f.partB, f.surfaceB);
    touched.add(key);
    const a = view(f.partA, f.surfaceA), b = view(f.partB, f.surfaceB);
    const c = constraintOf.get(key) ?? null;
    const kind: ItemKind = f.interferes ? 'interference' : 'contact';
    items.push({
      id: itemId(f.partA, f.surfaceA, f.partB, f.surfaceB),
      kind,
      partA: f.partA,
      partB: f.partB,
      surfacesA: [reportSurface(a)],
      surfacesB: [reportSurface(b)],
      relation: f.relation,
      verdict: f.verdict,
      why: f.why,
      direction: f.direction,
      depth: round6(f.depth),
      gap: 0,
      constraint: c ? { kind: c.kind, text: describe(c) } : null,
      sentence: f.sentence ?? contactSentence(kind, f, a, b, c),
    });
  }

  // Clearance: fits with a radial gap whose surfaces do not touch (a bolt in a clearance hole).
  for (const c of constraints?.constraints ?? []) {
    const gap = typeof c.params['clearance'] === 'number' ? (c.params['clearance'] as number) : 0;
    if (c.derivedFrom || gap <= 0 || c.params['fit'] === true) continue;
    if (c.surfacesA.some((sa) => c.surfacesB.some((sb) => touched.has(pairKey(c.partA, sa, c.partB, sb))))) continue;
    if (!partIndex.has(c.partA) || !partIndex.has(c.partB)) continue;
    const viewsA = c.surfacesA.map((s) => view(c.partA, s)), viewsB = c.surfacesB.map((s) => view(c.partB, s));
    items.push({
      id: itemId(c.partA, c.surfacesA[0]!, c.partB, c.surfacesB[0]!),
      kind: 'clearance',
      partA: c.partA,
      partB: c.partB,
      surfacesA: viewsA.map(reportSurface),
      surfacesB: viewsB.map(reportSurface),
      relation: 'near',
      verdict: null,
      why: null,
      direction: null,
      depth: 0,
      gap: round6(gap),
      constraint: { kind: c.kind, text: describe(c) },
      sentence: clearanceSentence(c, viewsA[0]!, viewsB[0]!, gap),
    });
  }
  items.sort(compareItems);

  const poses: Record<string, number[]> = {};
  assembly.parts.forEach((p, i) => {
    if (!isIdentityRigid(rigid[i]!)) poses[p.path] = rigidToColumnMajor(rigid[i]!);
  });
  return {
    schema: REPORT_SCHEMA,
    assembly: assembly.name,
    source: assembly.source ?? null,
    units: assembly.units,
    tolerance: contacts.tolerance,
    clearance: constraints?.clearance ?? null,
    poses,
    parts: assembly.parts.map((p) => ({ path: p.path, name: p.name, surfaces: p.surfaces.length, triangles: p.indices.length / 3 })),
    summary: summarize(items),
    items,
    groups: groupsOf(items),
  };
}

export function summarize(items: readonly ReportItem[]): ReportModel['summary'] {
  const live = items.filter((i) => i.status !== 'resolved');
  const summary: ReportModel['summary'] = {
    items: live.length,
    interference: live.filter((i) => i.kind === 'interference').length,
    contact: live.filter((i) => i.kind === 'contact').length,
    clearance: live.filter((i) => i.kind === 'clearance').length,
  };
  if (items.some((i) => i.status)) {
    for (const s of ['new', 'persistent', 'resolved'] as const) summary[s] = items.filter((i) => i.status === s).length;
  }
  return summary;
}

export function groupsOf(items: readonly ReportItem[]): PartPairGroup[] {
  const groups: PartPairGroup[] = [];
  for (const item of items) {
    let g = groups[groups.length - 1];
    if (!g || g.partA !== item.partA || g.partB !== item.partB) {
      g = { partA: item.partA, partB: item.partB, worst: 'clearance', items: 0 };
      groups.push(g);
    }
    g.items++;
    if (item.status !== 'resolved' && SEVERITY[item.kind] > SEVERITY[g.worst]) g.worst = item.kind;
  }
  return groups;
}

function reportSurface(v: SurfaceView): ReportSurface {
  return { index: v.index, kind: v.kind.type, noun: nounOf(v) };
}

export const nounOf = (v: SurfaceView): string => surfaceNoun(v.kind, v.sense);

const pairKey = (a: string, sa: number, b: string, sb: number): string => `${a}\u0000${sa}\u0000${b}\u0000${sb}`;
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

