/**
 * The fastener recognition's answer, as the interference classes use it, kept in an
 * assembly's memo (model/assemblyMemo.ts): a cached `contacts` run in the assembled state
 * recognizes no fastener an earlier run recognized. The answer depends on the assembly, the
 * tolerance and the poses; it is kept only in the assembled state (no poses given), under
 * the tolerance.
 */
import type { AssemblyMemo } from '../model/assemblyMemo.js';
import { fromMemoText, memoText } from '../model/assemblyMemo.js';
import type { Assembly } from '../model/types.js';
import type { ClassifyOptions } from './classify.js';

type FastenerAnswer = NonNullable<ClassifyOptions['fasteners']>;

/** Bump when what is kept, or how, changes. */
const MEMO_FORMAT = 1;

/** `recognize()`'s answer, taken from the memo when it holds one for this tolerance, else recognized now and added to it. */
export function rememberedFasteners(assembly: Assembly, tolerance: number, memo: AssemblyMemo | undefined, recognize: () => FastenerAnswer): FastenerAnswer {
  if (!memo || !memo.isFor(assembly)) return recognize();
  const key = `fasteners/${MEMO_FORMAT} ${JSON.stringify([tolerance])}`;
  const stored = memo.get(key);
  if (typeof stored === 'string') {
    const known = answerOf(stored, assembly.parts.length);
    if (known) return known;
  }
  const answer = recognize();
  // Only what the classes read: the joints' parts and sizes, the parts' roles and sizes.
  memo.set(key, memoText({
    joints: answer.joints.map(({ fastener, mate, nominal, pitch, designation, drawn }) => ({ fastener, mate, nominal, pitch, designation, drawn })),
    roles: answer.roles.map(({ part, role, fastener }) => ({ part, role, ...(fastener !== undefined ? { fastener } : {}) })),
  }));
  return answer;
}

/** The kept answer, or null when the text does not fit the assembly (recognized again). */
function answerOf(text: string, partCount: number): FastenerAnswer | null {
  let value: unknown;
  try {
    value = fromMemoText(text);
  } catch {
    return null;
  }
  const v = value as Partial<FastenerAnswer> | null;
  if (!v || !Array.isArray(v.joints) || !Array.isArray(v.roles)) return null;
  const inRange = (i: unknown): boolean => Number.isInteger(i) && (i as number) >= 0 && (i as number) < partCount;
  if (!v.joints.every((j) => j && inRange(j.fastener) && inRange(j.mate)) || !v.roles.every((r) => r && inRange(r.part))) return null;
  return v as FastenerAnswer;
}
