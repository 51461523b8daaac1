import { SurfcdError } from '../errors.js';
import { writeFileAtomic } from '../report/writeOutput.js';

/** Data goes to --out (atomically) or stdout; messages go to stderr. */
export async function emit(content: string, out: string | undefined): Promise<void> {
  if (out !== undefined) {
    await writeFileAtomic(out, content);
    process.stderr.write(`wrote ${out}\n`);
  } else {
    process.stdout.write(content);
  }
}

/** A plain decimal number (12, 0.5, .5, 1e-3); not hex, octal, binary, "Infinity" or "". */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function parseNumber(name: string, value: string, { min = -Infinity, exclusiveMin = false } = {}): number {
  const n = Number(value);
  if (!DECIMAL.test(value.trim()) || !Number.isFinite(n) || n < min || (exclusiveMin && n === min)) {
    throw new SurfcdError('INVALID_OPTION', `${name}: expected a number ${exclusiveMin ? '>' : '≥'} ${min}, got "${value}"`);
  }
  return n;
}

export function parseChoice<T extends string>(name: string, value: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(value)) {
    throw new SurfcdError('INVALID_OPTION', `${name}: expected one of ${choices.join(', ')}, got "${value}"`);
  }
  return value as T;
}

/** A one-line status on stderr while a slow step runs, only when a person is watching. */
export function status(message: string): () => void {
  if (!process.stderr.isTTY) return () => undefined;
  process.stderr.write(`${message}…`);
  const start = performance.now();
  return () => process.stderr.write(`\r\x1b[K${message}: ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
}
