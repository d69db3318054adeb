// `npm test` starts here: the story and e2e suites need a real Chromium, so say how to get one and stop.
import { findChromium, INSTALL_HINT } from './chromium.mjs';

const path = findChromium();
if (!path) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
console.log(`Chromium: ${path}`);
