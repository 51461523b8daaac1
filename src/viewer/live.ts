/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * `surfcd view`: pick a part (click it; it turns bluish green) and drag it with a gizmo —
 * free translate / rotate, or constrained to a recognized constraint (slide along or spin
 * about a coaxial axis, slide on an against plane). Contacts and constraints update on every
 * drag step; with "stop on clash" an interfering step is refused, the part stays at its last
 * free pose, and the panel names the part and surfaces in the way and how deep the step
 * would have gone, with "slide until contact" to go as far as the motion is free.
 */
import { Matrix4, Object3D, Quaternion, Vector3 } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { Constraint } from '../core.js';
import type { ReportItem } from '../report/reportModel.js';
import type { ReviewList } from './reviewList.js';
import { LiveCore, motionScript, type LiveResult } from './liveCore.js';
import type { ReportScene } from './scene.js';

export interface LiveApi {
  pick(path: string | null): void;
  /** Moves the picked part by a world translation through the same path a gizmo drag takes; returns whether it moved. */
  translateBy(t: [number, number, number]): boolean;
  /** Drag modes offered for the picked part (button labels). */
  modes(): string[];
  /**
   * Drags the gizmo of a mode by `amount` through the gizmo's change path: about (degrees) or
   * along (mm) the constraint's axis, or along the plane's first in-plane axis for an
   * against plane (free modes: about / along world z). Returns whether the part moved.
   */
  drag(mode: string, amount: number): boolean;
  setStopOnClash(on: boolean): void;
  /** Recognize constraints on every drag step too (default on); off: contacts only. */
  setLiveConstraints(on: boolean): void;
  resetStats(): void;
  setVisible(path: string, visible: boolean): void;
  poseOf(path: string): number[];
  /** Drag update times (ms): last, mean, median, max over `count` updates. */
  stats(): { last: number; mean: number; median: number; max: number; count: number };
  lastResult(): LiveResult | null;
  motionScript(): string;
  /** The gizmo is being dragged (a pointer-up then is not a click on a part). */
  dragging(): boolean;
  /** The last refused step, in words (null when the last step moved). */
  refusal(): string | null;
  /** After a refused step: moves the part along that step as far as it stays free; returns the fraction of the step done. */
  slideUntilContact(): number;
}

const mm = (x: number): string => x.toFixed(3).replace(/\.?0+$/, '');

/** What stopped a refused step: the deepest interference first, from the moving part's side. */
export function refusalText(moving: string, items: readonly ReportItem[], label: (path: string) => string): string {
  const clashes = items.filter((i) => i.kind === 'interference').sort((x, y) => y.depth - x.depth);
  if (clashes.length === 0) return `blocked: ${label(moving)} would clash`;
  const words = (i: ReportItem): string => {
    const mine = i.partA === moving;
    const [own, other, otherPath] = mine ? [i.surfacesA[0]!, i.surfacesB[0]!, i.partB] : [i.surfacesB[0]!, i.surfacesA[0]!, i.partA];
    return `${own.noun} (surface ${own.index}) into ${label(otherPath)} ${other.noun} (surface ${other.index}), ${mm(i.depth)} mm deep`;
  };
  const others = new Set(clashes.map((i) => (i.partA === moving ? i.partB : i.partA)));
  const more = clashes.length > 1 ? `; ${clashes.length - 1} more surface pair${clashes.length > 2 ? 's' : ''}${others.size > 1 ? ` with ${others.size} parts` : ''}` : '';
  return `blocked: ${label(moving)} would cut its ${words(clashes[0]!)}${more}`;
}

type DragMode = { label: string; mode: 'translate' | 'rotate'; axes: 'xyz' | 'z' | 'xy'; frame: Matrix4 | null };

const v3 = (x: unknown): Vector3 => new Vector3(...(x as [number, number, number]));

