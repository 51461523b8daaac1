/**
 * What OpenCascade prints while reading, turned into warnings or a parse error message.
 * occt's messages are English one-liners framed by asterisks; the ones that mean parts may
 * be missing become warnings, progress chatter ("Total number of loaded entities 0.") is
 * dropped.
 */
import type { LoadWarning } from '../model/types.js';

const strip = (line: string): string => line.replace(/^\s*\*+\s*/, '').replace(/\s*\*+\s*$/, '').replace(/\s+/g, ' ').trim();

/** Lines that only report progress or counts. */
const CHATTER = /^(Total number of loaded entities|Step File Name|Loading|Reading|Done|File loaded|\d+ entities|Search for|End of|Count of)/i;

/** The first syntax error occt reported, rephrased: "line 6: Incorrect syntax: unexpected ';'". */
export function syntaxError(messages: readonly string[]): string | null {
  for (const line of messages) {
    const m = /Parsing:?\s*(Line \d+:.*)$/i.exec(strip(line)) ?? /(Incorrect syntax.*)$/i.exec(strip(line));
    if (m) return m[1]!.replace(/^Line/, 'line');
  }
  return null;
}

/** The first message that reads like an error, for a failure occt gave no reason for. */
export function firstError(messages: readonly string[]): string | null {
  for (const line of messages) {
    const s = strip(line);
    if (s !== '' && !CHATTER.test(s) && /err|fail|not a|cannot|invalid|unexpected/i.test(s)) return s;
  }
  return null;
}

/** Warnings from the messages of a read that succeeded. */
export function readerWarnings(messages: readonly string[], label: string): LoadWarning[] {
  const warnings: LoadWarning[] = [];
  const seen = new Set<string>();
  for (const line of messages) {
    const s = strip(line);
    if (s === '' || CHATTER.test(s) || seen.has(s)) continue;
    seen.add(s);
    const unresolved = /Unresolved Reference.*?(?:Fails Count\s*:\s*(\d+))?$/i.exec(s);
    if (unresolved) {
      warnings.push({
        code: 'UNRESOLVED_REFERENCE',
        message: `${label}: ${unresolved[1] ?? 'some'} reference(s) point at entities that are not in the file; the solids or products using them may be missing`,
      });
    } else if (/err|fail|warn|not a|cannot|invalid|unexpected/i.test(s)) {
      warnings.push({ code: 'READER_MESSAGE', message: `${label}: OpenCascade: ${s.slice(0, 200)}` });
    }
  }
  return warnings;
}
