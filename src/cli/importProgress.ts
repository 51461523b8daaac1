/**
 * Import progress on stderr. On a terminal: the phase on the status line, and a cli-progress
 * bar (fixed total, ETA) for the per-part phases. Elsewhere (logs, CI): one plain line per
 * finished phase, but only once the import has done enough work for a person to wonder, so
 * short imports stay quiet. That is measured in CPU time, not wall time: on a loaded machine
 * a two-box file can take seconds of wall time, and its stderr must stay the same. occt's meshing is one blocking call that reports nothing; its
 * line says so instead of showing an ETA it cannot know.
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

function plainProgress(file: string, stream: NodeJS.WriteStream): ImportProgressListener {
  let cpuStart = -1, phaseStart = 0;
  return ({ phase, done, total }: ImportProgress) => {
    const now = performance.now();
    if (cpuStart < 0) cpuStart = cpuMs();
    if (done === 0) phaseStart = now;
    if (done !== total || cpuMs() - cpuStart < QUIET_CPU_MS) return;
    const what = phase === 'mesh' ? 'meshed by OpenCascade' : `${WHAT[phase]}${phase === 'read' ? '' : `: ${total} parts`}`;
    stream.write(`surfcd: ${file}: ${what} in ${((now - phaseStart) / 1000).toFixed(1)} s\n`);
  };
}

function terminalProgress(file: string, stream: NodeJS.WriteStream): ImportProgressListener {
  // Loaded only here: a cache hit or a pipe never pays for the bar library.
  let Bar: typeof SingleBar | null = null;
  void import('cli-progress').then((m) => (Bar = m.default.SingleBar), () => undefined);
  let bar: SingleBar | null = null;
  let current: ImportPhase | null = null;
  return ({ phase, done, total }: ImportProgress) => {
    if (phase !== current) {
      bar?.stop();
      bar = null;
      current = phase;
      if (total > 1 && Bar) {
        bar = new Bar({ format: `${file}: ${WHAT[phase]} {bar} {value}/{total} | ETA {eta_formatted}`, stream, hideCursor: true, clearOnComplete: true, etaBuffer: 20 });
        bar.start(total, done);
      } else stream.write(`\r\x1b[K${file}: ${WHAT[phase]}…`);
    } else bar?.update(done);
    if (done === total) {
      bar?.stop();
      bar = null;
    }
  };
}
