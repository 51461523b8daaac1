/** `surfcd report <file>`: every contact, interference and clearance fit as one offline HTML page, JSON or Markdown. */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Command, Option } from 'commander';
import { findContacts } from '../collide/findContacts.js';
import { pluginsFor, recognizeConstraints, DEFAULT_CLEARANCE, DEFAULT_TOLERANCE } from '../constraints/recognize.js';
import { SurfcdError } from '../errors.js';
import type { Assembly } from '../model/types.js';
import type { Pose } from '../math/rigid.js';
import { constraintText } from '../report/constraintsReport.js';
import { reportHtml } from '../report/htmlReport.js';
import { applyPrevious, previousItems } from '../report/reportDiff.js';
import { buildReport, type ReportModel } from '../report/reportModel.js';
import { timelineOf } from '../report/timeline.js';
import { headlineOf, reportJson, reportMarkdown } from '../report/reportText.js';
import { loadAssembly } from '../spatial/load.js';
import type { ContactReport } from '../collide/findContacts.js';
import { keyedByPath, type PartSelection } from '../model/partSets.js';
import { withoutIgnored } from '../report/contactsReport.js';
import { annotateConstraints } from '../review/agreement.js';
import { classifyInterferences } from '../review/classify.js';
import { countByClass, previousInterferenceIds } from '../review/review.js';
import { addReviewOptions, checkReviewFlags, readAcceptFile, reviewInterferences, selectionOf, type ReviewFlags, type ReviewOutcome, type RunOutcome } from './reviewOptions.js';
import { addLoadOptions, loadOptions, parseMoves, reportWarnings, type LoadFlags } from './loadFlags.js';
import { emit, parseNumber } from './output.js';
import { parseMinClearance, runClearances } from './clearance.js';
import { interferenceVolumes } from './volumes.js';
import { byVolume, withVolumeFields } from '../report/volumeFields.js';

interface Flags extends LoadFlags, ReviewFlags {
  tolerance: string;
  clearance?: string;
  move: string[];
  previous?: string;
  script?: string;
  format: 'html' | 'json' | 'md';
  out?: string;
  minClearance?: string;
  volumes?: boolean;
  sort: 'parts' | 'volume';
}

/** Contacts and constraints of the assembly in the given poses, as the report model. */
/** `clearance` undefined: by size (ISO 273 clearance holes), as `surfcd constraints` does. */
export function reportModelOf(assembly: Assembly, options: { tolerance: number; clearance?: number | undefined; poses?: Record<string, Pose> }): ReportModel {
  return reviewedReportModel(assembly, options).model;
}

/** The report model with its interferences classified and reviewed (`--ignore`, `--accept`, `--fail-on`), and the exit code the review asks for. */
export function reviewedReportModel(assembly: Assembly, options: { tolerance: number; clearance?: number | undefined; poses?: Record<string, Pose>; select?: PartSelection; review?: (contacts: ContactReport) => ReviewOutcome }): { model: ReportModel; exitCode: number } {
  const poses = options.poses ?? {};
  const select = options.select ? { select: options.select } : {};
  const found = findContacts(assembly, { tolerance: options.tolerance, mode: 'all-surfaces', poses, ...select });
  const { review, exitCode } = options.review?.(found) ?? { review: { interferences: classifyInterferences(assembly, found, { tolerance: options.tolerance, poses }), ignored: 0, ignoredByClass: {} }, exitCode: 0 };
  const contacts = withoutIgnored(found, review);
  const recognized = recognizeConstraints(assembly, { tolerance: options.tolerance, poses, ...select, ...(options.clearance !== undefined ? { clearance: options.clearance } : {}) });
  const constraints = annotateConstraints(recognized, review.interferences);
  const plugins = pluginsFor({});
  const model = buildReport(assembly, contacts, constraints, { poses, describe: (c) => constraintText(c, plugins) });
  const classes = countByClass(review.interferences);
  return {
    model: { ...model, interferences: review.interferences, review: { classes, expected: review.interferences.filter((e) => e.expected).length, accepted: review.interferences.filter((e) => e.accepted).length, ignored: review.ignored } },
    exitCode,
  };
}

async function readText(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SurfcdError(code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'FILE_UNREADABLE', `${path}: cannot read the ${what} (${code ?? String(error)})`);
  }
}

