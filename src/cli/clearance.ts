/** `surfcd clearance <file> --min <mm>`: every part pair closer than a required gap, closest first. */
import cliProgress from 'cli-progress';
import { Option, type Command } from 'commander';
import { resolvePoses } from '../collide/findContacts.js';
import { SurfcdError } from '../errors.js';
import type { Assembly } from '../model/types.js';
import { DEFAULT_TOUCHING, findClearances, type ClearanceResult } from '../motion/clearances.js';
import { clearanceCsv, clearanceEntries, clearanceJson, clearanceMarkdown, clearanceTable, type ClearanceEntry } from '../report/clearanceReport.js';
import type { Pose } from '../math/rigid.js';
import type { PartSelection } from '../model/partSets.js';
import { loadAssembly } from '../spatial/load.js';
import { addSelectionOptions, selectionOf, type SelectionFlags } from './reviewOptions.js';
import { addLoadOptions, loadOptions, parseMoves, reportTimings, reportWarnings, type LoadFlags } from './loadFlags.js';
import { emit, parseNumber } from './output.js';

interface Flags extends LoadFlags, SelectionFlags {
  min?: string;
  tolerance: string;
  move: string[];
  format: 'table' | 'json' | 'csv' | 'md';
  out?: string;
}

/**
 * The required gap from `--min`: a finite number > 0, and no larger than the assembly itself
 * (beyond its diagonal every pair of parts is "too close" and the list says nothing).
 */
export function parseMinClearance(name: string, value: string | undefined, assembly?: Assembly): number {
  if (value === undefined) throw new SurfcdError('INVALID_OPTION', `${name} <mm> is required: the smallest gap parts may have`);
  const min = parseNumber(name, value, { min: 0, exclusiveMin: true });
  if (assembly) {
    const diagonal = assemblyDiagonal(assembly);
    if (min > diagonal) {
      throw new SurfcdError('INVALID_OPTION', `${name} ${value}: larger than the whole assembly (diagonal ${diagonal.toFixed(1)} mm), so every part pair would be listed; give a required gap below that`);
    }
  }
  return min;
}

function assemblyDiagonal(assembly: Assembly): number {
  const all = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (const p of assembly.parts) {
    if (p.indices.length === 0) continue;
    for (let k = 0; k < 3; k++) {
      all[k] = Math.min(all[k]!, p.bounds[k]!);
      all[k + 3] = Math.max(all[k + 3]!, p.bounds[k + 3]!);
    }
  }
  return all[0]! <= all[3]! ? Math.hypot(all[3]! - all[0]!, all[4]! - all[1]!, all[5]! - all[2]!) : 0;
}

/** The clearance query with a progress bar on a terminal (fixed total: the candidate pairs; ETA from cli-progress). */
export function runClearances(assembly: Assembly, options: { min: number; tolerance: number; poses?: Record<string, Pose>; select?: PartSelection }): { result: ClearanceResult; entries: ClearanceEntry[] } {
  const bar = process.stderr.isTTY ? new cliProgress.SingleBar({ format: 'clearance {bar} {value}/{total} part pairs  ETA {eta}s', stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic) : null;
  let started = false;
  let result: ClearanceResult;
  try {
    result = findClearances(assembly, {
      ...options,
      onProgress: (done, total) => {
        if (!bar) return;
        if (!started) { bar.start(total, 0); started = true; }
        bar.update(done);
      },
    });
  } finally {
    if (started) bar?.stop();
  }
  const poses = resolvePoses(assembly, options.poses);
  return { result, entries: clearanceEntries(assembly, result, poses) };
}

export function registerClearanceCommand(program: Command): Command {
  return addLoadOptions(
    addSelectionOptions(program
      .command('clearance'))
      .description('clearance verification: every part pair closer than --min without touching, closest first, with the gap, the closest points and surfaces (planes, cylinders and spheres measured on their fitted primitives)')
      .argument('<file>', 'STEP, IGES or BREP file')
      .option('--min <mm>', 'required gap (mm): list the part pairs closer than this')
      .option('-t, --tolerance <mm>', 'pairs this close or closer touch and are not listed', String(DEFAULT_TOUCHING))
      .addOption(
        new Option('--move <part=dx,dy,dz>', 'translate a part (mm) before checking (repeatable)')
          .argParser((value: string, previous: string[]) => [...previous, value])
          .default([], 'none'),
      )
      .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'csv', 'md']).default('table'))
      .option('-o, --out <file>', 'write the report to a file instead of stdout')
      .addHelpText('after', '\nExamples:\n  surfcd clearance gripper.step --min 2 --format csv --out gaps.csv\n  surfcd clearance gripper.step --min 1 --parts "*finger*" --against "*housing*"\nExit codes: 0 done (pairs found or not), 1 bad input, 2 bad usage.'),
  ).action(async (file: string, flags: Flags) => {
    parseMinClearance('--min', flags.min);
    const tolerance = parseNumber('--tolerance', flags.tolerance, { min: 0 });
    const poses = parseMoves(flags.move);
    const loadStart = performance.now();
    const assembly = await loadAssembly(file, loadOptions(flags));
    reportWarnings(assembly, flags.strict);
    const select = selectionOf(assembly, flags);
    const min = parseMinClearance('--min', flags.min, assembly);
    if (tolerance >= min) throw new SurfcdError('INVALID_OPTION', `--tolerance ${flags.tolerance}: must be below --min ${flags.min} (pairs this close touch)`);
    const queryStart = performance.now();
    const { result, entries } = runClearances(assembly, { min, tolerance, poses, ...(select ? { select } : {}) });
    const queryMs = performance.now() - queryStart;
    const text =
      flags.format === 'json' ? clearanceJson(assembly, result, entries)
        : flags.format === 'csv' ? clearanceCsv(entries)
          : flags.format === 'md' ? clearanceMarkdown(assembly, result, entries)
            : clearanceTable(assembly, result, entries);
    await emit(text, flags.out);
    reportTimings(flags, { load: queryStart - loadStart, clearance: queryMs });
  });
}