/** A frame whose +z is `axis`, at `point`. */
function frameAlong(point: Vector3, axis: Vector3): Matrix4 {
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, 1), axis.clone().normalize());
  return new Matrix4().compose(point, q, new Vector3(1, 1, 1));
}

function dragModesOf(c: Constraint, picked: string, label: (path: string) => string): DragMode[] {
  const other = label(c.partA === picked ? c.partB : c.partA);
  const p = c.params;
  if (c.kind === 'coaxial' && p['axis'] && p['point']) {
    const f = frameAlong(v3(p['point']), v3(p['axis']));
    return [
      { label: `slide along ${c.kind} axis with ${other}`, mode: 'translate', axes: 'z', frame: f },
      { label: `spin about ${c.kind} axis with ${other}`, mode: 'rotate', axes: 'z', frame: f },
    ];
  }
  if (c.kind === 'against' && p['normal'] && p['point']) {
    return [{ label: `slide on the against plane with ${other}`, mode: 'translate', axes: 'xy', frame: frameAlong(v3(p['point']), v3(p['normal'])) }];
  }
  return [];
}

/** `clearance` null: by size (ISO 273), as the server's report. */
export function startLive(
  scene: ReportScene,
  list: ReviewList,
  allItems: ReportItem[],
  assembly: string,
  tolerance: number,
  clearance: number | null,
  panel: HTMLElement,
  label: (path: string) => string = (p) => p,
): LiveApi {
  const core = new LiveCore(scene.parts, assembly, tolerance, clearance);
  const n = core.parts.length;
  const poses: number[][] = scene.meshes.map((m) => [...m.matrix.elements]);
  const hidden = new Set<number>();
  const byPath = new Map(scene.parts.map((p, i) => [p.path, i] as const));
  let items = [...allItems];
  let picked = -1;
  let stopOnClash = true;
  let liveConstraints = true;
  let last: LiveResult | null = null;
  /** The last refused step: from the last free pose to the pose that clashed. */
  let refused: { from: number[]; to: number[]; text: string } | null = null;
  const times: number[] = [];

  const proxy = new Object3D();
  scene.scene.add(proxy);
  const gizmo = new TransformControls(scene.camera, scene.renderer.domElement);
  gizmo.setSize(0.8);
  scene.scene.add(gizmo.getHelper());
  gizmo.addEventListener('dragging-changed', (e) => {
    scene.controls.enabled = !(e as unknown as { value: boolean }).value;
  });
  gizmo.addEventListener('change', () => scene.requestRender());
  const proxyStart = new Matrix4();
  const partStart = new Matrix4();

  const status = document.createElement('div');
  const modes = document.createElement('div');
  const stopBox = Object.assign(document.createElement('input'), { type: 'checkbox', checked: true, id: 'stop-on-clash' });
  stopBox.addEventListener('change', () => (stopOnClash = stopBox.checked));
  const constraintsBox = Object.assign(document.createElement('input'), { type: 'checkbox', checked: true, id: 'live-constraints' });
  constraintsBox.addEventListener('change', () => (liveConstraints = constraintsBox.checked));
  const save = Object.assign(document.createElement('button'), { textContent: 'save poses as motion@1' });
  save.addEventListener('click', () => {
    const a = Object.assign(document.createElement('a'), { href: URL.createObjectURL(new Blob([api.motionScript()], { type: 'application/json' })), download: `${assembly}.motion.json` });
    a.click();
  });
  const stopLabel = document.createElement('label');
  stopLabel.append(stopBox, ' stop on clash');
  const constraintsLabel = document.createElement('label');
  constraintsLabel.append(constraintsBox, ' constraints while dragging');
  const slide = Object.assign(document.createElement('button'), { textContent: 'slide until contact', id: 'slide-until-contact', hidden: true, title: 'go along the refused step as far as it is free' });
  slide.addEventListener('click', () => api.slideUntilContact());
  status.id = 'live-status';
  panel.append(stopLabel, ' ', constraintsLabel, ' ', save, modes, status, slide);
  status.textContent = 'click a part to drag it';

  const others = (): number[] => [...Array(n).keys()].filter((j) => j !== picked && !hidden.has(j));

  function showItems(): void {
    list.setItems(items.filter((i) => !hidden.has(byPath.get(i.partA)!) && !hidden.has(byPath.get(i.partB)!)));
  }

  /** Tries a pose for the picked part; applies it unless it clashes with stop-on-clash on. */
  function tryPose(pose: number[]): boolean {
    const trial = poses.slice();
    trial[picked] = pose;
    const result = core.check(picked, trial, others(), liveConstraints);
    times.push(result.ms);
    last = result;
    const path = scene.parts[picked]!.path;
    const ok = !(stopOnClash && result.interferes);
    if (ok) {
      poses[picked] = pose;
      scene.setPose(picked, pose);
      items = [...items.filter((i) => i.partA !== path && i.partB !== path), ...result.items];
      showItems();
    }
    const interferences = result.items.filter((i) => i.kind === 'interference').length;
    refused = ok ? null : { from: poses[picked]!, to: pose, text: refusalText(path, result.items, label) };
    slide.hidden = ok;
    status.textContent = ok
      ? `${label(path)}: ${result.items.length} surface pairs with ${result.pairs} parts, ${interferences} interfering · ${result.ms.toFixed(1)} ms`
      : refused!.text;
    return ok;
  }

  /** The step's motion done to fraction f: translation scaled, rotation slerped (drag steps are small). */
  function along(from: number[], to: number[], f: number): number[] {
    const delta = new Matrix4().fromArray(to).multiply(new Matrix4().fromArray(from).invert());
    const t = new Vector3(), q = new Quaternion(), scale = new Vector3();
    delta.decompose(t, q, scale);
    const partial = new Matrix4().compose(t.multiplyScalar(f), new Quaternion().slerp(q, f), new Vector3(1, 1, 1));
    return partial.multiply(new Matrix4().fromArray(from)).elements.slice();
  }

  let offered: DragMode[] = [];
  function setModes(): void {
    modes.replaceChildren();
    offered = [];
    if (picked < 0) return;
    const path = scene.parts[picked]!.path;
    const result = core.check(picked, poses, others());
    const options: DragMode[] = [
      { label: 'free move', mode: 'translate', axes: 'xyz', frame: null },
      { label: 'free rotate', mode: 'rotate', axes: 'xyz', frame: null },
      ...result.constraints.flatMap((c) => dragModesOf(c, path, label)),
    ];
    offered = options;
    for (const m of options) {
      const b = Object.assign(document.createElement('button'), { textContent: m.label });
      b.addEventListener('click', () => attach(m));
      modes.append(b);
    }
    attach(options[0]!);
  }

  function attach(m: DragMode): void {
    const box = scene.surfaceBox(picked, [...Array(scene.parts[picked]!.surfaces.length / 2).keys()]);
    const frame = m.frame ?? new Matrix4().makeTranslation(box.getCenter(new Vector3()));
    frame.decompose(proxy.position, proxy.quaternion, proxy.scale);
    proxy.updateMatrix();
    proxyStart.copy(proxy.matrix);
    partStart.fromArray(poses[picked]!);
    gizmo.attach(proxy);
    gizmo.setMode(m.mode);
    gizmo.setSpace(m.frame ? 'local' : 'world');
    gizmo.showX = m.axes !== 'z';
    gizmo.showY = m.axes !== 'z';
    gizmo.showZ = m.axes !== 'xy';
    scene.requestRender();
  }

  /** The picked part follows the gizmo's proxy: pose = proxy · proxyStart⁻¹ · partStart. */
  function followProxy(): boolean {
    proxy.updateMatrix();
    const delta = proxy.matrix.clone().multiply(proxyStart.clone().invert());
    const pose = delta.multiply(partStart).elements.slice();
    const ok = tryPose(pose);
    if (!ok) {
      // back to the last free pose: proxy = lastFree · partStart⁻¹ · proxyStart
      const back = new Matrix4().fromArray(poses[picked]!).multiply(partStart.clone().invert()).multiply(proxyStart);
      back.decompose(proxy.position, proxy.quaternion, proxy.scale);
      proxy.updateMatrix();
    }
    return ok;
  }

  // one check per animation frame, whatever the pointer rate
  let queued = false;
  gizmo.addEventListener('objectChange', () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      followProxy();
    });
  });

  const api: LiveApi = {
    pick(path) {
      picked = path === null ? -1 : (byPath.get(path) ?? -1);
      if (picked < 0) gizmo.detach();
      scene.setPicked(picked);
      refused = null;
      slide.hidden = true;
      setModes();
      status.textContent = picked < 0 || path === null ? 'click a part to drag it' : `dragging ${label(path)}`;
      scene.requestRender();
    },
    translateBy(t) {
      if (picked < 0) throw new Error('pick a part first');
      const pose = new Matrix4().makeTranslation(t[0], t[1], t[2]).multiply(new Matrix4().fromArray(poses[picked]!)).elements.slice();
      return tryPose(pose);
    },
    modes: () => offered.map((m) => m.label),
    drag(label, amount) {
      const m = offered.find((o) => o.label === label);
      if (!m) throw new Error(`no drag mode "${label}"; offered: ${offered.map((o) => o.label).join(', ')}`);
      attach(m);
      if (m.mode === 'rotate') proxy.rotateZ((amount * Math.PI) / 180);
      else if (m.axes === 'xy') proxy.translateX(amount);
      else proxy.translateZ(amount);
      return followProxy();
    },
    setStopOnClash(on) {
      stopOnClash = on;
      stopBox.checked = on;
    },
    setLiveConstraints(on) {
      liveConstraints = on;
      constraintsBox.checked = on;
    },
    resetStats() {
      times.length = 0;
    },
    setVisible(path, visible) {
      const i = byPath.get(path)!;
      if (visible) hidden.delete(i);
      else hidden.add(i);
      scene.setVisible(i, visible);
      showItems();
    },
    poseOf: (path) => [...poses[byPath.get(path)!]!],
    stats() {
      const count = times.length;
      const sorted = [...times].sort((a, b) => a - b);
      return { last: times[count - 1] ?? 0, mean: count ? times.reduce((a, b) => a + b, 0) / count : 0, median: sorted[count >> 1] ?? 0, max: Math.max(0, ...times), count };
    },
    lastResult: () => last,
    dragging: () => gizmo.dragging,
    refusal: () => refused?.text ?? null,
    slideUntilContact() {
      if (!refused || picked < 0) return 0;
      const { from, to } = refused;
      const trial = poses.slice();
      const clashes = (f: number): boolean => {
        trial[picked] = along(from, to, f);
        return core.check(picked, trial, others(), false).interferes;
      };
      // bisection on the step: free at 0 (the last pose), clashing at 1; 2^-30 of a drag step
      let free = 0, clash = 1;
      for (let k = 0; k < 30; k++) {
        const mid = (free + clash) / 2;
        if (clashes(mid)) clash = mid;
        else free = mid;
      }
      tryPose(along(from, to, free));
      // the gizmo follows the part: proxy = pose · partStart⁻¹ · proxyStart
      new Matrix4().fromArray(poses[picked]!).multiply(partStart.clone().invert()).multiply(proxyStart).decompose(proxy.position, proxy.quaternion, proxy.scale);
      proxy.updateMatrix();
      scene.requestRender();
      return free;
    },
    motionScript: () =>
      motionScript(
        assembly,
        scene.parts.map((p, i) => ({ path: p.path, pose: poses[i]! })).filter((m) => m.pose.some((x, k) => Math.abs(x - (k % 5 === 0 ? 1 : 0)) > 1e-12)),
      ),
  };
  return api;
}
