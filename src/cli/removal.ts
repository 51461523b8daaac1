/** `surfcd removal` (which way can each part come out) and `surfcd disassemble` (in what order). */
import { availableParallelism } from 'node:os';
import { Command, Option } from 'commander';
import { SingleBar } from 'cli-progress';
import { resolvePoses } from '../model/poses.js';
import { SurfcdError } from '../errors.js';
import { loadAssembly } from '../spatial/load.js';
import type { Assembly } from '../model/types.js';
import type { SweepBatch, SweepUnit } from '../simulate/blocking.js';
import { DEFAULT_REMOVAL_TOLERANCE, DEFAULT_SPHERE_DIRECTIONS, disassemble, removalAnalysis } from '../simulate/removal.js';
import type { SweepPool } from '../simulate/sweepPool.js';
import { runSweepUnits, sweepContext } from '../simulate/sweepUnit.js';
import { disassemblyJson, disassemblyMarkdown, disassemblyTable, removalJson, removalMarkdown, removalTable } from '../report/removalReport.js';
import { writeFileAtomic } from '../report/writeOutput.js';
import { addLoadOptions, loadOptions, reportWarnings, type LoadFlags } from './loadFlags.js';
import { emit, parseChoice, parseNumber, status } from './output.js';
import { disassemblyProgress } from './disassemblyProgress.js';
import { matchPart, matchParts } from '../model/partSets.js';

const FORMATS = ['table', 'json', 'md'] as const;

/** Exit code of the last `disassemble` run: 3 when parts were left interlocked (read once by main). */
let pendingExitCode = 0;
export function takeRemovalExitCode(): number {
  const code = pendingExitCode;
  pendingExitCode = 0;
  return code;
}

interface CommonFlags extends LoadFlags {
  directions: string;
  tolerance: string;
  jobs?: string;
  format: string;
  out?: string;
}

function common(command: Command): Command {
  return addLoadOptions(
    command
      .option('--directions <n>', 'even samples of the sphere tried after the constraint and axis directions (26: the cube lattice)', String(DEFAULT_SPHERE_DIRECTIONS))
      .option('-t, --tolerance <mm>', 'contact tolerance, as in `surfcd contacts`', String(DEFAULT_REMOVAL_TOLERANCE))
      .option('-j, --jobs <n>', 'worker threads for the sweeps (default: the number of cores)')
      .addOption(new Option('--format <format>', 'output format').choices([...FORMATS]).default('table'))
      .option('-o, --out <file>', 'write the report to a file instead of stdout'),
  );
}

function parseCommon(flags: CommonFlags): { sphere: number; tolerance: number; jobs: number; format: (typeof FORMATS)[number] } {
  const sphere = parseNumber('--directions', flags.directions, { min: 0 });
  if (!Number.isInteger(sphere) || sphere > 10_000) throw new SurfcdError('INVALID_OPTION', `--directions: expected an integer from 0 to 10000, got "${flags.directions}"`);
  const tolerance = parseNumber('--tolerance', flags.tolerance, { min: 0 });
  const jobs = flags.jobs === undefined ? Math.max(1, availableParallelism()) : parseNumber('--jobs', flags.jobs, { min: 1 });
  if (!Number.isInteger(jobs) || jobs > 256) throw new SurfcdError('INVALID_OPTION', `--jobs: expected an integer from 1 to 256, got "${flags.jobs}"`);
  return { sphere, tolerance, jobs, format: parseChoice('--format', flags.format, FORMATS) };
}

/** A batch of fewer units than this runs in this thread: starting the pool (the assembly cloned into each worker) costs more than it saves. */
const POOL_MIN_UNITS = 8;

/**
 * A sweep engine that shows a progress bar on a TTY: this thread for --jobs 1 and for small
 * batches, a worker pool (started on the first batch big enough) for the rest. A unit's
 * outcome is the same wherever it runs.
 */
