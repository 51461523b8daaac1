// Shared helpers of the benchmark suite: paths, timing, statistics, tables.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the nearest folder above this file whose package.json is surfcd's
 * (works from src and dist); SURFCD_ROOT overrides it (for a build outside the tree).
 */
export const projectRoot: string = (() => {
  if (process.env.SURFCD_ROOT) return resolve(process.env.SURFCD_ROOT);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = resolve(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'surfcd') return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('bench: cannot find the surfcd project root above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
})();

/** CAx-IF assemblies live beside the project in ../shared; benchmarks that need them skip visibly without. */
export const sharedStepDir = resolve(projectRoot, '../shared/data/step');
export const sharedStep = (name: string): string => resolve(sharedStepDir, name);
export const hasShared = (): boolean => existsSync(sharedStep('as1-oc-214.stp'));
export const samplePath = (name: string): string => resolve(projectRoot, 'samples', name);

/** Full collection between measurements, so one run's garbage is not collected during the next. */
export function settle(): void {
  // globalThis.gc is present when node runs with --expose-gc (the bench script does).
  globalThis.gc?.();
}

export interface Summary {
  median: number;
  min: number;
  max: number;
  /** Number of measured runs (after warm-up). */
  n: number;
}

export function summarize(values: number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  const median = n === 0 ? NaN : n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
  return { median, min: s[0] ?? NaN, max: s[n - 1] ?? NaN, n };
}

/**
 * Runs `run` `warmup` times unmeasured, then `repeats` times; each run returns its own
 * figure (e.g. µs per query). A full GC precedes every run and is not timed.
 */
export function sample(run: () => number, warmup: number, repeats: number): Summary {
  for (let i = 0; i < warmup; i++) {
    settle();
    run();
  }
  const values: number[] = [];
  for (let i = 0; i < repeats; i++) {
    settle();
    values.push(run());
  }
  return summarize(values);
}

/**
 * Like `sample` for several contenders at once, interleaved: every round runs each of
 * them once (in rotating order), so a burst of load from elsewhere on the machine hits
 * all of them alike and their ratios stay fair.
 */
export function sampleInterleaved(runs: (() => number)[], warmup: number, repeats: number): Summary[] {
  const values: number[][] = runs.map(() => []);
  for (let round = 0; round < warmup + repeats; round++) {
    for (let j = 0; j < runs.length; j++) {
      const i = (j + round) % runs.length;
      settle();
      const v = runs[i]!();
      if (round >= warmup) values[i]!.push(v);
    }
  }
  return values.map(summarize);
}

/** Consumed results, so the JIT cannot drop a query whose answer nobody reads. */
export const sink = { value: 0 };

/** Least-squares slope of log(y) against log(x): the growth exponent. NaN with fewer than 2 usable points. */
export function logLogSlope(xs: number[], ys: number[]): number {
  const pts = xs.map((x, i) => [x, ys[i]!] as const).filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(x) && Number.isFinite(y));
  if (pts.length < 2) return NaN;
  const lx = pts.map(([x]) => Math.log(x)), ly = pts.map(([, y]) => Math.log(y));
  const mx = lx.reduce((a, b) => a + b, 0) / lx.length, my = ly.reduce((a, b) => a + b, 0) / ly.length;
  let num = 0, den = 0;
  for (let i = 0; i < lx.length; i++) {
    num += (lx[i]! - mx) * (ly[i]! - my);
    den += (lx[i]! - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

/** A number with about 3 significant digits (no exponent for ordinary magnitudes). */
export function fmt(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? '–' : String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 10 ** digits) return Math.round(v).toLocaleString('en-US');
  if (a < 1e-3) return v.toExponential(1);
  return Number(v.toPrecision(digits)).toString();
}

/** "median [min–max]" */
export function fmtSummary(s: Summary, digits = 3): string {
  return `${fmt(s.median, digits)} [${fmt(s.min, digits)}–${fmt(s.max, digits)}]`;
}

export function fmtRatio(v: number): string {
  return Number.isFinite(v) ? `${v >= 10 ? v.toFixed(1) : v.toFixed(2)}×` : '–';
}

export function fmtInt(v: number): string {
  return Math.round(v).toLocaleString('en-US');
}

/** Aligned text table; columns whose cells mostly start with a digit are right-aligned. */
export function table(title: string, header: string[], rows: string[][]): string {
  const cells = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => [...(r[c] ?? '')].length)));
  const numeric = header.map((_, c) => rows.filter((r) => /^[-+]?[\d.]/.test(r[c] ?? '')).length > rows.length / 2);
  const line = (r: string[]): string =>
    r
      .map((cell, c) => {
        const pad = ' '.repeat(widths[c]! - [...cell].length);
        return numeric[c] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [`\n${title}`, line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n') + '\n';
}

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  v8: string;
  platform: string;
  memoryGiB: number;
  freeMemoryGiB: number;
  loadAverage: number[];
}

export function machine(): Machine {
  const c = cpus();
  return {
    cpu: c[0]?.model?.trim() ?? 'unknown',
    cores: c.length,
    node: process.version,
    v8: process.versions.v8,
    platform: `${process.platform}-${process.arch}`,
    memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
    freeMemoryGiB: Number((freemem() / 2 ** 30).toFixed(1)),
    loadAverage: loadavg().map((v) => Number(v.toFixed(2))),
  };
}

/** A progress note on stderr, so stdout keeps only the tables. */
export function note(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
