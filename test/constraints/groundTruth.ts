/**
 * Compares recognised constraints with a sample's ground-truth mates (`surfcd/mates@1`,
 * see samples/README.md). Ground truth orients each mate (partA is the hole, the plane,
 * the part the against normal points out of); the recognizer orders each part pair by
 * path. The matcher maps one onto the other and checks every parameter.
 */
import { readFileSync } from 'node:fs';
import type { Assembly, Constraint, ConstraintReport } from '../../src/index.js';

type V = [number, number, number];

export interface Mate {
  kind: string;
  partA: string;
  partB: string;
  params: Record<string, unknown>;
  derivedFrom?: number[];
  note?: string;
}

export interface MatesFile {
  schema: string;
  sample: string;
  file: string;
  mates: Mate[];
}

export function readMates(path: string): MatesFile {
  return JSON.parse(readFileSync(path, 'utf8')) as MatesFile;
}

/** The path of the part a ground-truth name means (by name, path, or last path segment). */
export function pathOf(assembly: Assembly, name: string): string {
  const hits = assembly.parts.filter((p) => p.name === name || p.path === name || p.path.endsWith(`/${name}`));
  if (hits.length !== 1) throw new Error(`ground-truth part "${name}" matches ${hits.length} parts: ${assembly.parts.map((p) => p.path).join(', ')}`);
  return hits[0]!.path;
}

const LENGTH = 1e-4; // mm
const ANGLE = 1e-6; // rad (unit vectors compared by their difference)

const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const norm = (a: V): number => Math.hypot(...a);
const neg = (a: V): V => [-a[0], -a[1], -a[2]];
const v = (x: unknown): V => x as V;
const num = (x: unknown): number => x as number;
const sameDirection = (a: V, b: V): boolean => norm(sub(a, b)) <= ANGLE;
const parallel = (a: V, b: V): boolean => sameDirection(a, b) || sameDirection(a, neg(b));
const samePoint = (a: V, b: V): boolean => norm(sub(a, b)) <= LENGTH;
const close = (a: number, b: number): boolean => Math.abs(a - b) <= LENGTH;
/** Distance of q from the line through p along unit d. */
const offLine = (q: V, p: V, d: V): number => {
  const w = sub(q, p);
  const t = dot(w, d);
  return norm([w[0] - t * d[0], w[1] - t * d[1], w[2] - t * d[2]]);
};

