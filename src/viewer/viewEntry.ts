/// <reference lib="dom" />
/** Bundle entry of `surfcd view`: the report page plus the live drag tools and the surfcd core. */
import { startLive } from './live.js';
import { startPage } from './page.js';
import { showStartError } from './style.js';

const start = (): void => void startPage(startLive).catch(showStartError);
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
