/**
 * `constraints` and `contacts` give one verdict per part pair: the constraint report takes
 * the classified interferences of the same run (same tolerance, same selection) and its
 * gear constraints carry the teeth overlap, so a gear pair reads "gear 14:40, teeth overlap
 * by 1.06 mm (not clocked)" in both.
 */
import type { ConstraintReport } from '../constraints/types.js';
import type { InterferenceEntry } from './classify.js';

/** The constraint report with `params.overlap` (mm) on each gear constraint whose pair is a gear mesh. */
export function annotateConstraints(report: ConstraintReport, interferences: readonly InterferenceEntry[]): ConstraintReport {
  const meshes = new Map(interferences.filter((e) => e.kind === 'gear-mesh').map((e) => [`${e.partA}\u0000${e.partB}`, e] as const));
  if (meshes.size === 0) return report;
  const constraints = report.constraints.map((c) => {
    const mesh = c.kind === 'gear' ? meshes.get(`${c.partA}\u0000${c.partB}`) : undefined;
    return mesh ? { ...c, params: { ...c.params, overlap: mesh.depth } } : c;
  });
  return { ...report, constraints };
}
