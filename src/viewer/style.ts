/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/** The page's stylesheet (injected by the bundle, so the HTML writer stays one template). */
export const COLORS = {
  /** Okabe–Ito colour-blind-safe palette: A blue, B orange, contact region reddish purple. */
  a: 0x0072b2,
  b: 0xe69f00,
  region: 0xcc79a7,
  /** The live viewer's picked part: Okabe–Ito bluish green, apart from A and B. */
  picked: 0x009e73,
  ghost: 0x9aa0a6,
  background: 0xf4f5f7,
} as const;

/** A page that cannot start says so in the page, not only in the console. */
export function showStartError(error: unknown): void {
  const box = document.createElement('div');
  box.id = 'error';
  box.textContent = `This report could not open: ${error instanceof Error ? error.message : String(error)}`;
  document.body.append(box);
  throw error;
}

export const CSS = `
:root { --a: #0072b2; --b: #e69f00; --region: #cc79a7; --int: #b3261e; --con: #3c6e47; --clr: #5f6b7a; font: 13px/1.35 system-ui, sans-serif; color: #1d1f23; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; overflow: hidden; }
#app { display: grid; grid-template-columns: minmax(320px, 420px) 1fr; height: 100vh; }
#side { display: flex; flex-direction: column; border-right: 1px solid #d5d8dd; min-height: 0; background: #fff; }
#side header { padding: 10px 12px 6px; border-bottom: 1px solid #e4e6ea; }
#side h1 { font-size: 15px; margin: 0 0 4px; }
.summary { color: #444; }
.filters { display: flex; flex-wrap: wrap; gap: 6px 10px; padding: 8px 12px; border-bottom: 1px solid #e4e6ea; align-items: center; }
.filters input[type=search] { flex: 1 1 100%; padding: 4px 6px; }
.filters select { max-width: 180px; }
#count { padding: 4px 12px; color: #555; border-bottom: 1px solid #eef0f2; }
#list { flex: 1; overflow-y: auto; margin: 0; padding: 0; list-style: none; min-height: 0; }
#list .pair { padding: 6px 12px 6px 10px; cursor: pointer; border-left: 4px solid transparent; border-top: 1px solid #eef0f2; }
#list .pair:hover { background: #f6f8fb; }
#list .pair[aria-selected=true] { background: #e6f0f8; border-left-color: var(--a); }
#list .pair.resolved .names { text-decoration: line-through; color: #777; }
#list .pair.accepted { color: #666; }
#list .pair .names { margin-top: 2px; font-weight: 600; overflow-wrap: anywhere; }
#list .pair button.accept { float: right; font-size: 11px; padding: 0 6px; }
#list .empty { padding: 18px 12px; color: #3c6e47; font-weight: 600; }
.classes { display: flex; flex-wrap: wrap; gap: 4px 8px; flex: 1 1 100%; }
.chip { border: 1px solid #c9cdd3; border-radius: 10px; padding: 0 7px 0 3px; white-space: nowrap; }
.badge.clash, .badge.contained, .badge.duplicate { background: var(--int); }
.badge.thread, .badge.press-fit, .badge.gear-mesh { background: #8a6d00; }
.badge.status.accepted { border-color: var(--con); color: var(--con); }
#viewtools { position: absolute; left: 8px; top: 8px; background: rgba(255,255,255,.92); border: 1px solid #d5d8dd; padding: 4px 6px; display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; max-width: calc(100% - 360px); }
#viewtools input[type=range] { width: 160px; }
#hover { position: absolute; pointer-events: none; background: #1d1f23; color: #fff; font-size: 12px; padding: 2px 6px; border-radius: 3px; white-space: nowrap; }
.accept-row { display: flex; gap: 6px; margin: 4px 0; }
.accept-row input { flex: 1; }
#list .group { padding: 6px 12px 3px; background: #f2f3f5; font-weight: 600; position: sticky; top: 0; border-top: 1px solid #e4e6ea; }
#list .item { padding: 5px 12px 6px 20px; cursor: pointer; border-left: 4px solid transparent; }
#list .item:hover { background: #f6f8fb; }
#list .item[aria-selected=true] { background: #e6f0f8; border-left-color: var(--a); }
#list .item.resolved { color: #777; text-decoration: line-through; }
.badge { display: inline-block; font-size: 11px; padding: 0 5px; border-radius: 3px; margin-right: 4px; color: #fff; }
.badge.interference { background: var(--int); } .badge.contact { background: var(--con); } .badge.clearance { background: var(--clr); }
.badge.status { background: #fff; color: #333; border: 1px solid #999; }
.badge.status.new { border-color: var(--int); color: var(--int); }
.amount { color: #333; font-variant-numeric: tabular-nums; margin-right: 4px; }
#detail { padding: 8px 12px; border-top: 1px solid #d5d8dd; background: #fafbfc; min-height: 3.5em; }
#detail .legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 8px; vertical-align: middle; }
#gaps { border-top: 1px solid #d5d8dd; max-height: 28vh; overflow-y: auto; padding: 4px 12px 6px; }
#gaps summary { font-weight: 600; cursor: pointer; }
#gaps ol { margin: 4px 0 0; padding-left: 22px; }
#gaps li { padding: 2px 4px; cursor: pointer; overflow-wrap: anywhere; }
#gaps li:hover { background: #f6f8fb; }
#gaps li[aria-selected=true] { background: #e6f0f8; }
#gaps .empty { color: var(--con); padding: 4px 0; }
#detail .volume { color: #333; margin: 2px 0; }
#tree { border-top: 1px solid #d5d8dd; max-height: 30vh; overflow-y: auto; padding: 4px 12px 8px; }
#tree ul { list-style: none; padding-left: 14px; margin: 0; }
#tree > ul { padding-left: 0; }
#stage { position: relative; min-width: 0; }
#stage canvas { display: block; width: 100%; height: 100%; }
#hint { position: absolute; left: 8px; bottom: 6px; color: #555; font-size: 11px; background: rgba(255,255,255,.7); padding: 2px 6px; }
#error { position: absolute; inset: 40% 10% auto; background: #fff3f3; border: 1px solid #b3261e; padding: 12px; }
#tools { position: absolute; right: 8px; top: 8px; background: rgba(255,255,255,.92); border: 1px solid #d5d8dd; padding: 6px 8px; max-width: 320px; }
#tools button { margin: 2px 2px 2px 0; }
`;
