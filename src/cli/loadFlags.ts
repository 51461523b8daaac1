/**
 * The flags every command that reads a CAD file shares (deflections, limits, --strict,
 * --timings), validated before the file is read and named as the user typed them.
 */
import { Option, type Command } from 'commander';
import { SurfcdError } from '../errors.js';
import type { Pose } from '../math/rigid.js';
import type { AssemblyLoadOptions } from '../spatial/load.js';
import { addCacheOptions, cacheOf } from './cacheOption.js';
import { importProgress } from './importProgress.js';
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_TRIANGLES, MIN_ANGULAR_DEFLECTION } from '../import/limits.js';
import type { LoadOptions } from '../import/readAssembly.js';
import type { Assembly } from '../model/types.js';
import { parseChoice, parseNumber } from './output.js';

export interface LoadFlags {
  linearDeflection?: string;
  angularDeflection?: string;
  cadFormat?: string;
  maxTriangles?: string;
  maxFileBytes?: string;
  strict?: boolean;
  timings?: boolean;
  out?: string;
  cache?: string | boolean;
}

/** Tessellation and limit flags (what `report` and `view` take). */
export function addLoadFlags(command: Command): Command {
  return command
    .option('--linear-deflection <mm>', "max chordal deviation of the tessellation, mm (default: 0.1% of each part's size)")
    .option('--angular-deflection <rad>', `max angle between neighbouring facets, radians, ${MIN_ANGULAR_DEFLECTION} to π (default 0.5)`)
    .addOption(new Option('--cad-format <format>', 'force the input format instead of detecting it').choices(['step', 'iges', 'brep']))
    .option('--max-triangles <n>', `stop when the assembly has more triangles than this (default ${DEFAULT_MAX_TRIANGLES})`)
    .option('--max-file-bytes <n>', `refuse larger input files (default ${DEFAULT_MAX_FILE_BYTES})`);
}

/** Everything a command that loads a CAD file takes: load flags, cache, --strict, --timings. */
export function addLoadOptions(command: Command): Command {
  return addCacheOptions(addLoadFlags(command))
    .option('--strict', 'treat import warnings (parts without triangles, unresolved references, …) as errors (exit 1)')
    .option('--timings', 'print how long loading and the query took on stderr');
}

/** Load options (with the cache and import progress on stderr) from the flags; every problem is a usage error naming the flag. */
export function loadOptions(flags: LoadFlags, file?: string): AssemblyLoadOptions {
  if (flags.out !== undefined && flags.out.trim() === '') throw new SurfcdError('INVALID_OPTION', '--out: expected a file name, got ""');
  return { cache: cacheOf(flags), ...loadOptionsOf(flags), ...(file !== undefined ? { onProgress: importProgress(file) } : {}) };
}

/** Load options from the flags, checked before anything is read. */
export function loadOptionsOf(flags: LoadFlags): LoadOptions {
  const options: LoadOptions = {};
  if (flags.linearDeflection !== undefined) options.linearDeflection = parseNumber('--linear-deflection', flags.linearDeflection, { min: 0, exclusiveMin: true });
  if (flags.angularDeflection !== undefined) {
    const a = parseNumber('--angular-deflection', flags.angularDeflection, { min: 0, exclusiveMin: true });
    if (a < MIN_ANGULAR_DEFLECTION || a >= Math.PI) {
      throw new SurfcdError('INVALID_OPTION', `--angular-deflection: expected radians from ${MIN_ANGULAR_DEFLECTION} to below π (3.14159), got "${flags.angularDeflection}"`);
    }
    options.angularDeflection = a;
  }
  if (flags.cadFormat !== undefined) options.format = parseChoice('--cad-format', flags.cadFormat, ['step', 'iges', 'brep'] as const);
  if (flags.maxTriangles !== undefined) options.maxTriangles = parseCount('--max-triangles', flags.maxTriangles);
  if (flags.maxFileBytes !== undefined) options.maxFileBytes = parseCount('--max-file-bytes', flags.maxFileBytes);
  return options;
}

function parseCount(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value)) || Number(value) < 1) {
    throw new SurfcdError('INVALID_OPTION', `${name}: expected a whole number ≥ 1, got "${value}"`);
  }
  return Number(value);
}

/** Warnings go to stderr, one line each; with --strict they end the run with exit 1. */
export function reportWarnings(assembly: Assembly, strict: boolean | undefined): void {
  const warnings = assembly.warnings ?? [];
  for (const w of warnings) process.stderr.write(`surfcd: warning: ${w.message} [${w.code}]\n`);
  if (strict && warnings.length > 0) {
    throw new SurfcdError('STRICT_WARNINGS', `${assembly.source ?? assembly.name}: ${warnings.length} import warning(s) and --strict is set`);
  }
}

/**
 * Durations go to stderr, never into the data, so reports are byte-identical run to run:
 * with `--timings`, or by default under a table a person reads on the terminal.
 */
export function reportTimings(flags: LoadFlags & { format?: string }, timings: Record<string, number>): void {
  if (!flags.timings && !(flags.format === 'table' && flags.out === undefined)) return;
  process.stderr.write(`${Object.entries(timings).map(([k, ms]) => `${k} ${Math.round(ms * 10) / 10} ms`).join(', ')}\n`);
}

/** `--move <part>=<dx>,<dy>,<dz>` (repeatable) → column-major translation poses by part path. */
export function parseMoves(values: readonly string[]): Record<string, Pose> {
  const poses: Record<string, Pose> = {};
  for (const value of values) {
    const at = value.lastIndexOf('=');
    const d = at > 0 ? value.slice(at + 1).split(',').map((s) => (s.trim() === '' ? NaN : Number(s))) : [];
    if (at <= 0 || d.length !== 3 || !d.every(Number.isFinite)) {
      throw new SurfcdError('INVALID_OPTION', `--move: expected <part path>=<dx>,<dy>,<dz> in mm, got "${value}"`);
    }
    poses[value.slice(0, at)] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, d[0]!, d[1]!, d[2]!, 1];
  }
  return poses;
}
