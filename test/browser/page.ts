// The page-side code of the browser tests: the browser-safe core and the worker client,
// exposed as a global for page.evaluate. Bundled by test/helpers/browserPage.ts (test/browser/worker.test.ts).
import * as core from '../../src/core.js';
import { createWebAssemblyWorker } from '../../src/worker.js';

(globalThis as unknown as { surfcd: unknown }).surfcd = { ...core, createWebAssemblyWorker };
