/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The buttons over the 3-D view: fit all, reset, feature edges, STEP colours, and the section
 * plane (axis, flip, and its offset on a slider that spans the assembly along that axis; it
 * starts through the middle of the selection, so the first cut goes through the overlap).
 */
import { Box3, Vector3 } from 'three';
import type { ReportScene, SectionAxis } from './scene.js';

export interface ViewTools {
  root: HTMLElement;
  /** Sets the section from code (tests, keyboard); null switches it off. */
  section(axis: SectionAxis | null, offset?: number, flip?: boolean): void;
}

export function viewTools(scene: ReportScene): ViewTools {
  const root = document.createElement('div');
  root.id = 'viewtools';
  const button = (id: string, text: string, title: string, onClick: () => void): HTMLButtonElement => {
    const b = Object.assign(document.createElement('button'), { id, textContent: text, title, type: 'button' });
    b.addEventListener('click', onClick);
    return b;
  };
  const check = (id: string, text: string, checked: boolean, onChange: (on: boolean) => void): HTMLLabelElement => {
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', id, checked });
    box.addEventListener('change', () => onChange(box.checked));
    const label = document.createElement('label');
    label.append(box, ` ${text}`);
    return label;
  };

  const axis = document.createElement('select');
  axis.id = 'section-axis';
  axis.title = 'section plane';
  for (const [value, text] of [['', 'no section'], ['x', 'section X'], ['y', 'section Y'], ['z', 'section Z']] as const) axis.append(Object.assign(document.createElement('option'), { value, textContent: text }));
  const flip = Object.assign(document.createElement('input'), { type: 'checkbox', id: 'section-flip' });
  const flipLabel = document.createElement('label');
  flipLabel.append(flip, ' flip');
  const offset = Object.assign(document.createElement('input'), { type: 'range', id: 'section-offset', title: 'drag to move the section plane' });
  const offsetText = document.createElement('span');
  offsetText.id = 'section-value';

  const component = (v: Vector3, a: SectionAxis): number => (a === 'x' ? v.x : a === 'y' ? v.y : v.z);
  function apply(): void {
    const a = axis.value as SectionAxis | '';
    const active = a !== '';
    flipLabel.hidden = offset.hidden = offsetText.hidden = !active;
    if (!active) return scene.setSection(null);
    const value = Number(offset.value);
    offsetText.textContent = `${a} = ${value.toFixed(2)} mm`;
    scene.setSection({ axis: a, offset: value, flip: flip.checked });
  }
  function setAxis(a: SectionAxis | null, at?: number, flipped?: boolean): void {
    axis.value = a ?? '';
    if (a !== null) {
      const world = scene.worldBox();
      const lo = component(world.min, a), hi = component(world.max, a), span = Math.max(hi - lo, 1e-6);
      offset.min = String(lo - span * 0.01);
      offset.max = String(hi + span * 0.01);
      offset.step = String(span / 1000);
      const h = scene.highlighted;
      const focus = h ? scene.focusBox(h) : new Box3();
      offset.value = String(at ?? component((focus.isEmpty() ? world : focus).getCenter(new Vector3()), a));
      if (flipped !== undefined) flip.checked = flipped;
    }
    apply();
  }
  axis.addEventListener('change', () => setAxis((axis.value || null) as SectionAxis | null));
  flip.addEventListener('change', apply);
  offset.addEventListener('input', apply);

  root.append(
    button('fit-all', 'fit all', 'the whole assembly in view', () => scene.fitAll()),
    button('reset-view', 'reset', 'clear the selection and the section, home view', () => {
      setAxis(null);
      scene.reset();
      root.dispatchEvent(new Event('reset'));
    }),
    check('edges', 'edges', true, (on) => scene.setEdges(on)),
    check('step-colours', 'STEP colours', false, (on) => scene.setStepColours(on)),
    axis,
    flipLabel,
    offset,
    offsetText,
  );
  apply();
  return { root, section: setAxis };
}
