import { z } from 'zod';
import { SurfcdError } from '../errors.js';

/** The motion script format (ARCHITECTURE.md, "Maintenance simulation"). */
export const MOTION_SCHEMA = 'surfcd/motion@1';

const finite = z.number().refine(Number.isFinite, 'expected a finite number');
const vec3 = z.tuple([finite, finite, finite], { error: 'expected [x, y, z], three numbers' });
const partName = z.string({ error: 'expected a part or product-node path (a string)' }).min(1, 'expected a non-empty path');
/** Which way along a constraint axis: `away` from the partner (default), or the side a hint vector points to. */
const sense = z.union([z.literal('away'), vec3], { error: 'expected "away" or a hint vector [x, y, z]' });

const coaxialWith = z.strictObject({ coaxialWith: partName, sense: sense.optional() });
const normalOf = z.strictObject({ normalOf: partName, sense: sense.optional() });
const axisLine = z.strictObject({ point: vec3, direction: vec3 });

const translate = z
  .strictObject({
    direction: vec3.optional(),
    along: z.union([coaxialWith, normalOf], { error: 'expected {coaxialWith: part} or {normalOf: part}' }).optional(),
    distance: z.union([z.number().positive('expected a distance > 0 (mm)').refine(Number.isFinite, 'expected a finite distance'), z.literal('clear')], {
      error: 'expected a distance in mm (> 0) or "clear"',
    }),
  })
  .refine((t) => (t.direction === undefined) !== (t.along === undefined), { message: 'give exactly one of direction or along', path: ['direction'] });

const axis = z.union([axisLine, coaxialWith], { error: 'expected {point: [x,y,z], direction: [x,y,z]} or {coaxialWith: part}' });
const rotate = z.strictObject({ axis, angle: finite.refine((a) => a !== 0, 'expected a non-zero angle (degrees)') });
const screw = z
  .strictObject({
    axis,
    pitch: z.union([finite.refine((p) => p > 0, 'expected a pitch > 0 (mm per turn; turn the other way with a negative angle)'), z.literal('thread')], {
      error: 'expected a pitch > 0 (mm per turn) or "thread" (the recognised thread\'s pitch)',
    }),
    turns: finite.refine((t) => t > 0, 'expected turns > 0').optional(),
    angle: finite.refine((a) => a !== 0, 'expected a non-zero angle (degrees)').optional(),
  })
  .refine((s) => (s.turns === undefined) !== (s.angle === undefined), { message: 'give exactly one of turns or angle', path: ['turns'] });

const step = z
  .strictObject({
    id: z.string({ error: 'expected a step id (a string)' }).min(1, 'expected a non-empty step id'),
    move: z.array(partName, { error: 'expected a list of part or node paths' }).min(1, 'expected at least one part or node to move'),
    translate: translate.optional(),
    rotate: rotate.optional(),
    screw: screw.optional(),
    expect: z.enum(['free', 'blocked'], { error: 'expected "free" or "blocked"' }).optional(),
    then: z.literal('remove', { error: 'expected "remove"' }).optional(),
    ignore: z.array(z.tuple([partName, partName], { error: 'expected a pair of part paths' }), { error: 'expected a list of part pairs' }).optional(),
    tolerance: z.number().nonnegative('expected a tolerance ≥ 0 (mm)').refine(Number.isFinite, 'expected a finite tolerance').optional(),
  })
  .refine((s) => [s.translate, s.rotate, s.screw].filter((m) => m !== undefined).length === 1, {
    message: 'give exactly one of translate, rotate or screw',
    path: ['translate'],
  });

const script = z.strictObject({
  schema: z.literal(MOTION_SCHEMA, { error: `expected "${MOTION_SCHEMA}"` }),
  assembly: z.string().min(1).optional(),
  defaults: z.strictObject({ tolerance: z.number().nonnegative('expected a tolerance ≥ 0 (mm)').refine(Number.isFinite).optional() }).optional(),
  // An empty list is a valid script: what `disassemble` writes for an assembly with nothing to take out.
  steps: z.array(step, { error: 'expected a list of steps' }),
});

// Plain interfaces (the public declarations must not depend on zod's types).
import type { Vec3 } from '../math/vec3.js';

export type { Vec3 };
/** Which way along a constraint axis: "away" from the partner, or the side a hint vector points to. */
export type Sense = 'away' | Vec3;
export type AxisRef = { coaxialWith: string; sense?: Sense | undefined } | { normalOf: string; sense?: Sense | undefined };
export type AxisSpec = { point: Vec3; direction: Vec3 } | { coaxialWith: string; sense?: Sense | undefined };
export interface MotionStep {
  id: string;
  move: string[];
  translate?: { direction?: Vec3 | undefined; along?: AxisRef | undefined; distance: number | 'clear' } | undefined;
  rotate?: { axis: AxisSpec; angle: number } | undefined;
  /** `pitch: "thread"` takes the pitch of the thread the moved part turns in. */
  screw?: { axis: AxisSpec; pitch: number | 'thread'; turns?: number | undefined; angle?: number | undefined } | undefined;
  expect?: 'free' | 'blocked' | undefined;
  then?: 'remove' | undefined;
  ignore?: [string, string][] | undefined;
  tolerance?: number | undefined;
}
export interface MotionScript {
  schema: typeof MOTION_SCHEMA;
  assembly?: string | undefined;
  defaults?: { tolerance?: number | undefined } | undefined;
  steps: MotionStep[];
}


/**
 * Parses and validates a motion script (JSON text or a parsed object). Any problem is a
 * SurfcdError INVALID_SCRIPT whose message names the source, the step (by id) and the
 * field, e.g. `rig.motion.json: step "bolt-out": translate.distance: expected …`.
 */
export function parseMotionScript(input: string | unknown, source = 'motion script'): MotionScript {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new SurfcdError('INVALID_SCRIPT', `${source}: not valid JSON (${(error as Error).message})`);
    }
  }
  const parsed = script.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SurfcdError('INVALID_SCRIPT', `${source}: ${where(value, issue.path)}: ${issue.message}`);
  }
  // Assigning checks, at compile time, that the schema's output fits the interfaces.
  const data: MotionScript = parsed.data;
  const seen = new Set<string>();
  data.steps.forEach((s, i) => {
    if (seen.has(s.id)) throw new SurfcdError('INVALID_SCRIPT', `${source}: step "${s.id}" (steps[${i}]): id: the id is used by an earlier step; ids must be unique`);
    seen.add(s.id);
  });
  return data;
}

/** `step "id": field.path` for issues inside a step, else the dotted path. */
function where(value: unknown, path: PropertyKey[]): string {
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const raw = (value as { steps?: unknown[] })?.steps?.[path[1]];
    const id = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? `step "${(raw as { id: string }).id}"` : `step ${path[1] + 1}`;
    const field = formatPath(path.slice(2));
    return field ? `${id}: ${field}` : id;
  }
  return formatPath(path) || '(top level)';
}

function formatPath(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}
