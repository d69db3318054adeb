import type { Page } from '@playwright/test';

/**
 * A keyboard-wedge scanner's burst into whatever has the focus: every key of the code, then Enter, dispatched in the
 * page in one task, so the keys come a scanner's few milliseconds apart. Typed through Playwright's keyboard each
 * key is a round trip to the browser, over 100 ms apart on a busy machine, which the app rightly takes for a person
 * typing (scanning/wedgeBurst.ts). The scanning journey (labels-scanning.spec.ts) still types its scans through the
 * real keyboard.
 */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  await page.evaluate((code) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...code, 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true }));
    }
  }, code);
}
