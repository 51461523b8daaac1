// A many-part assembly with known constraints, by construction ("144-part
// assembly" is not in the test data): every bundled sample, each placed `copies` times side
// by side on a grid far enough apart that no two modules touch or come within any rule's
// reach. Its constraints must therefore be, module by module, those of the sample alone.
import { createPart } from '../../../src/model/part.js';
import type { Assembly, Part } from '../../../src/model/types.js';
import type { Constraint } from '../../../src/constraints/types.js';

export interface Module {
  /** Sample name, e.g. `rig`. */
  name: string;
  assembly: Assembly;
}

/** Gap between grid cells beyond the largest module (mm): far above any rule's clearance. */
const GAP = 200;

/** The modules laid out `copies` times on a grid; part paths `<sample>#<copy>/<path>`. */
export function fleet(modules: Module[], copies: number): Assembly {
  let cell = 0;
  for (const m of modules) for (const p of m.assembly.parts) cell = Math.max(cell, p.bounds[3]! - p.bounds[0]!, p.bounds[4]! - p.bounds[1]!);
  cell += GAP;
  const count = modules.length * copies;
  const columns = Math.ceil(Math.sqrt(count));
  const parts: Part[] = [];
  let k = 0;
  for (let c = 0; c < copies; c++) {
    for (const m of modules) {
      const dx = (k % columns) * cell, dy = Math.floor(k / columns) * cell;
      k++;
      for (const p of m.assembly.parts) parts.push(movedCopy(p, `${m.name}#${c + 1}/${p.path}`, dx, dy, parts.length));
    }
  }
  return { name: `fleet of ${count} modules`, units: 'mm', root: { name: 'fleet', path: '', children: [], parts: parts.map((_, i) => i) }, parts };
}

/** A fresh, unindexed, unfitted part: the same mesh moved by (dx, dy, 0). */
function movedCopy(p: Part, path: string, dx: number, dy: number, index: number): Part {
  const positions = new Float64Array(p.positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    positions[i] = p.positions[i]! + dx;
    positions[i + 1] = p.positions[i + 1]! + dy;
    positions[i + 2] = p.positions[i + 2]!;
  }
  return createPart({
    name: p.name, path, index, positions, indices: p.indices, normals: p.normals,
    surfaces: p.surfaces.map((s) => ({ first: s.firstTriangle, last: s.firstTriangle + s.triangleCount - 1 })),
    ...(p.deflection !== undefined ? { deflection: p.deflection } : {}),
  });
}

/** A constraint as comparable text: kind, the two part paths (module prefix removed) and surfaces. */
export function constraintKey(c: Constraint, strip = (path: string) => path): string {
  return `${c.kind} ${strip(c.partA)}[${c.surfacesA.join(',')}] ${strip(c.partB)}[${c.surfacesB.join(',')}]`;
}

/**
 * Differences between the fleet's constraints and each module's own (alone), as lines
 * `<module>#<copy>: missing|extra <key>`, plus any constraint between two modules.
 */
export function fleetDifferences(found: Constraint[], alone: Map<string, Constraint[]>, copies: number): string[] {
  const byModule = new Map<string, string[]>();
  const out: string[] = [];
  for (const c of found) {
    const ma = c.partA.slice(0, c.partA.indexOf('/')), mb = c.partB.slice(0, c.partB.indexOf('/'));
    if (ma !== mb) {
      out.push(`between modules: ${constraintKey(c)}`);
      continue;
    }
    const list = byModule.get(ma) ?? [];
    list.push(constraintKey(c, (p) => p.slice(ma.length + 1)));
    byModule.set(ma, list);
  }
  for (const [name, own] of alone) {
    const want = own.map((c) => constraintKey(c));
    for (let copy = 1; copy <= copies; copy++) {
      const m = `${name}#${copy}`;
      const got = byModule.get(m) ?? [];
      for (const key of new Set([...want, ...got])) {
        const d = got.filter((g) => g === key).length - want.filter((w) => w === key).length;
        if (d !== 0) out.push(`${m}: ${d > 0 ? 'extra' : 'missing'} ${d > 1 || d < -1 ? `${Math.abs(d)}× ` : ''}${key}`);
      }
    }
  }
  return out.sort();
}
