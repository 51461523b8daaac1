/**
 * Progress of `surfcd disassemble` on stderr, over a fixed total (the parts to take out):
 * a bar with an ETA on a terminal, one plain line every few seconds otherwise (CI logs),
 * saying how many moves the replay blocked and the planner chose again.
 */
import { SingleBar } from 'cli-progress';
import type { DisassemblyStage } from '../simulate/removal.js';

/** Every this many ms, one plain progress line when stderr is not a terminal. */
const PLAIN_PROGRESS_MS = 5000;

export interface DisassemblyProgress {
  update(done: number, total: number, stage: DisassemblyStage): void;
  stop(): void;
}

/** What the count of parts out leaves unsaid: the moves chosen again after their replay was blocked. */
export function stageName(stage: DisassemblyStage): string {
  return stage.redone === 0 ? '' : `${stage.redone} move${stage.redone === 1 ? '' : 's'} chosen again after the replay blocked ${stage.redone === 1 ? 'it' : 'them'}`;
}

/**
 * The ETA: the time per part so far over the parts left.
 */
export function etaSeconds(elapsedSeconds: number, done: number, total: number): number | null {
  if (done <= 0 || total <= done) return done >= total ? 0 : null;
  return Math.round((elapsedSeconds / done) * (total - done));
}

export function disassemblyProgress(label: string, stream: NodeJS.WriteStream = process.stderr, now: () => number = () => performance.now()): DisassemblyProgress {
  const start = now();
  if (stream.isTTY) {
    const bar = new SingleBar({ format: `${label} {bar} {value}/{total} parts | ETA {etaText} {stage}`, stream, hideCursor: true, clearOnComplete: true });
    let started = false;
    return {
      update(done, total, stage) {
        const eta = etaSeconds((now() - start) / 1000, done, total);
        const payload = { stage: stage.redone ? `| ${stageName(stage)}` : '', etaText: eta === null ? '…' : `${eta} s` };
        if (!started) bar.start(total, done, payload);
        else bar.update(done, payload);
        started = true;
      },
      stop: () => started && bar.stop(),
    };
  }
  let last = start;
  let state: { done: number; total: number; stage: DisassemblyStage } | null = null;
  const line = (): void => {
    if (!state) return;
    last = now();
    const eta = etaSeconds((last - start) / 1000, state.done, state.total);
    const left = eta === null ? '' : `, about ${eta} s left`;
    const redone = state.stage.redone ? ` (${stageName(state.stage)})` : '';
    stream.write(`${label}: ${state.done}/${state.total} parts out after ${Math.round((last - start) / 1000)} s${left}${redone}\n`);
  };
  // A line every few seconds, also while one step takes long (when the sweeps run on workers, the timer fires).
  const timer = setInterval(() => now() - last >= PLAIN_PROGRESS_MS && line(), PLAIN_PROGRESS_MS / 5);
  timer.unref();
  return {
    update(done, total, stage) {
      state = { done, total, stage };
      if (now() - last >= PLAIN_PROGRESS_MS) line();
    },
    stop: () => clearInterval(timer),
  };
}