/** Why `c` is not `mate` (null when it is). `swapped`: the recognizer's partA is the mate's partB. */
export function mismatch(mate: Mate, c: Constraint, swapped: boolean): string | null {
  const g = mate.params, p = c.params;
  const radius = (side: 'A' | 'B'): number => num(p[(side === 'A') !== swapped ? 'radiusA' : 'radiusB']);
  switch (mate.kind) {
    case 'against': {
      const normal = swapped ? neg(v(p['normal'])) : v(p['normal']);
      if (!sameDirection(normal, v(g['normal']))) return `normal ${p['normal']} vs ${g['normal']}`;
      if (Math.abs(dot(v(p['normal']), v(g['point'])) - num(p['offset'])) > LENGTH) return `ground-truth point ${g['point']} is off the plane`;
      if (Math.abs(dot(v(p['normal']), v(p['point'])) - num(p['offset'])) > LENGTH) return `point ${p['point']} is off its own plane`;
      return null;
    }
    case 'coaxial': {
      if (!parallel(v(p['axis']), v(g['axis']))) return `axis ${p['axis']} vs ${g['axis']}`;
      if (offLine(v(g['point']), v(p['point']), v(p['axis'])) > LENGTH) return `ground-truth point ${g['point']} is off the axis`;
      if (!close(radius('A'), num(g['radiusA'])) || !close(radius('B'), num(g['radiusB']))) return `radii ${p['radiusA']}/${p['radiusB']} vs ${g['radiusA']}/${g['radiusB']}`;
      if (!close(num(p['clearance']), num(g['clearance']))) return `clearance ${p['clearance']} vs ${g['clearance']}`;
      if (p['fit'] !== (num(g['clearance']) === 0)) return `fit ${p['fit']} with clearance ${g['clearance']}`;
      if (p['hole'] !== (swapped ? 'B' : 'A')) return `hole on ${p['hole']}`;
      if (p['profile'] !== g['profile']) return `profile ${String(p['profile'])} vs ${String(g['profile'])}`;
      // samples made before clearance by size do not name the standard of their holes
      if ('standard' in g && p['standard'] !== g['standard']) return `standard ${String(p['standard'])} vs ${String(g['standard'])}`;
      return null;
    }
    case 'gear': {
      if (!parallel(v(p['axis']), v(g['axis']))) return `axis ${p['axis']} vs ${g['axis']}`;
      const [ca, cb] = swapped ? [p['centerB'], p['centerA']] : [p['centerA'], p['centerB']];
      if (offLine(v(g['centerA']), v(ca), v(p['axis'])) > LENGTH || offLine(v(g['centerB']), v(cb), v(p['axis'])) > LENGTH) return `centres ${ca}/${cb} vs ${g['centerA']}/${g['centerB']}`;
      const [ta, tb] = swapped ? [p['teethB'], p['teethA']] : [p['teethA'], p['teethB']];
      if (ta !== g['teethA'] || tb !== g['teethB']) return `teeth ${ta}:${tb} vs ${g['teethA']}:${g['teethB']}`;
      if (!close(num(p['ratio']), swapped ? 1 / num(g['ratio']) : num(g['ratio']))) return `ratio ${p['ratio']} vs ${g['ratio']}`;
      if (!close(num(p['module']), num(g['module']))) return `module ${p['module']} vs ${g['module']}`;
      if (!close(num(p['centerDistance']), num(g['centerDistance']))) return `centre distance ${p['centerDistance']} vs ${g['centerDistance']}`;
      if (p['contact'] !== g['contact']) return `contact ${String(p['contact'])} vs ${String(g['contact'])}`;
      return null;
    }
    case 'threaded': {
      // ground truth: partA holds the thread, partB is the fastener; the axis points from the head toward the tip
      const axis = p['axis'] as { point: V; direction: V };
      if (!sameDirection(axis.direction, v(g['axis']))) return `axis ${axis.direction} vs ${g['axis']}`;
      if (!samePoint(axis.point, v(g['point']))) return `point ${axis.point} vs ${g['point']}`;
      if (!close(num(p['nominal']), num(g['nominal'])) || p['pitch'] !== g['pitch']) return `thread ${p['nominal']}×${p['pitch']} vs ${g['nominal']}×${g['pitch']}`;
      if (!close(num(p['engagement']), num(g['engagement']))) return `engagement ${p['engagement']} vs ${g['engagement']}`;
      if (p['drawn'] !== g['drawn']) return `drawn at ${String(p['drawn'])} vs ${String(g['drawn'])}`;
      if (p['fastener'] !== (swapped ? 'A' : 'B')) return `fastener on ${String(p['fastener'])}`;
      return null;
    }
    case 'insert': {
      const axis = swapped ? neg(v(p['axis'])) : v(p['axis']);
      if (!sameDirection(axis, v(g['axis']))) return `axis ${p['axis']} vs ${g['axis']}`;
      if (!samePoint(v(p['point']), v(g['point']))) return `point ${p['point']} vs ${g['point']}`;
      if (!close(radius('A'), num(g['radiusA'])) || !close(radius('B'), num(g['radiusB']))) return `radii ${p['radiusA']}/${p['radiusB']} vs ${g['radiusA']}/${g['radiusB']}`;
      if (!close(num(p['clearance']), num(g['clearance']))) return `clearance ${p['clearance']} vs ${g['clearance']}`;
      return null;
    }
    case 'tangent': {
      // ground truth: partA has the plane, its normal points out of partA
      if (p['plane'] !== (swapped ? 'B' : 'A')) return `plane on ${String(p['plane'])}`;
      if (!sameDirection(v(p['normal']), v(g['normal']))) return `normal ${p['normal']} vs ${g['normal']}`;
      if (!parallel(v(p['axis']), v(g['axis']))) return `axis ${p['axis']} vs ${g['axis']}`;
      if (offLine(v(g['point']), v(p['point']), v(p['axis'])) > LENGTH) return `ground-truth point ${g['point']} is off the contact line`;
      if (offLine(v(g['axisPoint']), v(p['axisPoint']), v(p['axis'])) > LENGTH) return `ground-truth axis point ${g['axisPoint']} is off the axis`;
      if (!close(num(p['radius']), num(g['radius']))) return `radius ${p['radius']} vs ${g['radius']}`;
      return null;
    }
    case 'spherical': {
      if (!samePoint(v(p['center']), v(g['center']))) return `centre ${p['center']} vs ${g['center']}`;
      if (!close(num(p['radius']), num(g['radius']))) return `radius ${p['radius']} vs ${g['radius']}`;
      if (!close(radius('A'), num(g['radiusA'])) || !close(radius('B'), num(g['radiusB']))) return `radii ${p['radiusA']}/${p['radiusB']} vs ${g['radiusA']}/${g['radiusB']}`;
      if (!close(num(p['clearance']), num(g['clearance']))) return `clearance ${p['clearance']} vs ${g['clearance']}`;
      if (p['socket'] !== (swapped ? 'B' : 'A')) return `socket on ${p['socket']}`;
      return null;
    }
    case 'conical': {
      if (!samePoint(v(p['apex']), v(g['apex']))) return `apex ${p['apex']} vs ${g['apex']}`;
      if (!sameDirection(v(p['axis']), v(g['axis']))) return `axis ${p['axis']} vs ${g['axis']}`;
      if (Math.abs(num(p['halfAngle']) - num(g['halfAngle'])) > ANGLE) return `half-angle ${p['halfAngle']} vs ${g['halfAngle']}`;
      if (!close(num(p['radiusMin']), num(g['radiusMin'])) || !close(num(p['radiusMax']), num(g['radiusMax']))) return `band ${p['radiusMin']}–${p['radiusMax']} vs ${g['radiusMin']}–${g['radiusMax']}`;
      if (p['seat'] !== (swapped ? 'B' : 'A')) return `seat on ${p['seat']}`;
      return null;
    }
    default:
      return `unknown ground-truth kind ${mate.kind}`;
  }
}

