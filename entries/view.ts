/** The live viewer's bundle entry (scripts/build-viewer.mjs): its page runs the core, with the first-party plugins registered. */
import './installFirstParty.js';
import '../src/viewer/viewEntry.js';
