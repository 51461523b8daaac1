import { expect } from 'vitest';
import { loadAssembly, SurfcdError, type Assembly } from '../../src/index.js';
import { fixture } from '../helpers/shared.js';

/** A file of the generated bad-input folder (scripts/generate-bad-inputs.mjs). */
export const bad = (name: string): string => fixture(`bad/${name}`);

/** loadAssembly must fail with a SurfcdError; returns it. */
export async function loadError(source: string | Uint8Array, options?: unknown): Promise<SurfcdError> {
  try {
    await loadAssembly(source, options as never);
  } catch (error) {
    expect(error).toBeInstanceOf(SurfcdError);
    return error as SurfcdError;
  }
  throw new Error('expected loadAssembly to fail');
}

export const codes = (assembly: Assembly): string[] => (assembly.warnings ?? []).map((w) => w.code);
