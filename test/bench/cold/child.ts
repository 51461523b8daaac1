// One cold measurement in a fresh process (spawned by scenarios/cold.ts), because the CLI
// always runs cold: `node child.js <task> <file> [distRoot]`, prints one JSON line.
//   build-surfcd <meshes.bin>  createPart + indexPart of every mesh (surface trees; triangle trees are lazy)
//   build-surfcd-full <meshes.bin>  the same plus every triangle tree (what the cache stores)
//   build-peer   <meshes.bin>  three-mesh-bvh's MeshBVH of every mesh
//   query-surfcd <meshes.bin>  createPart + indexPart, then every part pair once at rest (collide, all-surfaces)
//   query-peer   <meshes.bin>  MeshBVH of every mesh, then every pair once (bvhcast, every crossing triangle pair)
//   import       <cad file>    loadAssembly without cache (occt-import-js + indexing)
//   reopen       <cad file> <cache dir>  loadAssembly through the cache (a hit)
//   cli          <cad file> <cache dir>  the whole `surfcd contacts` process (the bundled bin)
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readMeshes } from './meshFile.js';

const [task, file, extra, distRoot] = process.argv.slice(2);
const root = distRoot ? resolve(distRoot) : resolve(new URL('../../..', import.meta.url).pathname);
const lib = async <T>(path: string): Promise<T> => (await import(pathToFileURL(resolve(root, path)).href)) as T;

/** Time since `start` as wall ms and CPU ms of this process (user + system: fairer on a busy machine). */
let cpu0 = process.cpuUsage();
let wall0 = 0;
function start(): void {
  cpu0 = process.cpuUsage();
  wall0 = performance.now();
}
function stop(): { ms: number; cpuMs: number } {
  const c = process.cpuUsage(cpu0);
  return { ms: performance.now() - wall0, cpuMs: (c.user + c.system) / 1000 };
}

async function main(): Promise<{ ms: number; cpuMs: number }> {
  if (task === 'query-surfcd' || task === 'query-peer') return coldQueries(task === 'query-peer');
  if (task === 'build-surfcd' || task === 'build-surfcd-full' || task === 'build-peer') {
    const meshes = readMeshes(readFileSync(file!));
    if (task !== 'build-peer') {
      const { createPart } = await lib<typeof import('../../../src/model/part.js')>('src/model/part.js');
      const spatial = await lib<typeof import('../../../src/spatial/indexPart.js')>('src/spatial/indexPart.js');
      // A base build from before lazy triangle trees has no indexPartFully: its indexPart was full.
      const index = task === 'build-surfcd-full' ? (spatial.indexPartFully ?? spatial.indexPart) : spatial.indexPart;
      start();
      for (const m of meshes) index(createPart({ name: 'p', positions: m.positions, indices: m.indices, surfaces: m.surfaces }));
      return stop();
    }
    const { BufferAttribute, BufferGeometry } = await import('three');
    const { MeshBVH } = await import('three-mesh-bvh');
    start();
    for (const m of meshes) {
      const g = new BufferGeometry();
      g.setAttribute('position', new BufferAttribute(m.positions, 3));
      g.setIndex(new BufferAttribute(m.indices.slice(), 1));
      g.boundsTree = new MeshBVH(g);
    }
    return stop();
  }
  if (task === 'cli') {
    // `surfcd contacts <file> --cache <dir> --format csv`, whole process, as the installed bin
    // runs it (the bundle, dist/cli/surfcd.js; a build without one: dist/entries/cli.js's modules):
    // Node start-up, module loading and the command (performance.now() and cpuUsage() both
    // count from process start). The CSV goes to a file beside the cache (never --out a
    // device: surfcd refuses, and an atomic rename over /dev/null would replace it).
    const args = ['contacts', file!, '--cache', extra!, '--format', 'csv', '--out', `${extra!}/contacts.csv`];
    const bin = resolve(root, 'dist/cli/surfcd.js');
    if (existsSync(bin)) {
      // The bin exits the process itself: report from the exit event.
      process.argv = [process.argv[0]!, bin, ...args];
      process.on('exit', (code) => {
        if (code !== 0) return;
        const c = process.cpuUsage();
        process.stdout.write(JSON.stringify({ ms: performance.now(), cpuMs: (c.user + c.system) / 1000 }) + '\n');
      });
      await import(pathToFileURL(bin).href);
      return new Promise(() => {}); // never settles: the bin ends the process
    }
    await lib('entries/installFirstParty.js');
    const { main: cli } = await lib<typeof import('../../../src/cli/main.js')>('src/cli/main.js');
    const code = await cli(args);
    if (code !== 0) throw new Error(`surfcd contacts exited ${code}`);
    const c = process.cpuUsage();
    return { ms: performance.now(), cpuMs: (c.user + c.system) / 1000 };
  }
  const { loadAssembly } = await lib<typeof import('../../../src/index.js')>('src/index.js');
  start();
  await loadAssembly(file!, task === 'reopen' ? ({ cache: extra } as never) : {});
  return stop();
}

/**
 * A fresh process's first answer: every part built, then every part pair queried once at
 * rest (identity poses), so whatever either side builds lazily inside its first queries counts.
 */
async function coldQueries(peer: boolean): Promise<{ ms: number; cpuMs: number; hits: number }> {
  const meshes = readMeshes(readFileSync(file!));
  let hits = 0;
  if (!peer) {
    const { createPart } = await lib<typeof import('../../../src/model/part.js')>('src/model/part.js');
    const { indexPart } = await lib<typeof import('../../../src/spatial/indexPart.js')>('src/spatial/indexPart.js');
    const { collide } = await lib<typeof import('../../../src/collide/collide.js')>('src/collide/collide.js');
    const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    start();
    const parts = meshes.map((m) => indexPart(createPart({ name: 'p', positions: m.positions, indices: m.indices, surfaces: m.surfaces })));
    for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) hits += collide(parts[i]!, identity, parts[j]!, identity, { mode: 'all-surfaces' }).surfacePairs.length;
    return { ...stop(), hits };
  }
  const { BufferAttribute, BufferGeometry, Matrix4 } = await import('three');
  const { MeshBVH } = await import('three-mesh-bvh');
  const identity = new Matrix4();
  start();
  const bvhs = meshes.map((m) => {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(m.positions, 3));
    g.setIndex(new BufferAttribute(m.indices.slice(), 1));
    return new MeshBVH(g);
  });
  for (let i = 0; i < bvhs.length; i++) {
    for (let j = i + 1; j < bvhs.length; j++) {
      bvhs[i]!.bvhcast(bvhs[j]!, identity, {
        intersectsTriangles(t1, t2) {
          if (t1.intersectsTriangle(t2)) hits++;
          return false;
        },
      });
    }
  }
  return { ...stop(), hits };
}

main().then(
  (t) => process.stdout.write(JSON.stringify(t) + '\n'),
  (error: unknown) => {
    process.stderr.write(String(error instanceof Error ? error.stack : error) + '\n');
    process.exit(1);
  },
);
