/** The tessellation options every command that loads a CAD file takes (shared by `report` and `view`). */
import { Option, type Command } from 'commander';
import type { LoadOptions } from '../import/readAssembly.js';
import type { Pose } from '../math/rigid.js';
import { SurfcdError } from '../errors.js';
import { parseChoice, parseNumber } from './output.js';

export interface LoadFlags {
  linearDeflection?: string;
  angularDeflection?: string;
  cadFormat?: string;
}

export function loadOptionsOf(flags: LoadFlags): LoadOptions {
  return {
    ...(flags.linearDeflection !== undefined ? { linearDeflection: parseNumber('--linear-deflection', flags.linearDeflection, { min: 0, exclusiveMin: true }) } : {}),
    ...(flags.angularDeflection !== undefined ? { angularDeflection: parseNumber('--angular-deflection', flags.angularDeflection, { min: 0, exclusiveMin: true }) } : {}),
    ...(flags.cadFormat !== undefined ? { format: parseChoice('--cad-format', flags.cadFormat, ['step', 'iges', 'brep'] as const) } : {}),
  };
}

export function addLoadFlags(command: Command): Command {
  return command
    .option('--linear-deflection <mm>', "max chordal deviation of the tessellation, mm (default: 0.1% of each part's size)")
    .option('--angular-deflection <rad>', 'max angle between neighbouring facets, radians (default 0.5)')
    .addOption(new Option('--cad-format <format>', 'force the input format instead of detecting it').choices(['step', 'iges', 'brep']));
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