export async function readPrevious(path: string): Promise<unknown> {
  const text = await readText(path, 'previous report');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SurfcdError('PARSE_FAILED', `${path}: the previous report is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

export function registerReportCommand(program: Command, outcome: RunOutcome = { exitCode: 0 }): Command {
  return addLoadOptions(
    addReviewOptions(program
      .command('report'))
      .description('surface contact report: every interference, contact and clearance fit, with a sentence each, as one offline HTML page (or JSON / Markdown)')
      .argument('<file>', 'STEP, IGES or BREP file')
      .option('-t, --tolerance <mm>', 'surfaces closer than this touch', String(DEFAULT_TOLERANCE))
      .option('-c, --clearance <mm>', `largest radial gap of a fit reported as clearance (default: by size, ISO 273 clearance holes; ${DEFAULT_CLEARANCE} for other sizes)`)
      .addOption(
        new Option('--move <part=dx,dy,dz>', 'translate a part (mm) before checking, e.g. --move bolt=0.5,0,0 (repeatable)')
          .argParser((value: string, previous: string[]) => [...previous, value])
          .default([], 'none'),
      )
      .option('--min-clearance <mm>', 'also list the part pairs closer than this without touching (clearance verification, as `surfcd clearance --min`)')
      .option('--volumes', 'give each interfering part pair its overlap volume (mm³) and centroid: exact (manifold-3d) for closed meshes, else a stated estimate')
      .addOption(new Option('--sort <order>', 'order of the interfering part pairs: by class and depth, or largest interference volume first (implies --volumes)').choices(['parts', 'volume']).default('parts'))
      .option('--previous <report.json>', 'an earlier `--format json` report: mark each item new, persistent or resolved (and the base of --fail-on new)')
      .option('--script <motion.json>', 'simulate a surfcd/motion@1 script and show its steps on a timeline (scrub / play; blocked steps end on their blocking surfaces)')
      .addOption(new Option('--format <format>', 'output format').choices(['html', 'json', 'md']).default('html'))
      .option('-o, --out <file>', 'write the report to a file instead of stdout'),
  ).action(async (file: string, flags: Flags) => {
    const tolerance = parseNumber('--tolerance', flags.tolerance, { min: 0 });
    const clearance = flags.clearance === undefined ? undefined : parseNumber('--clearance', flags.clearance, { min: 0 });
    const poses = parseMoves(flags.move);
    if (flags.minClearance !== undefined) parseMinClearance('--min-clearance', flags.minClearance); // before the import
    if (flags.script !== undefined && flags.move.length > 0) {
      throw new SurfcdError('INVALID_OPTION', '--script and --move: a script starts from where the file puts the parts; give one or the other');
    }
    // check the script and the previous report before paying for the import
    // The simulator and its schema library only when a script is given (start-up cost).
    const sim = flags.script !== undefined ? { ...(await import('../simulate/script.js')), ...(await import('../simulate/simulate.js')) } : null;
    const script = sim && flags.script !== undefined ? sim.parseMotionScript(await readText(flags.script, 'motion script'), flags.script) : null;
    checkReviewFlags(flags);
    const accepted = await readAcceptFile(flags.accept);
    const previousDoc = flags.previous !== undefined ? await readPrevious(flags.previous) : null;
    const previous = flags.previous !== undefined ? previousItems(previousDoc, flags.previous) : null;
    const previousIds = flags.previous !== undefined ? previousInterferenceIds(previousDoc, flags.previous) : null;
    const assembly = await loadAssembly(file, loadOptions(flags, file));
    reportWarnings(assembly, flags.strict);
    const select = selectionOf(assembly, flags);
    const moved = keyedByPath(assembly, poses, '--move');
    const reviewed = reviewedReportModel(assembly, { tolerance, clearance, poses: moved, ...(select ? { select } : {}), review: (found) => reviewInterferences(assembly, found, flags, { accepted, previousIds, poses: moved }) });
    let model = reviewed.model;
    if (previous) model = applyPrevious(model, previous, flags.previous ?? null);
    if ((flags.volumes || flags.sort === 'volume') && model.interferences) {
      const columns = { volumes: await interferenceVolumes(assembly, model.interferences, moved), sortByVolume: flags.sort === 'volume' };
      model = { ...model, interferences: withVolumeFields(byVolume(model.interferences, columns), columns) };
    }
    if (flags.minClearance !== undefined) {
      const min = parseMinClearance('--min-clearance', flags.minClearance, assembly);
      if (tolerance >= min) throw new SurfcdError('INVALID_OPTION', `--tolerance ${flags.tolerance}: must be below --min-clearance ${flags.minClearance} (pairs this close touch)`);
      const { result, entries } = runClearances(assembly, { min, tolerance, poses: moved, ...(select ? { select } : {}) });
      model = { ...model, minClearance: { min, tolerance: result.tolerance, entries: entries.map(({ partA, partB, distance, surfaceA, surfaceB, measuredOn, sentence }) => ({ partA, partB, distance, surfaceA, surfaceB, measuredOn, sentence })) } };
    }
    if (script && flags.script !== undefined) {
      const simulation = sim!.simulate(assembly, script, { source: flags.script, tolerance });
      model = { ...model, timeline: { source: basename(flags.script), steps: timelineOf(simulation, flags.script) } };
    }
    const text = flags.format === 'json' ? reportJson(model) : flags.format === 'md' ? reportMarkdown(model) : reportHtml(assembly, model);
    await emit(text, flags.out);
    process.stderr.write(`${headlineOf(model)}\n`);
    outcome.exitCode = Math.max(outcome.exitCode, reviewed.exitCode);
  });
}
