import { unknownPart } from '../model/poses.js';
import { recognizeConstraints } from '../constraints/recognize.js';
import type { Constraint, ConstraintReport } from '../constraints/types.js';
import { SurfcdError } from '../errors.js';
import type { Assembly, ProductNode } from '../model/types.js';
import type { Vec3 } from '../motion/inputs.js';
import type { AxisRef, AxisSpec, MotionScript, MotionStep, Sense } from './script.js';

/** A step with every name turned into part indices and every axis into numbers (assembled frame). */
export interface ResolvedStep {
  step: MotionStep;
  index: number;
  moving: number[];
  /** Unordered part pairs that may pass through each other ("i:j" with i < j). */
  ignore: Set<string>;
  /** Unit direction for translate; axis line for rotate / screw (in the assembled frame). */
  direction?: Vec3;
  axis?: { point: Vec3; direction: Vec3 };
  /** The part whose pose carries a constraint-derived axis (it moves with that part). */
  axisPart?: number;
}

/**
 * Checks every name and axis of a script against the assembly before anything moves:
 * unknown parts or nodes, constraints that do not exist, and ambiguous senses are
 * INVALID_SCRIPT / UNKNOWN_PART errors naming the step id and the field.
 */
export function resolveScript(assembly: Assembly, script: MotionScript, source: string, tolerance: number): ResolvedStep[] {
  const byPath = new Map(assembly.parts.map((p, i) => [p.path, i] as const));
  const nodes = new Map<string, number[]>();
  collectNodes(assembly.root, nodes);
  let constraints: Constraint[] | null = null;
  const getConstraints = (): Constraint[] => {
    constraints ??= (recognizeConstraints(assembly, { tolerance }) as ConstraintReport).constraints;
    return constraints;
  };

  return script.steps.map((step, index) => {
    const at = (field: string): string => `${source}: step "${step.id}": ${field}`;
    const partsOf = (name: string, field: string): number[] => {
      const part = byPath.get(name);
      if (part !== undefined) return [part];
      const node = nodes.get(name);
      if (node && node.length > 0) return node;
      throw new SurfcdError('UNKNOWN_PART', `${at(field)}: ${unknownPart(assembly, name).message.replace(/^no part/, 'no part or product node')}`);
    };
    const moving = [...new Set(step.move.flatMap((name, i) => partsOf(name, `move[${i}]`)))].sort((a, b) => a - b);
    const ignore = new Set<string>();
    (step.ignore ?? []).forEach(([x, y], i) => {
      for (const a of partsOf(x, `ignore[${i}][0]`)) for (const b of partsOf(y, `ignore[${i}][1]`)) ignore.add(a < b ? `${a}:${b}` : `${b}:${a}`);
    });
    const resolved: ResolvedStep = { step, index, moving, ignore };
    if (step.translate) {
      if (step.translate.direction) {
        resolved.direction = unit(step.translate.direction, at('translate.direction'));
      } else {
        const along = step.translate.along!;
        const field = 'coaxialWith' in along ? 'translate.along.coaxialWith' : 'translate.along.normalOf';
        const axis = constraintAxis(assembly, getConstraints(), moving, along, at(field), at('translate.along.sense'));
        resolved.direction = axis.direction;
        resolved.axisPart = axis.part;
      }
    } else {
      const motion = (step.rotate ?? step.screw)!;
      const kind = step.rotate ? 'rotate' : 'screw';
      const spec: AxisSpec = motion.axis;
      if ('point' in spec) {
        resolved.axis = { point: spec.point, direction: unit(spec.direction, at(`${kind}.axis.direction`)) };
      } else {
        const axis = constraintAxis(assembly, getConstraints(), moving, spec, at(`${kind}.axis.coaxialWith`), at(`${kind}.axis.sense`));
        resolved.axis = { point: axis.point, direction: axis.direction };
        resolved.axisPart = axis.part;
      }
    }
    return resolved;
  });
}

function collectNodes(node: ProductNode, out: Map<string, number[]>): number[] {
  const parts = [...node.parts];
  for (const child of node.children) parts.push(...collectNodes(child, out));
  if (node.path) out.set(node.path, parts);
  return parts;
}

function unit(v: Vec3, where: string): Vec3 {
  const n = Math.hypot(...v);
  if (!(n > 0)) throw new SurfcdError('INVALID_SCRIPT', `${where}: the direction has zero length`);
  return [v[0] / n, v[1] / n, v[2] / n];
}