async function sweeper(assembly: Assembly, tolerance: number, jobs: number, showBar = true): Promise<{ sweep: SweepBatch; close: () => Promise<void>; done: () => void }> {
  const poses = resolvePoses(assembly, undefined);
  const inThread = sweepContext(assembly, poses, tolerance);
  let pool: SweepPool | null = null;
  // The engine for a batch of `count` units. The worker pool library is loaded only when workers are needed (start-up cost of every command).
  const engineFor = async (count: number): Promise<SweepBatch> => {
    if (jobs <= 1 || count < POOL_MIN_UNITS) return (units) => runSweepUnits(inThread, units);
    pool ??= (await import('../simulate/sweepPool.js')).createSweepPool(assembly, poses, tolerance, jobs);
    return pool.sweep;
  };
  const inner: SweepBatch = async (units) => (await engineFor(units.length))(units);
  const close = async (): Promise<void> => pool?.close();
  if (!process.stderr.isTTY || !showBar) return { sweep: inner, close, done: () => undefined };
  const bar = new SingleBar({ format: 'sweeping {bar} {value}/{total} part-direction units', stream: process.stderr, hideCursor: true, clearOnComplete: true });
  let started = false;
  const sweep: SweepBatch = async (units) => {
    if (!started) bar.start(units.length, 0);
    else bar.setTotal(bar.getTotal() + units.length);
    started = true;
    const engine = await engineFor(units.length);
    const chunk = Math.max(1, Math.ceil(units.length / 50));
    const out = [];
    for (let k = 0; k < units.length; k += chunk) {
      const part: SweepUnit[] = units.slice(k, k + chunk) as SweepUnit[];
      out.push(...(await engine(part)));
      bar.increment(part.length);
      await new Promise((r) => setImmediate(r));
    }
    return out;
  };
  return { sweep, close, done: () => started && bar.stop() };
}

/** Loads the assembly (warnings on stderr), runs `work` with the sweep engine, and always closes the pool. */
async function withSweeps(
  file: string,
  flags: CommonFlags,
  opts: { tolerance: number; jobs: number },
  work: (assembly: Assembly, sweep: SweepBatch, done: () => void) => Promise<void>,
  sweepBar = true,
): Promise<void> {
  const stop = status(`loading ${file}`);
  const assembly = await loadAssembly(file, loadOptions(flags, file)).finally(stop);
  reportWarnings(assembly, flags.strict);
  const engine = await sweeper(assembly, opts.tolerance, opts.jobs, sweepBar);
  try {
    await work(assembly, engine.sweep, engine.done);
  } finally {
    engine.done();
    await engine.close();
  }
}

export function registerRemovalCommands(program: Command): void {
  common(
    program
      .command('removal')
      .description('for each part (or --part), the directions it can be taken out along, and for blocked ones the part in the way')
      .argument('<file>', 'STEP, IGES or BREP file')
      .addOption(new Option('--part <path>', 'a part or product node path (repeatable; default: every part)').argParser((v: string, prev: string[]) => [...prev, v]).default([], 'every part')),
  ).action(async (file: string, flags: CommonFlags & { part: string[] }) => {
    const opts = parseCommon(flags);
    await withSweeps(file, flags, opts, async (assembly, sweep, done) => {
      const named = flags.part.flatMap((pattern: string) => (assembly.parts.some((p) => p.path === pattern) ? [pattern] : matchParts(assembly, pattern, { what: '--part' }).map((p) => p.path)));
      const results = await removalAnalysis(assembly, named.length ? [...new Set(named)] : null, { directions: opts.sphere, tolerance: opts.tolerance, sweep });
      done();
      const text = opts.format === 'json' ? removalJson(assembly, results, { tolerance: opts.tolerance, sphere: opts.sphere }) : opts.format === 'md' ? removalMarkdown(assembly, results) : removalTable(assembly, results);
      await emit(text, flags.out);
    });
  });

  common(
    program
      .command('disassemble')
      .description('a disassembly sequence: which part comes out next, which way, and why; written as a replayable motion script with --script-out')
      .argument('<file>', 'STEP, IGES or BREP file')
      .option('--base <path>', 'the part that stays to the end (default: the largest part)')
      .option('--script-out <file>', 'write the sequence as a surfcd/motion@1 script for `surfcd simulate`'),
  ).action(async (file: string, flags: CommonFlags & { base?: string; scriptOut?: string }) => {
    const opts = parseCommon(flags);
    if (flags.scriptOut === '') throw new SurfcdError('INVALID_OPTION', '--script-out: expected a file name');
    await withSweeps(file, flags, opts, async (assembly, sweep, done) => {
      // Progress in parts taken out (a fixed total), not in sweep units (whose number grows as the plan goes).
      const progress = disassemblyProgress('disassembling');
      const result = await disassemble(assembly, { directions: opts.sphere, tolerance: opts.tolerance, onStep: progress.update, ...(flags.base !== undefined ? { base: matchPart(assembly, flags.base, '--base').path } : {}), sweep }).finally(progress.stop);
      done();
      if (flags.scriptOut) {
        await writeFileAtomic(flags.scriptOut, `${JSON.stringify(result.script, null, 2)}\n`);
        process.stderr.write(`wrote ${flags.scriptOut}\n`);
      }
      const text = opts.format === 'json' ? disassemblyJson(assembly, result) : opts.format === 'md' ? disassemblyMarkdown(assembly, result) : disassemblyTable(assembly, result);
      await emit(text, flags.out);
      if (result.interlock) pendingExitCode = 3;
    }, false);
  });
}
