/**
 * Import progress on stderr. On a terminal: the phase on the status line, and a cli-progress
 * bar (fixed total, ETA) for the per-part phases. Elsewhere (logs, CI): one plain line per
 * finished phase, but only once the import has done enough work for a person to wonder, so
 * short imports stay quiet. That is measured in CPU time, not wall time: on a loaded machine
 * a two-box file can take seconds of wall time, and its stderr must stay the same. occt's meshing is one blocking call that reports nothing: its
 * line gives an estimate with its basis (meshEstimate.ts) instead of a bar.
 */
import type { SingleBar } from 'cli-progress';
import type { ImportPhase, ImportProgress, ImportProgressListener } from '../import/progress.js';

const WHAT: Record<ImportPhase, string> = {
  read: 'reading',
  mesh: 'meshing with OpenCascade (one call, no progress until it returns)',
  build: 'building parts',
  index: 'indexing parts',
  measure: 'measuring surfaces for the cache',
};
/** Plain lines start after this much CPU time (OpenCascade's start-up alone is up to ~1.5 s), so quick imports print nothing. */
const QUIET_CPU_MS = 3000;

const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

export function importProgress(file: string, stream: NodeJS.WriteStream = process.stderr): ImportProgressListener {
  return stream.isTTY ? terminalProgress(file, stream) : plainProgress(file, stream);
}

/** "about 8 s (16,459 points at 0.50 ms each)": occt's call cannot report, so its ETA is an estimate with its basis (meshEstimate.ts). */
export function meshEstimateText(p: ImportProgress): string | null {
  if (p.estimateMs === undefined || p.points === undefined || p.msPerPoint === undefined) return null;
  const seconds = p.estimateMs / 1000;
  return `about ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s (${p.points.toLocaleString('en-US')} points at ${p.msPerPoint.toPrecision(2)} ms each)`;
}

/** A plain line says the mesh phase has started only when it is expected to take this long. */
const ANNOUNCE_MESH_MS = 10_000;

function plainProgress(file: string, stream: NodeJS.WriteStream): ImportProgressListener {
  let cpuStart = -1, phaseStart = 0;
  let meshEstimate: number | undefined;
  return (p: ImportProgress) => {
    const { phase, done, total } = p;
    const now = performance.now();
    if (cpuStart < 0) cpuStart = cpuMs();
    if (done === 0) phaseStart = now;
    if (phase === 'mesh' && done === 0) {
      meshEstimate = p.estimateMs;
      const estimate = meshEstimateText(p);
      if (estimate && p.estimateMs! >= ANNOUNCE_MESH_MS) stream.write(`surfcd: ${file}: meshing with OpenCascade, ${estimate}\n`);
    }
    if (done !== total || cpuMs() - cpuStart < QUIET_CPU_MS) return;
    const what = phase === 'mesh' ? 'meshed by OpenCascade' : `${WHAT[phase]}${phase === 'read' ? '' : `: ${total} parts`}`;
    const estimated = phase === 'mesh' && meshEstimate !== undefined ? ` (estimated ${(meshEstimate / 1000).toFixed(1)} s)` : '';
    stream.write(`surfcd: ${file}: ${what} in ${((now - phaseStart) / 1000).toFixed(1)} s${estimated}\n`);
  };
}

function terminalProgress(file: string, stream: NodeJS.WriteStream): ImportProgressListener {
  // Loaded only here: a cache hit or a pipe never pays for the bar library.
  let Bar: typeof SingleBar | null = null;
  void import('cli-progress').then((m) => (Bar = m.default.SingleBar), () => undefined);
  let bar: SingleBar | null = null;
  let current: ImportPhase | null = null;
  return (p: ImportProgress) => {
    const { phase, done, total } = p;
    if (phase !== current) {
      bar?.stop();
      bar = null;
      current = phase;
      if (total > 1 && Bar) {
        bar = new Bar({ format: `${file}: ${WHAT[phase]} {bar} {value}/{total} | ETA {eta_formatted}`, stream, hideCursor: true, clearOnComplete: true, etaBuffer: 20 });
        bar.start(total, done);
      } else {
        const estimate = phase === 'mesh' ? meshEstimateText(p) : null;
        stream.write(`\r\x1b[K${file}: ${estimate ? `meshing with OpenCascade, ${estimate}, one call that reports nothing until it returns` : WHAT[phase]}…`);
      }
    } else bar?.update(done);
    if (done === total) {
      bar?.stop();
      bar = null;
    }
  };
}
