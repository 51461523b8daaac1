/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * `surfcd view`: pick a part (click it) and drag it with a gizmo — free translate / rotate,
 * or constrained to a recognized constraint (slide along or spin about a coaxial axis,
 * slide on an against plane). Contacts and constraints update on every drag step; with
 * "stop on clash" an interfering step is refused and the part stays at its last free pose.
 */
import { Matrix4, Object3D, Quaternion, Raycaster, Vector2, Vector3 } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { Constraint } from '../core.js';
import type { ReportItem } from '../report/reportModel.js';
import type { ItemList } from './itemList.js';
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
}

type DragMode = { label: string; mode: 'translate' | 'rotate'; axes: 'xyz' | 'z' | 'xy'; frame: Matrix4 | null };

const v3 = (x: unknown): Vector3 => new Vector3(...(x as [number, number, number]));

/** A frame whose +z is `axis`, at `point`. */
function frameAlong(point: Vector3, axis: Vector3): Matrix4 {
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, 1), axis.clone().normalize());
  return new Matrix4().compose(point, q, new Vector3(1, 1, 1));
}

function dragModesOf(c: Constraint, picked: string): DragMode[] {
  const other = c.partA === picked ? c.partB : c.partA;
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
export function startLive(scene: ReportScene, list: ItemList, allItems: ReportItem[], assembly: string, tolerance: number, clearance: number | null, panel: HTMLElement): LiveApi {
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
  panel.append(stopLabel, ' ', constraintsLabel, ' ', save, modes, status);
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
    status.textContent = `${ok ? '' : 'blocked: '}${result.items.length} items with ${result.pairs} parts, ${interferences} interference · ${result.ms.toFixed(1)} ms`;
    return ok;
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
      ...result.constraints.flatMap((c) => dragModesOf(c, path)),
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

  // click (not drag) on a part picks it
  const canvas = scene.renderer.domElement;
  let down: Vector2 | null = null;
  canvas.addEventListener('pointerdown', (e) => (down = new Vector2(e.clientX, e.clientY)));
  canvas.addEventListener('pointerup', (e) => {
    if (!down || down.distanceTo(new Vector2(e.clientX, e.clientY)) > 4 || gizmo.dragging) return;
    const rect = canvas.getBoundingClientRect();
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1), scene.camera);
    const hit = ray.intersectObjects(scene.meshes.filter((m) => m.visible), false)[0];
    if (hit) api.pick(scene.parts[hit.object.userData['part'] as number]!.path);
  });

  const api: LiveApi = {
    pick(path) {
      picked = path === null ? -1 : (byPath.get(path) ?? -1);
      if (picked < 0) gizmo.detach();
      setModes();
      status.textContent = picked < 0 ? 'click a part to drag it' : `dragging ${path}`;
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
    motionScript: () =>
      motionScript(
        assembly,
        scene.parts.map((p, i) => ({ path: p.path, pose: poses[i]! })).filter((m) => m.pose.some((x, k) => Math.abs(x - (k % 5 === 0 ? 1 : 0)) > 1e-12)),
      ),
  };
  return api;
}
