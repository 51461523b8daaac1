/** Where browser tests leave their screenshots: test-artifacts/ (gitignored), for people to look at. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './shared.js';

export function artifactPath(name: string): string {
  const dir = join(projectRoot, 'test-artifacts');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