export interface Comparison {
  precision: number;
  recall: number;
  /** Ground-truth mates with no matching constraint, with the closest reason. */
  missed: string[];
  /** Constraints that match no mate. */
  extra: string[];
  /** mate index → constraint id */
  matched: Map<number, number>;
}

/** One-to-one matching of mates to constraints (kind, part pair, parameters, and insert's derivedFrom). */
export function compare(assembly: Assembly, mates: Mate[], report: ConstraintReport): Comparison {
  const used = new Set<number>();
  const matched = new Map<number, number>();
  const missed: string[] = [];
  // plain mates first, so derived ones can check their parents
  const order = mates.map((_, i) => i).sort((x, y) => Number(mates[x]!.kind === 'insert') - Number(mates[y]!.kind === 'insert'));
  for (const i of order) {
    const mate = mates[i]!;
    const a = pathOf(assembly, mate.partA), b = pathOf(assembly, mate.partB);
    const reasons: string[] = [];
    const hit = report.constraints.find((c) => {
      if (used.has(c.id) || c.kind !== mate.kind) return false;
      const swapped = c.partA === b && c.partB === a;
      if (!swapped && !(c.partA === a && c.partB === b)) return false;
      const why = mismatch(mate, c, swapped);
      if (why) {
        reasons.push(`#${c.id}: ${why}`);
        return false;
      }
      if (mate.derivedFrom) {
        const parents = mate.derivedFrom.map((k) => matched.get(k));
        if (!c.derivedFrom || parents.some((id) => id === undefined || !c.derivedFrom!.includes(id))) {
          reasons.push(`#${c.id}: derivedFrom ${JSON.stringify(c.derivedFrom)} vs mates ${JSON.stringify(mate.derivedFrom)} → ${JSON.stringify(parents)}`);
          return false;
        }
      }
      return true;
    });
    if (hit) {
      used.add(hit.id);
      matched.set(i, hit.id);
    } else missed.push(`mate ${i} ${mate.kind} ${mate.partA}–${mate.partB} (${mate.note ?? ''}): ${reasons.join('; ') || 'no constraint of this kind on this part pair'}`);
  }
  const extra = report.constraints.filter((c) => !used.has(c.id)).map((c) => `#${c.id} ${c.kind} ${c.partA}–${c.partB} ${JSON.stringify(c.params)}`);
  return {
    precision: report.constraints.length === 0 ? (mates.length === 0 ? 1 : 0) : used.size / report.constraints.length,
    recall: mates.length === 0 ? 1 : matched.size / mates.length,
    missed,
    extra,
    matched,
  };
}
