/** `surfcd constraints <file>`: recognised assembly constraints and the freedom they leave. */
import { Command, Option } from 'commander';
import { loadPlugin } from '../constraints/loadPlugin.js';
import { DEFAULT_CLEARANCE, DEFAULT_TOLERANCE, pluginsFor, recognizeConstraints } from '../constraints/recognize.js';
import type { LoadedPlugin } from '../constraints/types.js';
import { SurfcdError } from '../errors.js';
import { constraintsCsv, constraintsJson, constraintsMarkdown, constraintsTable } from '../report/constraintsReport.js';
import { openAssembly } from '../spatial/load.js';
import { updateAssemblyCache } from '../spatial/loadCached.js';
import { emit, parseNumber, status } from './output.js';
import { checkEscapes, watchPlugin } from './guard.js';
import { addLoadOptions, loadOptions, reportTimings, reportWarnings, type LoadFlags } from './loadFlags.js';
import { findContacts } from '../verdict/findContacts.js';
import { annotateConstraints } from '../review/agreement.js';
import { addReviewOptions, checkReviewFlags, readAcceptFile, readPreviousIds, reviewInterferences, selectionOf, type ReviewFlags, type RunOutcome } from './reviewOptions.js';

const BUILT_IN_FORMATS = ['table', 'json', 'csv', 'md'] as const;

interface Flags extends LoadFlags, ReviewFlags {
  previous?: string;
  tolerance: string;
  clearance?: string;
  angleTolerance?: string;
  format: string;
  out?: string;
  plugin: string[];
}

async function timed<T>(message: string, work: () => Promise<T> | T): Promise<[T, number]> {
  const stop = status(message);
  const start = performance.now();
  try {
    const value = await work();
    return [value, performance.now() - start];
  } finally {
    stop();
  }
}

/** Adds the `constraints` command to the program. */
export function registerConstraintsCommand(program: Command, outcome: RunOutcome = { exitCode: 0 }): Command {
  return addLoadOptions(addReviewOptions(program
    .command('constraints')))
    .description('recognise assembly constraints (against, coaxial, tangent, spherical, conical, insert, …) and the degrees of freedom they leave')
    .argument('<file>', 'STEP, IGES or BREP file')
    .option('-t, --tolerance <mm>', 'surfaces closer than this touch; also the coincidence tolerance of the rules', String(DEFAULT_TOLERANCE))
    .option('-c, --clearance <mm>', `largest radial gap of a fit (coaxial, spherical) (default: by size, ISO 273 clearance holes; ${DEFAULT_CLEARANCE} for other sizes)`)
    .option('--angle-tolerance <deg>', 'largest angle between directions that count as parallel, degrees (default 1)')
    .option('--format <format>', `output format: ${BUILT_IN_FORMATS.join(', ')}, or a format a plugin adds`, 'table')
    .option('-o, --out <file>', 'write the report to a file instead of stdout')
    .option('--previous <file>', 'an earlier `contacts --format json` (or `report --format json`) run, for --fail-on new')
    .addOption(
      new Option('--plugin <path>', 'load a plugin module (repeatable); first-party plugins always load')
        .argParser((value: string, previous: string[]) => [...previous, value])
        .default([], 'none'),
    )
    .action(async (file: string, flags: Flags) => {
      // check everything cheap before the slow import
      const tolerance = parseNumber('--tolerance', flags.tolerance, { min: 0 });
      const clearance = flags.clearance === undefined ? undefined : parseNumber('--clearance', flags.clearance, { min: 0 });
      const angleTolerance = flags.angleTolerance === undefined ? undefined : (parseNumber('--angle-tolerance', flags.angleTolerance, { min: 0 }) * Math.PI) / 180;
      if (angleTolerance !== undefined && angleTolerance > Math.PI / 4) throw new SurfcdError('INVALID_OPTION', `--angle-tolerance: expected at most 45 degrees, got ${flags.angleTolerance}`);
      checkReviewFlags(flags);
      const accepted = await readAcceptFile(flags.accept);
      const previousIds = await readPreviousIds(flags.previous);
      const load = loadOptions(flags, file);
      const extra: LoadedPlugin[] = [];
      for (const path of flags.plugin) extra.push(await loadPlugin(path));
      extra.forEach(watchPlugin);
      const plugins = pluginsFor({ plugins: extra });
      const reporter = (BUILT_IN_FORMATS as readonly string[]).includes(flags.format) ? null : plugins.find((p) => Object.hasOwn(p.reporters, flags.format));
      if (reporter === undefined) {
        const added = plugins.flatMap((p) => Object.keys(p.reporters));
        throw new SurfcdError('INVALID_OPTION', `--format: expected one of ${[...BUILT_IN_FORMATS, ...added].join(', ')}, got "${flags.format}"`);
      }

      const [loaded, loadMs] = await timed(`loading ${file}`, () => openAssembly(file, load));
      const assembly = loaded.assembly;
      reportWarnings(assembly, flags.strict);
      const select = selectionOf(assembly, flags);
      const [recognized, recognizeMs] = await timed('recognising constraints', () =>
        recognizeConstraints(assembly, { tolerance, plugins: extra, ...(select ? { select } : {}), ...(clearance !== undefined ? { clearance } : {}), ...(angleTolerance !== undefined ? { angleTolerance } : {}) }),
      );
      // the same verdict as `contacts` on every pair: its interferences, with the same tolerance and sets
      const [found, contactsMs] = await timed('finding interferences', () => findContacts(assembly, { tolerance, memo: loaded.memo, ...(select ? { select } : {}) }));
      const { review, exitCode } = reviewInterferences(assembly, found, flags, { accepted, previousIds, memo: loaded.memo });
      const report = annotateConstraints(recognized, review.interferences);
      // Keep the surface kinds just fitted in the cache entry, so the next run skips the fitting.
      await updateAssemblyCache(loaded);
      let text: string;
      if (reporter) {
        try {
          text = reporter.reporters[flags.format]!(report, assembly);
        } catch (error) {
          throw new SurfcdError('PLUGIN_FAILED', `plugin "${reporter.name}" (${reporter.source}): reporter "${flags.format}" threw ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        if (typeof text !== 'string') throw new SurfcdError('PLUGIN_FAILED', `plugin "${reporter.name}" (${reporter.source}): reporter "${flags.format}" returned ${typeof text}, expected a string`);
      } else if (flags.format === 'json') text = constraintsJson(assembly, report, { review });
      else if (flags.format === 'csv') text = constraintsCsv(report, plugins);
      else if (flags.format === 'md') text = constraintsMarkdown(assembly, report, plugins, review);
      else text = constraintsTable(assembly, report, plugins, review);
      await checkEscapes(); // a plugin's stray timer or rejection fails the run before anything is written
      await emit(text, flags.out);
      reportTimings(flags, { load: loadMs, constraints: recognizeMs, contacts: contactsMs });
      outcome.exitCode = Math.max(outcome.exitCode, exitCode);
    });
}
