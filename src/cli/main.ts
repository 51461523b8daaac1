#!/usr/bin/env node
import { Command, CommanderError, Option } from 'commander';
import { COLLIDE_MODES, type CollideMode } from '../collide/collide.js';
import { findContacts } from '../verdict/findContacts.js';
import { narrowPhaseNames } from '../collide/narrowPhases.js';
import { SurfcdError } from '../errors.js';
import { contactsCsv, contactsJson, contactsTable, interferenceOnly, withoutIgnored } from '../report/contactsReport.js';
import { DEFAULT_TOLERANCE } from '../model/tolerance.js';
import { addReviewOptions, checkReviewFlags, readAcceptFile, readPreviousIds, reviewInterferences, selectionOf, type ReviewFlags, type RunOutcome } from './reviewOptions.js';
import { recognizeFasteners } from '../constraints/fasteners.js';
import { inspectJson, inspectText } from '../report/inspectReport.js';
import { loadAssembly, openAssembly } from '../spatial/load.js';
import { updateAssemblyCache } from '../spatial/loadCached.js';
import { checkEscapes, guardPlugins, releasePlugins } from './guard.js';
import { addLoadOptions, loadOptions, reportTimings, reportWarnings, type LoadFlags } from './loadFlags.js';
import { emit, parseNumber, status } from './output.js';
import { interferenceVolumes } from './volumes.js';

async function timed<T>(message: string, work: () => Promise<T> | T): Promise<[T, number]> {
  const stop = status(message);
  const start = performance.now();
  const value = await work();
  stop();
  return [value, performance.now() - start];
}

/** A command (or two) defined in a module of its own, with its exit code when it sets one. */
interface CommandModule {
  register(program: Command, outcome: RunOutcome): unknown;
  takeExitCode?(): number;
}

/**
 * The commands beyond inspect and contacts, in help order. Each module is loaded only when
 * the command line names its command, or asks for the whole help (or names none we know):
 * a cold process pays to compile every module it loads, and `contacts` needs none of these.
 */
const COMMAND_MODULES: [names: string[], load: () => Promise<CommandModule>][] = [
  [['constraints'], async () => ({ register: (await import('./constraints.js')).registerConstraintsCommand })],
  [['removal', 'disassemble'], async () => {
    const m = await import('./removal.js');
    return { register: m.registerRemovalCommands, takeExitCode: m.takeRemovalExitCode };
  }],
  [['simulate'], async () => {
    const m = await import('./simulate.js');
    return { register: m.registerSimulateCommand, takeExitCode: m.takeSimulateExitCode };
  }],
  [['report'], async () => ({ register: (await import('./report.js')).registerReportCommand })],
  [['clearance'], async () => ({ register: (await import('./clearance.js')).registerClearanceCommand })],
  [['view'], async () => ({ register: (await import('./view.js')).registerViewCommand })],
  [['batch'], async () => (await import('./batch.js')).batchCommandModule()],
  [['worker'], async () => ({ register: (await import('./worker.js')).registerWorkerCommand })],
];
const OWN_COMMANDS = ['inspect', 'contacts'];

/** The commands `argv` needs: the one it names, or every command (help, version, a typo). */
async function commandModules(argv: readonly string[]): Promise<CommandModule[]> {
  const name = argv[0] ?? '';
  if (OWN_COMMANDS.includes(name)) return [];
  const named = COMMAND_MODULES.find(([names]) => names.includes(name));
  return Promise.all((named ? [named] : COMMAND_MODULES).map(([, load]) => load()));
}

