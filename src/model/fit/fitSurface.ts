/**
 * Fits one CAD surface (a range of triangles of a tessellated B-rep face) to a
 * primitive: plane → cylinder → cone → sphere → torus → freeform; the first primitive
 * that is accepted wins, so a patch that is both a plane and a (huge) cylinder is a
 * plane, a sphere band that is also a cone is a cone.
 *
 * Acceptance (see evaluate.ts): every vertex lies within `tolerance` of the primitive
 * (plus a rounding floor of 1e-9 × the patch size), and every vertex normal is along the
 * primitive's normal within `angleTolerance` (default 3°; estimated normals get the
 * facet turn on top). The normal test is what keeps a freeform patch, an elliptic
 * cylinder or a narrow cone from being called a cylinder when the distance tolerance
 * is loose.
 *
 * All fitting happens in a local frame (centred, scaled to the patch size), so
 * positions far from the origin lose no accuracy. A freeform result carries the
 * smallest residual of the primitives tried (0 for an empty or zero-area patch); a
 * primitive a proof ruled out (ruleOut*.ts) was not tried.
 */
import { SurfcdError } from '../../errors.js';
import type { SurfaceKind } from '../surfaceKind.js';
import { coneKind, conePrimitive, fitCone } from './cone.js';
import { cylinderKind, cylinderPrimitive, fitCylinder } from './cylinder.js';
import { fitCounters } from './fitCounters.js';
import { evaluatePrimitive, type Evaluation, type FitContext, type LocalPrimitive } from './evaluate.js';
import { buildPatch, hasArea, type FitInput, type Patch } from './patch.js';
import { FitScratch } from './fitScratch.js';
import { PatchScratch } from './patchBuffers.js';
import { ScratchPool } from '../../math/scratchPool.js';
import { fitPlane, planeKind, planePrimitive } from './plane.js';
import { fitSphere, sphereKind, spherePrimitive } from './sphere.js';
import { givenNormalsRuleOutCylinder, givenNormalsRuleOutPlane } from './ruleOut.js';
import { givenNormalsRuleOutTorus } from './ruleOutRevolution.js';
import { givenNormalsRuleOutSphere } from './ruleOutSphere.js';
import { fitTorus, torusKind, torusPrimitive } from './torus.js';

export type { FitInput } from './patch.js';
export { surfaceKindToWorld } from '../surfaceKind.js';
export type { SurfaceKind } from '../surfaceKind.js';

/** Default largest angle between a vertex normal and the primitive's normal. */
export const DEFAULT_ANGLE_TOLERANCE = (3 * Math.PI) / 180;

/**
 * One primitive kind as fitSurface tries it. The fit, its local primitive and its kind are
 * three module-level functions, not closures made per fit: those were recompiled by the
 * optimising compiler after every full GC (~6 ms of compiler CPU per pass over
 * the samples in the bench, as much as the fitting itself).
 */
interface Candidate<F> {
  type: Exclude<SurfaceKind['type'], 'freeform'>;
  /** True when a cheap test proves the primitive cannot be accepted (the fit is skipped). */
  ruledOut?(patch: Patch, ctx: FitContext): boolean;
  /** Rule out only in `fitSurface` (diagnostics keep the attempt and its evaluation). */
  ruleOutOnlyWhenStopping?: boolean;
  /** A quadric (cylinder, cone, sphere): skipped in `fitSurface` once ruleOutQuadric.ts proved none fits. */
  quadric?: boolean;
  fit(patch: Patch, ctx: FitContext): F | null;
  primitive(f: F, patch: Patch): LocalPrimitive;
  kind(f: F, patch: Patch, residual: number): SurfaceKind;
}

const candidate = <F>(c: Candidate<F>): Candidate<unknown> => c as Candidate<unknown>;

const CANDIDATES: Candidate<unknown>[] = [
  candidate({ type: 'plane', ruledOut: givenNormalsRuleOutPlane, ruleOutOnlyWhenStopping: true, fit: fitPlane, primitive: planePrimitive, kind: planeKind }),
  candidate({ type: 'cylinder', quadric: true, ruledOut: givenNormalsRuleOutCylinder, fit: fitCylinder, primitive: cylinderPrimitive, kind: cylinderKind }),
  // the cone's normal proofs run inside its fit, only after a far-off start (cone.ts)
  candidate({ type: 'cone', quadric: true, fit: fitCone, primitive: conePrimitive, kind: coneKind }),
  candidate({ type: 'sphere', quadric: true, ruledOut: givenNormalsRuleOutSphere, ruleOutOnlyWhenStopping: true, fit: fitSphere, primitive: spherePrimitive, kind: sphereKind }),
  candidate({ type: 'torus', ruledOut: givenNormalsRuleOutTorus, ruleOutOnlyWhenStopping: true, fit: fitTorus, primitive: torusPrimitive, kind: torusKind }),
];

export interface FitAttempt {
  type: Candidate<unknown>['type'];
  /** Null when the primitive could not be fitted at all (degenerate data). */
  kind: SurfaceKind | null;
  evaluation: Evaluation | null;
  accepted: boolean;
}

