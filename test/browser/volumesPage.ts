// The page side of test/browser/volumes.test.ts: the core (meshes into parts) and the
// volumes entry (manifold-3d started by the page), exposed as a global for page.evaluate.
import { partFromMesh } from '../../src/core.js';
import * as volumes from '../../src/volumes.js';

(globalThis as unknown as { surfcd: unknown }).surfcd = { ...volumes, partFromMesh };
