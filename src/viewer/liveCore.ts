/// <reference lib="dom" />
/**
 * The surfcd core running in the page for `surfcd view`: parts rebuilt from the payload's
 * triangles, and — each time a part moves — its contacts and constraints with the parts
 * its box reaches, turned into report items by the same model the HTML report uses.
 */
import { findContacts, recognizeConstraints, registeredPlugins, toRigid, type Assembly, type Constraint, type Part } from '../core.js';
import { describeConstraint } from '../constraints/recognize.js';
import { growAabb, transformAabb, type Aabb } from '../math/aabb.js';
import { createPart } from '../model/part.js';
import { indexPart } from '../spatial/indexPart.js';
import { buildReport, type ReportItem } from '../report/reportModel.js';
import type { DecodedPart } from './decode.js';

export interface LiveResult {
  /** Items between the moved part and the parts it reaches, at the new pose. */
  items: ReportItem[];
  /** The constraints recognized for those part pairs (for constrained drags). */
  constraints: Constraint[];
  interferes: boolean;
  /** Part pairs checked (their boxes overlap within the tolerance). */
  pairs: number;
  ms: number;
}

export class LiveCore {
  readonly parts: Part[];
  private readonly plugins = registeredPlugins();

  /** `clearance` null: by size (ISO 273 clearance holes), as `recognizeConstraints` does by default. */
  constructor(decoded: DecodedPart[], readonly name: string, readonly tolerance: number, readonly clearance: number | null) {
    this.parts = decoded.map((d, i) => {
      const surfaces = [];
      for (let s = 0; s < d.surfaces.length; s += 2) surfaces.push({ first: d.surfaces[s]!, last: d.surfaces[s]! + d.surfaces[s + 1]! - 1 });
      return indexPart(
        createPart({
          name: d.name,
          path: d.path,
          index: i,
          positions: Float64Array.from(d.positions),
          indices: d.indices,
          normals: d.normals,
          surfaces,
          ...(d.deflection !== null ? { deflection: d.deflection } : {}),
        }),
      );
    });
  }

  private sub(parts: Part[]): Assembly {
    return { name: this.name, units: 'mm', root: { name: this.name, path: '', children: [], parts: parts.map((_, i) => i) }, parts };
  }

  private worldBox(i: number, pose: ArrayLike<number>): Aabb {
    return growAabb(transformAabb(this.parts[i]!.bounds, toRigid(pose)), this.tolerance + 1e-6);
  }

  /**
   * Contacts (and, with `constraints`, constraints) of part `moving` at `poses[moving]`
   * against every other part in `others` whose box it reaches. Poses: column-major 4×4 by part index.
   */
  check(moving: number, poses: ArrayLike<number>[], others: readonly number[], constraints = true): LiveResult {
    const start = performance.now();
    const box = this.worldBox(moving, poses[moving]!);
    const items: ReportItem[] = [];
    const found: Constraint[] = [];
    let pairs = 0;
    for (const j of others) {
      if (j === moving) continue;
      const other = this.worldBox(j, poses[j]!);
      if (box[0]! > other[3]! || other[0]! > box[3]! || box[1]! > other[4]! || other[1]! > box[4]! || box[2]! > other[5]! || other[2]! > box[5]!) continue;
      pairs++;
      const sub = this.sub([this.parts[moving]!, this.parts[j]!]);
      const pose = { [this.parts[moving]!.path]: poses[moving]!, [this.parts[j]!.path]: poses[j]! };
      const contacts = findContacts(sub, { tolerance: this.tolerance, poses: pose });
      const recognized = constraints ? recognizeConstraints(sub, { tolerance: this.tolerance, poses: pose, ...(this.clearance !== null ? { clearance: this.clearance } : {}) }) : null;
      if (recognized) found.push(...recognized.constraints);
      items.push(...buildReport(sub, contacts, recognized, { poses: pose, describe: (c) => describeConstraint(c, this.plugins) }).items);
    }
    return { items, constraints: found, interferes: items.some((i) => i.kind === 'interference'), pairs, ms: performance.now() - start };
  }
}

/**
 * The poses of moved parts as a `surfcd/motion@1` script: per part, a rotation about an
 * axis through the origin (when it turned) then a straight translation, which together
 * take the part from where the file put it to its current pose.
 */
export function motionScript(assembly: string, moved: { path: string; pose: ArrayLike<number> }[]): string {
  const r6 = (x: number): number => Math.round(x * 1e6) / 1e6 || 0;
  const steps: unknown[] = [];
  for (const { path, pose: m } of moved) {
    const trace = m[0]! + m[5]! + m[10]!;
    const angle = Math.acos(Math.min(1, Math.max(-1, (trace - 1) / 2)));
    const id = path.replace(/[^A-Za-z0-9_-]+/g, '-');
    if (angle > 1e-9) {
      // axis from the skew part of R (column-major: R[r][c] = m[c*4 + r]); near 180° use the diagonal
      let axis = [m[6]! - m[9]!, m[8]! - m[2]!, m[1]! - m[4]!];
      let n = Math.hypot(axis[0]!, axis[1]!, axis[2]!);
      if (n < 1e-6) {
        axis = [Math.sqrt(Math.max(0, (m[0]! + 1) / 2)), Math.sqrt(Math.max(0, (m[5]! + 1) / 2)), Math.sqrt(Math.max(0, (m[10]! + 1) / 2))];
        n = Math.hypot(axis[0]!, axis[1]!, axis[2]!);
      }
      steps.push({ id: `${id}-turn`, move: [path], rotate: { axis: { point: [0, 0, 0], direction: axis.map((a) => r6(a / n)) }, angle: r6((angle * 180) / Math.PI) } });
    }
    const t = [m[12]!, m[13]!, m[14]!];
    const distance = Math.hypot(t[0]!, t[1]!, t[2]!);
    if (distance > 1e-9) steps.push({ id: `${id}-move`, move: [path], translate: { direction: t.map((x) => r6(x / distance)), distance: r6(distance) } });
  }
  return JSON.stringify({ schema: 'surfcd/motion@1', assembly, steps }, null, 2) + '\n';
}