function checkOptions(input: FitInput): number {
  if (!(typeof input.tolerance === 'number' && input.tolerance >= 0 && Number.isFinite(input.tolerance))) {
    throw new SurfcdError('INVALID_OPTION', `fitSurface: tolerance is ${String(input.tolerance)}, expected a finite number ≥ 0`);
  }
  const angle = input.angleTolerance ?? DEFAULT_ANGLE_TOLERANCE;
  if (!(typeof angle === 'number' && angle >= 0 && angle <= Math.PI / 2)) {
    throw new SurfcdError('INVALID_OPTION', `fitSurface: angleTolerance is ${String(input.angleTolerance)}, expected radians in [0, π/2]`);
  }
  return angle;
}

/**
 * Every primitive tried on the patch, in order, with its evaluation (for diagnostics
 * and tests); `fitSurface` is the first accepted one.
 */
export function fitSurfaceAttempts(input: FitInput, stopAtFirst = false): { attempts: FitAttempt[]; patch: Patch | null } {
  return attemptsOn(input, stopAtFirst);
}

/** `scratch`: build the patch and run the fits on it (only `fitSurface`, which keeps no patch); else the fits get a FitScratch of their own. */
function attemptsOn(input: FitInput, stopAtFirst: boolean, scratch?: PatchScratch): { attempts: FitAttempt[]; patch: Patch | null } {
  const angle = checkOptions(input);
  if (input.triangleCount === 0 && Number.isInteger(input.firstTriangle) && input.firstTriangle >= 0) return { attempts: [], patch: null };
  const patch = buildPatch(input, scratch);
  if (patch.count === 0 || !hasArea(patch)) return { attempts: [], patch };
  let maxAbs = 0;
  for (let k = 0; k < 3; k++) maxAbs = Math.max(maxAbs, Math.abs(patch.origin[k]!));
  // rounding floor: the local coordinates carry ~ε·(|origin| + size) of absolute error
  const floor = 1e-9 + (64 * Number.EPSILON * maxAbs) / patch.scale;
  const tol = input.tolerance / patch.scale + floor;
  // fitSurface needs only the verdict: fits may give up early on a proof (ruleOutQuadric.ts)
  const ctx: FitContext = { tol, angleTolerance: angle, proofPatch: stopAtFirst ? patch : null, scratch: scratch === undefined ? new FitScratch() : scratch.fit };
  const attempts: FitAttempt[] = [];
  fitCounters.surfaces++;
  for (const c of CANDIDATES) {
    const proved = stopAtFirst && c.quadric === true && patch.memo.quadric === true;
    if (proved || (c.ruledOut && (stopAtFirst || !c.ruleOutOnlyWhenStopping) && c.ruledOut(patch, ctx))) {
      fitCounters.ruledOut[c.type]++;
      attempts.push({ type: c.type, kind: null, evaluation: null, accepted: false });
      continue;
    }
    fitCounters.attempted[c.type]++;
    const f = c.fit(patch, ctx);
    if (!f) {
      attempts.push({ type: c.type, kind: null, evaluation: null, accepted: false });
      continue;
    }
    // fitSurface needs only the verdict: a primitive already too far needs no normal check
    const ev = evaluatePrimitive(patch, c.primitive(f, patch), angle, stopAtFirst ? tol : Infinity);
    const accepted = ev.residual <= tol && ev.normalsOk;
    attempts.push({ type: c.type, kind: c.kind(f, patch, ev.residual), evaluation: ev, accepted });
    if (accepted) fitCounters.accepted[c.type]++;
    if (accepted && stopAtFirst) break;
  }
  return { attempts, patch };
}

/** The fitted primitive of the patch (see the module comment for the rules). */
export function fitSurface(input: FitInput): SurfaceKind {
  const scratch = patchScratch.claim();
  try {
    return fitOn(input, scratch);
  } finally {
    patchScratch.release(scratch);
  }
}

/** Patch memory lent to one fitSurface call at a time (a fit calls none of its caller's code, but nothing else may share it either). */
const patchScratch = new ScratchPool(() => new PatchScratch(), 'fitSurface');

function fitOn(input: FitInput, scratch: PatchScratch): SurfaceKind {
  const { attempts, patch } = attemptsOn(input, true, scratch);
  let bestResidual = Infinity;
  for (const a of attempts) {
    if (a.accepted && a.kind) return a.kind;
    if (a.kind && a.kind.residual < bestResidual) bestResidual = a.kind.residual;
  }
  // a freeform patch reports the plane's residual too, as when the plane was fitted
  if (patch && attempts[0]?.type === 'plane' && !attempts[0].kind) {
    const f = fitPlane(patch);
    if (f) bestResidual = Math.min(bestResidual, patch.scale * evaluatePrimitive(patch, planePrimitive(f), 0, -1).residual);
  }
  return { type: 'freeform', residual: Number.isFinite(bestResidual) ? bestResidual : 0 };
}