/**
 * The axis of the coaxial constraint (or the normal of the against constraint) between
 * a moved part and the named partner, oriented by `sense`: "away" (default) is the way
 * out of the partner given by an against constraint along the same line (the bolt's
 * head seated on the plate says "up"); a vector picks the side it points to.
 */
function constraintAxis(assembly: Assembly, constraints: Constraint[], moving: number[], ref: AxisRef, where: string, senseWhere: string): { point: Vec3; direction: Vec3; part: number } {
  const partner = 'coaxialWith' in ref ? ref.coaxialWith : ref.normalOf;
  const kind = 'coaxialWith' in ref ? 'coaxial' : 'against';
  const movingPaths = new Set(moving.map((i) => assembly.parts[i]!.path));
  if (!assembly.parts.some((p) => p.path === partner)) throw new SurfcdError('UNKNOWN_PART', `${where}: ${unknownPart(assembly, partner).message}`);
  const found = constraints.find((c) => c.kind === kind && ((movingPaths.has(c.partA) && c.partB === partner) || (movingPaths.has(c.partB) && c.partA === partner)));
  if (!found) {
    const kinds = constraints.filter((c) => (movingPaths.has(c.partA) && c.partB === partner) || (movingPaths.has(c.partB) && c.partA === partner)).map((c) => c.kind);
    const have = kinds.length > 0 ? `only ${[...new Set(kinds)].join(', ')}` : 'no constraint at all';
    throw new SurfcdError('INVALID_SCRIPT', `${where}: no ${kind} constraint between the moved parts and "${partner}" (they have ${have})`);
  }
  const movedPath = movingPaths.has(found.partA) ? found.partA : found.partB;
  const part = assembly.parts.findIndex((p) => p.path === movedPath);
  const params = found.params as { axis?: Vec3; point?: Vec3; normal?: Vec3 };
  const line = kind === 'coaxial' ? params.axis! : params.normal!;
  const point = (params.point ?? [0, 0, 0]) as Vec3;
  const direction = orient(constraints, movedPath, partner, line, ref.sense ?? 'away', senseWhere, kind === 'against' ? found : null);
  return { point, direction, part };
}

function orient(constraints: Constraint[], moved: string, partner: string, line: Vec3, sense: Sense, where: string, against: Constraint | null): Vec3 {
  const n = Math.hypot(...line);
  const d: Vec3 = [line[0] / n, line[1] / n, line[2] / n];
  const flip = (s: number): Vec3 => [s * d[0], s * d[1], s * d[2]];
  if (Array.isArray(sense)) {
    const dot = sense[0] * d[0] + sense[1] * d[1] + sense[2] * d[2];
    if (Math.abs(dot) < 1e-9 * Math.hypot(...sense)) throw new SurfcdError('INVALID_SCRIPT', `${where}: the hint [${sense.join(', ')}] is perpendicular to the axis (${fmt(d)}); it cannot pick a side`);
    return flip(Math.sign(dot));
  }
  // "away": an against constraint along this line says which side is out. Its normal
  // points out of partA's material into partB, so the way out for partB is +normal.
  const awayFrom = (c: Constraint): Vec3 | null => {
    const normal = (c.params as { normal?: Vec3 }).normal;
    if (!normal) return null;
    const dot = normal[0] * d[0] + normal[1] * d[1] + normal[2] * d[2];
    if (Math.abs(dot) < 0.999 * Math.hypot(...normal)) return null;
    return flip(Math.sign(dot) * (c.partB === moved ? 1 : -1));
  };
  const candidates = against
    ? [against]
    : [
        ...constraints.filter((c) => c.kind === 'against' && ((c.partA === moved && c.partB === partner) || (c.partB === moved && c.partA === partner))),
        ...constraints.filter((c) => c.kind === 'against' && (c.partA === moved || c.partB === moved)),
      ];
  const ways = [...new Map(candidates.map(awayFrom).filter((v): v is Vec3 => v !== null).map((v) => [v.join(','), v])).values()];
  if (ways.length === 1 || (ways.length > 1 && candidates.length > 0 && awayFrom(candidates[0]!) !== null)) return ways.length === 1 ? ways[0]! : awayFrom(candidates[0]!)!;
  throw new SurfcdError('INVALID_SCRIPT', `${where}: both senses along ${fmt(d)} are possible for "${moved}"; give "sense": [x, y, z] pointing the way out`);
}

const fmt = (v: Vec3): string => `(${v.map((x) => Number(x.toFixed(4))).join(', ')})`;
