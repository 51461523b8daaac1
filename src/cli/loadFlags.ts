/** The import flags every command that reads a CAD file takes, and their parsing. */
import { Option, type Command } from 'commander';
import type { LoadOptions } from '../import/readAssembly.js';
import { parseChoice, parseNumber } from './output.js';

export interface LoadFlags {
  linearDeflection?: string;
  angularDeflection?: string;
  cadFormat?: string;
}

export function addLoadFlags(command: Command): Command {
  return command
    .option('--linear-deflection <mm>', "max chordal deviation of the tessellation, mm (default: 0.1% of each part's size)")
    .option('--angular-deflection <rad>', 'max angle between neighbouring facets, radians (default 0.5)')
    .addOption(new Option('--cad-format <format>', 'force the input format instead of detecting it').choices(['step', 'iges', 'brep']));
}

export function loadOptionsFrom(flags: LoadFlags): LoadOptions {
  return {
    ...(flags.linearDeflection !== undefined ? { linearDeflection: parseNumber('--linear-deflection', flags.linearDeflection, { min: 0, exclusiveMin: true }) } : {}),
    ...(flags.angularDeflection !== undefined ? { angularDeflection: parseNumber('--angular-deflection', flags.angularDeflection, { min: 0, exclusiveMin: true }) } : {}),
    ...(flags.cadFormat !== undefined ? { format: parseChoice('--cad-format', flags.cadFormat, ['step', 'iges', 'brep'] as const) } : {}),
  };
}
