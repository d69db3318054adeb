import type { Page } from '@playwright/test';

interface Tracker {
  inFlight: Set<unknown>;
  last: number;
}

const trackers = new WeakMap<Page, Tracker>();

function trackerOf(page: Page): Tracker {
  let tracker = trackers.get(page);
  if (!tracker) {
    const created: Tracker = { inFlight: new Set(), last: Date.now() };
    const start = (request: unknown) => {
      created.inFlight.add(request);
      created.last = Date.now();
    };
    const end = (request: unknown) => {
      created.inFlight.delete(request);
      created.last = Date.now();
    };
    page.on('request', start);
    page.on('requestfinished', end);
    page.on('requestfailed', end);
    // A page that navigates away drops its requests without finishing them.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) created.last = Date.now();
    });
    tracker = created;
    trackers.set(page, tracker);
  }
  return tracker;
}

/** Starts counting a page's requests: call it before the page's first navigation. */
export function trackNetwork(page: Page) {
  trackerOf(page);
}

/**
 * Waits until no request of the page is in flight and none started or ended for `quietMs`: the screen's data has
 * come. Playwright's 'networkidle' waits 500 ms of silence after every load; a screen checked on each of dozens of
 * visits spends most of its time in that wait, while answers from a local server come within milliseconds.
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 10_000) {
  const tracker = trackerOf(page);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    if (tracker.inFlight.size === 0 && now - tracker.last >= quietMs) return;
    if (now > deadline)
      throw new Error(
        `the network did not go quiet within ${timeoutMs} ms (${tracker.inFlight.size} requests in flight)`,
      );
    await page.waitForTimeout(Math.max(20, quietMs - (now - tracker.last)));
  }
}