function programWith(modules: CommandModule[], outcome: RunOutcome): Command {
  const program = new Command('surfcd')
    .description('Which CAD surfaces of which parts touch or intersect (S-CD surface collision detection)')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  addLoadOptions(
    program
      .command('inspect')
      .description('show the product tree and every part with its path, surfaces, triangles and bounds')
      .argument('<file>', 'STEP, IGES or BREP file')
      .addOption(new Option('--format <format>', 'output format').choices(['table', 'json']).default('table'))
      .option('--no-roles', 'skip fastener recognition (roles bolt, screw, nut, washer, stud, pin, rivet: fits every surface)')
      .option('-o, --out <file>', 'write the report to a file instead of stdout'),
  ).action(async (file: string, flags: LoadFlags & { format: string; out?: string; roles: boolean }) => {
    const load = loadOptions(flags, file);
    const [assembly, loadMs] = await timed(`loading ${file}`, () => loadAssembly(file, load));
    reportWarnings(assembly, flags.strict);
    const fasteners = flags.roles ? recognizeFasteners(assembly) : undefined;
    const text = flags.format === 'json' ? inspectJson(assembly, { fasteners }) : inspectText(assembly, fasteners);
    await emit(text, flags.out);
    reportTimings(flags, { load: loadMs });
  });

  addLoadOptions(
    addReviewOptions(program
      .command('contacts'))
      .description('list every pair of surfaces of different parts that touch or intersect, in the assembled state')
      .argument('<file>', 'STEP, IGES or BREP file')
      .option('-t, --tolerance <mm>', 'surfaces closer than this count as touching (the default of every command)', String(DEFAULT_TOLERANCE))
      .addOption(new Option('--mode <mode>', 'first-surface: one pair per part pair; all-surfaces: every surface pair').choices([...COLLIDE_MODES]).default('all-surfaces'))
      .addOption(new Option('--method <name>', 'narrow phase: scd (S-CD) or one a plugin adds (obbtree, boxtree, boxtree-paper, boxtree-paper-lite, boxtree-paper-sat); same answer, different speed').choices(narrowPhaseNames()).default('scd'))
      .option('--interference-only', 'list only interferences beyond the tessellation error: overlapping surface pairs, parts inside others, duplicates')
      .option('--previous <file>', 'an earlier `contacts --format json` (or `report --format json`) run, for --fail-on new')
      .option('--volumes', 'give each interference its volume (mm³) and centroid: exact (manifold-3d) for closed meshes, else a stated estimate')
      .addOption(new Option('--sort <order>', 'order of the part pairs: by class and depth, or largest interference volume first (implies --volumes)').choices(['parts', 'volume']).default('parts'))
      .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv']).default('table'))
      .option('-o, --out <file>', 'write the report to a file instead of stdout')
      .option('--queue [url]', 'split the part pairs over `surfcd worker` processes through a BullMQ queue on this Redis (redis://host:port; no value: $REDIS_URL); needs a --cache directory the workers share')
      .option('--chunk-pairs <n>', 'with --queue: candidate part pairs per job (default: about 64 jobs)'),
  ).action(async (file: string, flags: LoadFlags & ReviewFlags & { tolerance: string; mode: string; method: string; format: string; out?: string; previous?: string; interferenceOnly?: boolean; volumes?: boolean; sort: string; queue?: string | true; chunkPairs?: string }) => {
    const tolerance = parseNumber('--tolerance', flags.tolerance, { min: 0 });
    const mode = flags.mode as CollideMode;
    checkReviewFlags(flags);
    const accepted = await readAcceptFile(flags.accept);
    const previousIds = await readPreviousIds(flags.previous);
    const load = loadOptions(flags, file);
    const split = flags.queue !== undefined ? await (await import('./splitOption.js')).splitRunOf(flags, { tolerance, mode, method: flags.method }) : null;
    const [loaded, loadMs] = await timed(`loading ${file}`, () => openAssembly(file, load));
    const assembly = loaded.assembly;
    reportWarnings(assembly, flags.strict);
    const select = selectionOf(assembly, flags);
    if (split && select) throw new SurfcdError('INVALID_OPTION', '--queue: --parts and --against are not supported with a split run yet; run without --queue');
    const [found, queryMs] = await timed('finding contacts', () => (split ? split.run(loaded) : findContacts(assembly, { tolerance, mode, method: flags.method, memo: loaded.memo, ...(select ? { select } : {}) })));
    const { review, exitCode } = reviewInterferences(assembly, found, flags, { accepted, previousIds, memo: loaded.memo });
    await updateAssemblyCache(loaded); // keep the surface kinds the verdicts fitted
    const kept = withoutIgnored(found, review);
    const report = flags.interferenceOnly ? interferenceOnly(kept) : kept;
    const volumes = flags.volumes || flags.sort === 'volume' ? { volumes: await interferenceVolumes(assembly, report.pairs.filter((p) => p.verdict === 'interference')), sortByVolume: flags.sort === 'volume' } : undefined;
    const text =
      flags.format === 'json'
        ? contactsJson(assembly, report, { mode, interferenceOnly: flags.interferenceOnly ?? false, review, ...(volumes ? { volumes } : {}) })
        : flags.format === 'csv'
          ? contactsCsv(assembly, report, review, volumes)
          : contactsTable(assembly, report, review, volumes);
    await emit(text, flags.out);
    reportTimings(flags, { load: loadMs, contacts: queryMs });
    outcome.exitCode = Math.max(outcome.exitCode, exitCode);
  });
  for (const m of modules) m.register(program, outcome);
  return program;
}

/** Runs the CLI; returns the exit code (0 ok, 1 bad input, 2 bad usage, 3 expectation missed, 4 --fail-on found a clash, 70 internal error). */
export async function main(argv: string[]): Promise<number> {
  let modules: CommandModule[] = [];
  guardPlugins();
  try {
    modules = await commandModules(argv);
    const outcome: RunOutcome = { exitCode: 0 };
    await programWith(modules, outcome).parseAsync(argv, { from: 'user' });
    await checkEscapes();
    return Math.max(outcome.exitCode, ...modules.map((m) => m.takeExitCode?.() ?? 0));
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander already printed the message (or the help / version).
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof SurfcdError) {
      process.stderr.write(`surfcd: ${error.message.split('\n')[0]} [${error.code}]\n`);
      return error.code === 'INVALID_OPTION' ? 2 : 1;
    }
    process.stderr.write(`surfcd: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 70;
  } finally {
    releasePlugins();
  }
}
