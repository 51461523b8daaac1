/// <reference lib="dom" />
/**
 * Bundle entry of `surfcd view` (scripts/build-viewer.mjs): the report page plus the live drag
 * tools and the surfcd core, with the first-party plugins handed to the core's registry.
 */
import './installFirstParty.js';
import { startLive } from '../src/viewer/live.js';
import { startPage } from '../src/viewer/page.js';
import { showStartError } from '../src/viewer/style.js';

const start = (): void => void startPage(startLive).catch(showStartError);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
