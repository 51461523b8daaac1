/**
 * The options that select and review interferences, defined once for every command that
 * checks parts (contacts, report, constraints; clearance takes the sets only): `--parts` /
 * `--against` (sets), `--ignore`, `--accept`, `--fail-on`, `--previous`. Each command adds
 * them with these helpers and turns the flags into a review with `reviewInterferences`.
 */
import { readFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import type { ContactReport } from '../verdict/findContacts.js';
import { SurfcdError } from '../errors.js';
import { selectParts, type PartSelection } from '../model/partSets.js';
import type { Assembly } from '../model/types.js';
import type { AssemblyMemo } from '../model/assemblyMemo.js';
import type { ContactsReview } from '../report/contactsReport.js';
import { INTERFERENCE_CLASSES } from '../review/classes.js';
import { classifyInterferences } from '../review/classify.js';
import { applyAccepted, applyIgnore, failingEntries, parseAccepted, parseIgnore, previousInterferenceIds, type AcceptedItem, type FailOn } from '../review/review.js';

/** What a run's commands decide beyond success: the exit code of a review (`--fail-on`). */
export interface RunOutcome {
  exitCode: number;
}

/** Exit code when `--fail-on` finds a real (or new) clash. */
export const EXIT_CLASH = 4;

export interface SelectionFlags {
  parts: string[];
  against: string[];
}

export interface ReviewFlags extends SelectionFlags {
  ignore: string[];
  accept?: string;
  failOn?: string;
}

const repeatable = (flags: string, description: string): Option =>
  new Option(flags, description).argParser((value: string, previous: string[]) => [...previous, value]).default([], 'none');

/** `--parts <pattern>` and `--against <pattern>` (both repeatable). */
export function addSelectionOptions(command: Command): Command {
  return command
    .addOption(repeatable('--parts <pattern>', 'check only these parts among themselves: a path, a path suffix or a glob (*bolt*), names as the CAD shows them (repeatable)'))
    .addOption(repeatable('--against <pattern>', 'check --parts (default: every part) only against these parts (repeatable)'));
}

/** Sets, plus `--ignore`, `--accept`, `--fail-on` (the command adds its own `--previous`). */
export function addReviewOptions(command: Command): Command {
  return addSelectionOptions(command)
    .addOption(repeatable('--ignore <classes>', `leave these interference classes out (comma-separated: ${INTERFERENCE_CLASSES.join(', ')}); counted as "ignored N"`))
    .option('--accept <file>', 'accept file: JSON [{"id", "reason"}] (the HTML report\'s accept button writes it); marks those interferences accepted')
    .addOption(new Option('--fail-on <what>', `exit ${EXIT_CLASH} when a clash remains that is not expected or accepted (clash), or one not in --previous (new)`).choices(['clash', 'new']));
}

/** The selection the flags make, checked against the assembly (unknown or empty patterns are errors). */
export function selectionOf(assembly: Assembly, flags: SelectionFlags): PartSelection | undefined {
  return selectParts(assembly, flags.parts, flags.against);
}

/** Checks `--ignore` before the slow import. */
export function checkReviewFlags(flags: ReviewFlags): void {
  parseIgnore(flags.ignore);
  if (flags.failOn === 'new' && !('previous' in flags && (flags as { previous?: string }).previous !== undefined)) {
    throw new SurfcdError('INVALID_OPTION', '--fail-on new: give the earlier run with --previous <file>');
  }
}

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SurfcdError(code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'FILE_UNREADABLE', `${path}: cannot read the ${what} (${code ?? String(error)})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SurfcdError('PARSE_FAILED', `${path}: the ${what} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The accept file's items (read and checked before the slow import). */
export async function readAcceptFile(path: string | undefined): Promise<AcceptedItem[]> {
  return path === undefined ? [] : parseAccepted(await readJson(path, 'accept file'), path);
}

/** Part-pair ids of an earlier contacts or report JSON. */
export async function readPreviousIds(path: string | undefined): Promise<Set<string> | null> {
  return path === undefined ? null : previousInterferenceIds(await readJson(path, 'previous run'), path);
}

export interface ReviewOutcome {
  review: ContactsReview;
  /** EXIT_CLASH when `--fail-on` found something, else 0. */
  exitCode: number;
}

/**
 * Classifies the run's interferences, then applies `--ignore`, the accept file and
 * `--fail-on`. Warnings (accept ids naming nothing, what failed) go to stderr.
 */
export function reviewInterferences(assembly: Assembly, report: ContactReport, flags: ReviewFlags, context: { accepted: AcceptedItem[]; previousIds: Set<string> | null; poses?: Record<string, import('../math/rigid.js').Pose>; memo?: AssemblyMemo }): ReviewOutcome {
  const all = classifyInterferences(assembly, report, { tolerance: report.tolerance, ...(context.poses ? { poses: context.poses } : {}), ...(context.memo ? { memo: context.memo } : {}) });
  const { kept, ignored, ignoredByClass } = applyIgnore(all, parseIgnore(flags.ignore));
  const ignoredIds = new Set(all.filter((e) => !kept.includes(e)).map((e) => e.id));
  const { entries, unknown } = applyAccepted(kept, context.accepted, ignoredIds);
  for (const id of unknown) process.stderr.write(`surfcd: warning: ${flags.accept}: accepted id "${id}" names no interference in this run (resolved, or parts renamed)\n`);
  const review: ContactsReview = { interferences: entries, ignored, ignoredByClass };
  if (flags.failOn === undefined) return { review, exitCode: 0 };
  const failing = failingEntries(entries, flags.failOn as FailOn, context.previousIds);
  if (failing.length === 0) return { review, exitCode: 0 };
  process.stderr.write(`surfcd: --fail-on ${flags.failOn}: ${failing.length} ${flags.failOn === 'new' ? 'new ' : ''}clash${failing.length === 1 ? '' : 'es'} not expected or accepted; first: ${failing[0]!.sentence}\n`);
  return { review, exitCode: EXIT_CLASH };
}
