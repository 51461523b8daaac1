import { afterEach, beforeEach, vi } from 'vitest';

/** Captures what the CLI writes to stdout / stderr during each test of the calling file. */
export function captureOutput(): { stdout: string; stderr: string } {
  const captured = { stdout: '', stderr: '' };
  beforeEach(() => {
    captured.stdout = '';
    captured.stderr = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      captured.stdout += String(chunk);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      captured.stderr += String(chunk);
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return captured;
}
