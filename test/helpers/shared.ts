import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
export const projectRoot = resolve(here, '../..');
/** Real CAD test assemblies live beside the project, never inside it (a user clone has no ../shared: such tests skip visibly). */
export const sharedStepDir = resolve(projectRoot, '../shared/data/step');
export const hasSharedData = existsSync(resolve(sharedStepDir, 'as1-oc-214.stp'));
export const sharedStep = (name: string): string => resolve(sharedStepDir, name);
export const sample = (name: string): string => resolve(projectRoot, 'samples', name);
export const fixture = (name: string): string => resolve(projectRoot, 'test/fixtures', name);

/** describe() that skips visibly (with the reason in its title) when ../shared is absent. */
export const describeShared = (title: string, body: () => void): void => {
  if (hasSharedData) describe(title, body);
  else describe.skip(`${title} [skipped: ../shared/data/step not found]`, body);
};
