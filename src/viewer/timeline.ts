/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The simulation timeline under the 3-D view: scrub or play the motion script. Each step
 * is replayed exactly from its motion (translation, rotation or screw about its axis) and
 * the pose the step started from; removed parts disappear after their step; a blocked
 * step ends on its blocking surfaces, coloured as A (moving) and B (the other part).
 * A step's chip is coloured by whether it did what the script expected (met green, missed
 * red, no expectation grey); free / blocked is its icon. A missed step opens its blocking pair.
 */
import { Matrix4, Quaternion, Vector3 } from 'three';
import type { TimelineStep } from '../report/timeline.js';
import type { Highlight, ReportScene } from './scene.js';

export interface TimelineApi {
  /** Position in steps: 2.5 = halfway through the third step. */
  seek(t: number): void;
  position(): number;
  steps: number;
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** The motion of a step done to fraction f (world frame), sign chosen to reproduce the step's end poses. */
function motionAt(step: TimelineStep, f: number, sign: number): Matrix4 {
  const m = new Matrix4();
  if (step.motion === 'translate') {
    const d = new Vector3(...(step.direction ?? [0, 0, 0])).multiplyScalar(step.distance * f);
    return m.makeTranslation(d.x, d.y, d.z);
  }
  const axis = step.axis ?? { point: [0, 0, 0], direction: [0, 0, 1] };
  const p = new Vector3(...axis.point), u = new Vector3(...axis.direction).normalize();
  const turn = new Matrix4().makeRotationFromQuaternion(new Quaternion().setFromAxisAngle(u, (sign * step.angle * f * Math.PI) / 180));
  const advance = step.motion === 'screw' ? u.clone().multiplyScalar(step.distance * f) : new Vector3();
  // x ↦ p + advance + R (x − p)
  return m.makeTranslation(p.x + advance.x, p.y + advance.y, p.z + advance.z).multiply(turn).multiply(new Matrix4().makeTranslation(-p.x, -p.y, -p.z));
}

const close = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => {
  for (let i = 0; i < 16; i++) if (Math.abs(a[i]! - b[i]!) > 1e-3 * Math.max(1, Math.abs(b[i]!))) return false;
  return true;
};

/** How a step's chip looks: expectation met / missed / none, and free / blocked / error. */
export function chipOf(step: Pick<TimelineStep, 'status' | 'expected' | 'met'>): { outcome: 'met' | 'missed' | 'none'; icon: string } {
  const outcome = step.status === 'error' ? 'missed' : step.expected ? (step.met ? 'met' : 'missed') : 'none';
  return { outcome, icon: step.status === 'free' ? '→' : step.status === 'blocked' ? '⊣' : '!' };
}

const CHIP_COLOURS = { met: '#3c6e47', missed: '#b3261e', none: '#5f6b7a' } as const;

/**
 * `label`: short part names for the captions' chips; `openPair(moving, other)` selects that
 * part pair in the review list (false when the list has no such row).
 */
export function startTimeline(
  scene: ReportScene,
  steps: TimelineStep[],
  initial: Record<string, number[]>,
  stage: HTMLElement,
  label: (path: string) => string = (p) => p,
  openPair: (moving: string, other: string) => boolean = () => false,
): TimelineApi {
  const index = new Map(scene.parts.map((p, i) => [p.path, i] as const));
  // poses and removed parts at the start of every step
  const starts: { poses: number[][]; removed: Set<number> }[] = [];
  let poses = scene.parts.map((p) => initial[p.path] ?? IDENTITY);
  let removed = new Set<number>();
  const signs: number[] = [];
  for (const step of steps) {
    starts.push({ poses, removed });
    const start = poses;
    const ok = (sign: number): boolean =>
      step.moved.every((path) => {
        const i = index.get(path), end = step.poses[path];
        return i === undefined || !end || close(motionAt(step, 1, sign).multiply(new Matrix4().fromArray(start[i]!)).elements, end);
      });
    signs.push(ok(1) || !ok(-1) ? 1 : -1);
    poses = poses.map((m, i) => step.poses[scene.parts[i]!.path] ?? m);
    removed = new Set(removed);
    if (step.removed) for (const path of step.moved) if (index.has(path)) removed.add(index.get(path)!);
  }

  const bar = document.createElement('div');
  bar.id = 'timeline';
  bar.setAttribute('style', 'position:absolute;left:8px;right:8px;bottom:28px;background:rgba(255,255,255,.92);border:1px solid #d5d8dd;padding:6px 8px');
  const play = Object.assign(document.createElement('button'), { textContent: '▶', title: 'play / pause' });
  const slider = Object.assign(document.createElement('input'), { type: 'range', min: '0', max: String(steps.length), step: '0.01', value: '0', id: 'timeline-slider' });
  slider.setAttribute('style', 'width:calc(100% - 60px);vertical-align:middle');
  const chips = document.createElement('div');
  const caption = document.createElement('div');
  caption.id = 'timeline-caption';
  steps.forEach((s, k) => {
    const { outcome, icon } = chipOf(s);
    const expectation = s.expected ? `expected ${s.expected}: ${s.met ? 'met' : 'MISSED'}` : 'no expectation';
    const chip = Object.assign(document.createElement('button'), { textContent: `${icon} ${s.id}`, title: `${s.sentence}\n${s.status} · ${expectation} · moved ${s.moved.map(label).join(', ')}` });
    chip.className = `step ${s.status} ${outcome}`;
    chip.dataset['step'] = String(k);
    const colour = CHIP_COLOURS[outcome];
    chip.setAttribute('style', outcome === 'missed' ? `margin:2px;border:1px solid ${colour};color:#fff;background:${colour}` : `margin:2px;border:1px solid ${colour};color:${colour};background:#fff`);
    chip.addEventListener('click', () => {
      api.seek(k + 1);
      const block = blockingOf(s);
      if (outcome !== 'missed' || !block) return;
      openPair(s.blocking[0]!.moving, s.blocking[0]!.other);
      scene.select(block, true); // frame the blocking surfaces where the step left them
    });
    chips.append(chip);
  });
  function blockingOf(step: TimelineStep): Highlight | null {
    const block = step.blocking[0];
    if (!block || !index.has(block.moving) || !index.has(block.other)) return null;
    return { partA: index.get(block.moving)!, partB: index.get(block.other)!, surfacesA: [block.movingSurface], surfacesB: [block.otherSurface], regionA: [], regionB: [] };
  }
  bar.append(play, ' ', slider, chips, caption);
  stage.append(bar);

  let t = 0;
  let playing = false;
  function seek(to: number): void {
    t = Math.min(steps.length, Math.max(0, to));
    slider.value = String(t);
    if (steps.length === 0) return;
    // t in (k, k + 1] is step k (t = k + 1 is its end, so a chip shows where its step stopped)
    const k = t <= 0 ? 0 : Math.min(steps.length - 1, Math.ceil(t) - 1);
    const f = t - k;
    const step = steps[k]!, start = starts[k]!;
    const motion = motionAt(step, f, signs[k]!);
    scene.parts.forEach((p, i) => {
      const moving = step.moved.includes(p.path);
      const pose = moving ? motion.clone().multiply(new Matrix4().fromArray(start.poses[i]!)).elements : start.poses[i]!;
      scene.setPose(i, pose);
      scene.setVisible(i, !start.removed.has(i) && !(step.removed && moving && f >= 1));
    });
    for (const chip of chips.querySelectorAll<HTMLElement>('button.step')) chip.style.fontWeight = chip.dataset['step'] === String(k) ? '700' : '400';
    caption.textContent = step.sentence;
    const block = blockingOf(step);
    if (step.status === 'blocked' && f >= 0.999 && block) scene.select(block, false);
    else scene.select(null, false);
  }
  slider.addEventListener('input', () => seek(Number(slider.value)));
  let last = 0;
  const tick = (now: number): void => {
    if (!playing) return;
    seek(t + Math.min(0.1, (now - last) / 1000) * 0.5); // two seconds per step
    last = now;
    if (t >= steps.length) playing = false;
    else requestAnimationFrame(tick);
    play.textContent = playing ? '❚❚' : '▶';
  };
  play.addEventListener('click', () => {
    playing = !playing;
    if (playing && t >= steps.length) seek(0);
    last = performance.now();
    play.textContent = playing ? '❚❚' : '▶';
    if (playing) requestAnimationFrame(tick);
  });

  const api: TimelineApi = { seek, position: () => t, steps: steps.length };
  return api;
}
