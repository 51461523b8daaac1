/**
 * Naming parts the way people do: one matcher for every option and script that names
 * parts (`--parts`, `--against`, `--part`, `--base`, `--move`, motion scripts). A pattern
 * is written as the CAD shows the name (`3/8" Hex`, not `3%2F8"`), and matches
 * - a whole part path, or a path suffix on segment boundaries (`bracket#2/nut#3`);
 *   a last segment without its `#k` matches every sibling of that name;
 * - a product node (its path or suffix): every part beneath it;
 * - a glob (`*` any run of characters, `?` one) against the whole path or any suffix.
 * Escaped paths (as in JSON and ids) match too.
 */
import { SurfcdError } from '../errors.js';
import { commonRoot, displayPath } from './paths.js';
import type { Assembly, Part } from './types.js';

/** Pairs to check: both parts in `parts`, or (with `against`) one in each set. */
export interface PartSelection {
  parts: ReadonlySet<string>;
  against: ReadonlySet<string> | null;
}

export const isGlob = (pattern: string): boolean => /[*?]/.test(pattern);

const stripSibling = (segment: string): string => segment.replace(/#\d+$/, '');

function globRegExp(pattern: string): RegExp {
  const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 's');
}

/** The forms of a path a pattern may name: escaped and decoded, each with its segment suffixes. */
function suffixesOf(path: string): string[] {
  const forms = new Set<string>();
  for (const form of [path, displayPath(path)]) {
    // decoded names may hold '/', so split the escaped path and decode per segment
    const segments = path.split('/');
    const decoded = form === path ? segments : segments.map((s) => displayPath(s));
    for (let k = 0; k < decoded.length; k++) forms.add(decoded.slice(k).join('/'));
  }
  return [...forms];
}

/** Does `pattern` (not a glob) name this path or a node above it? */
function namesPath(path: string, pattern: string): boolean {
  const segments = path.split('/');
  for (let end = segments.length; end >= 1; end--) {
    const head = segments.slice(0, end).join('/');
    for (const suffix of suffixesOf(head)) {
      if (suffix === pattern) return true;
      // a last segment without its sibling number names every sibling
      const cut = suffix.lastIndexOf('/');
      const last = suffix.slice(cut + 1);
      if (last !== stripSibling(last) && `${suffix.slice(0, cut + 1)}${stripSibling(last)}` === pattern) return true;
    }
  }
  return false;
}

/**
 * Every part `pattern` names. A pattern that matches nothing is UNKNOWN_PART with the
 * closest names; with `one`, a pattern naming several parts is UNKNOWN_PART listing them.
 */
export function matchParts(assembly: Assembly, pattern: string, options: { what: string; one?: boolean }): Part[] {
  const wanted = pattern.trim();
  if (wanted === '') throw new SurfcdError('INVALID_OPTION', `${options.what}: empty part pattern`);
  const glob = isGlob(wanted) ? globRegExp(wanted) : null;
  const found = assembly.parts.filter((p) => (glob ? suffixesOf(p.path).some((s) => glob.test(s)) : namesPath(p.path, wanted)));
  const root = commonRoot(assembly.parts.map((p) => p.path));
  const shown = (parts: readonly Part[]): string =>
    parts.slice(0, 8).map((p) => `"${displayPath(p.path, root)}"`).join(', ') + (parts.length > 8 ? `, … (${parts.length} in all)` : '');
  if (found.length === 0) {
    const lower = stripSibling(wanted.split('/').pop()!).toLowerCase();
    const close = assembly.parts.filter((p) => displayPath(p.path).toLowerCase().includes(lower));
    const hint = close.length > 0 ? `did you mean ${shown(close)}?` : `parts are ${shown(assembly.parts)}`;
    throw new SurfcdError('UNKNOWN_PART', `${options.what}: no part or product node matches "${wanted}" in ${assembly.name}; ${hint}`);
  }
  if (options.one && found.length > 1) {
    throw new SurfcdError('UNKNOWN_PART', `${options.what}: "${wanted}" is ambiguous in ${assembly.name}, it matches ${shown(found)}; give more of the path`);
  }
  return found;
}

/** The one part a pattern names (UNKNOWN_PART when none or several). */
export function matchPart(assembly: Assembly, pattern: string, what: string): Part {
  return matchParts(assembly, pattern, { what, one: true })[0]!;
}

/** The selection `--parts` / `--against` patterns make; undefined when neither is given. */
export function selectParts(assembly: Assembly, parts: readonly string[], against: readonly string[]): PartSelection | undefined {
  if (parts.length === 0 && against.length === 0) return undefined;
  const pathsOf = (patterns: readonly string[], what: string): Set<string> =>
    new Set(patterns.flatMap((pattern) => matchParts(assembly, pattern, { what }).map((p) => p.path)));
  const chosen = parts.length > 0 ? pathsOf(parts, '--parts') : new Set(assembly.parts.map((p) => p.path));
  return { parts: chosen, against: against.length > 0 ? pathsOf(against, '--against') : null };
}

/** Is the pair (either order) one the selection asks to check? */
export function selectsPair(selection: PartSelection | undefined, pathA: string, pathB: string): boolean {
  if (!selection) return true;
  const { parts, against } = selection;
  if (!against) return parts.has(pathA) && parts.has(pathB);
  return (parts.has(pathA) && against.has(pathB)) || (parts.has(pathB) && against.has(pathA));
}

/** Keys that name parts (`--move bolt=…`, poses) turned into part paths; each must name one part. */
export function keyedByPath<T>(assembly: Assembly, byPattern: Record<string, T>, what: string): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [pattern, value] of Object.entries(byPattern)) {
    const exact = assembly.parts.find((p) => p.path === pattern);
    out[(exact ?? matchPart(assembly, pattern, what)).path] = value;
  }
  return out;
}
