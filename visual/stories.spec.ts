import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
  type WorkerInfo,
} from '@playwright/test';
import { EXCLUDED, FIXED_CLOCK } from './exclusions.mjs';

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

/** Every story in the built Storybook (`visual/prepare.mjs` builds it first). */
const index = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'storybook-static', 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

/** Channel events the visual test waits on; recorded from the moment the preview creates its channel. */
const WATCHED = ['storyFinished', 'storyErrored', 'storyMissing', 'storyThrewException', 'playFunctionThrewException'];

/**
 * Storybook 10's preview runs a story through phases (loading → rendering → playing → played → completing →
 * completed → afterEach → finished) and emits `storyFinished` {storyId, status} once the play function and the
 * afterEach hooks (the a11y check) are done; errors end in `storyErrored` / `storyThrewException` /
 * `playFunctionThrewException` instead. The preview installs its channel by assigning
 * `globalThis.__STORYBOOK_ADDONS_CHANNEL__`; a setter installed before any page script hooks it before the first event.
 */
function recordStorybookEvents(watched: string[]) {
  const events: { name: string; args: unknown[] }[] = [];
  (window as unknown as { __visualEvents: typeof events }).__visualEvents = events;
  let channel: unknown;
  Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(next: { on?: (name: string, fn: (...args: unknown[]) => void) => void } | undefined) {
      if (next && next !== channel && typeof next.on === 'function') {
        // Toasts stop their timers as soon as the play function is done, before the a11y check in two themes: on a
        // loaded machine those checks alone outlasted a toast's 5 seconds, and the picture lost the toast the story
        // ended on (a flaky failure of the toast stories before tabs were reused, too).
        next.on('storyRenderPhaseChanged', (change: unknown) => {
          if ((change as { newPhase?: string } | undefined)?.newPhase === 'played')
            window.dispatchEvent(new Event('blur'));
        });
        for (const name of watched) {
          next.on(name, (...args: unknown[]) => {
            events.push({ name, args });
            // Toasts stop their timers the moment the story is done (Radix pauses them when the window loses focus):
            // on a loaded machine the pictures may come seconds later, and the toast the story ended on is in them.
            if (name === 'storyFinished') window.dispatchEvent(new Event('blur'));
          });
        }
      }
      channel = next;
    },
  });
}

async function waitForStory(page: Page, storyId: string) {
  const handle = await page.waitForFunction(
    (id) => {
      const events =
        (window as unknown as { __visualEvents?: { name: string; args: unknown[] }[] }).__visualEvents ?? [];
      const done = events.find(
        (event) =>
          event.name !== 'storyFinished' || (event.args[0] as { storyId?: string } | undefined)?.storyId === id,
      );
      if (!done) return false;
      // A story that passed sends back only that: its a11y reports (every rule axe ran, twice) are large, and
      // serialising them in the page and again here for every story is work for nothing.
      const finished = done.args[0] as { status?: string } | undefined;
      if (done.name === 'storyFinished' && finished?.status === 'success')
        return JSON.stringify({ name: done.name, args: [{ status: 'success' }] });
      return JSON.stringify(done);
    },
    storyId,
    // Loading the preview and running a play function with its waits took over 20 s on a machine at half speed.
    { polling: 50, timeout: 60_000 },
  );
  const event = JSON.parse((await handle.jsonValue()) as string) as { name: string; args: unknown[] };
  const finished = event.args[0] as { status?: string; reporters?: A11yReport[] } | undefined;
  if (event.name !== 'storyFinished' || finished?.status !== 'success') {
    const page_ = await page
      .evaluate(
        () => `body class "${document.body.className}", ${innerWidth}×${innerHeight}, scrolled ${scrollX},${scrollY}`,
      )
      .catch(() => 'page gone');
    // The theme is the report's place among the a11y reports (light, then dark), not among the failed ones.
    const a11y = (finished?.reporters ?? [])
      .filter((report) => report.type === 'a11y')
      .map((report, index) => ({ report, index }))
      .filter(({ report }) => report.status === 'failed');
    throw new Error(
      `Story ${storyId} did not finish cleanly (${event.name}${finished?.status ? `: ${finished.status}` : ''})` +
        (a11y.length
          ? `:\n${a11y.map(({ report, index }) => describeA11yReport(report, index === 0 ? 'light theme' : 'dark theme')).join('\n')}`
          : `: ${JSON.stringify(event.args).slice(0, 6000)}`) +
        `\n(the page: ${page_})` +
        '\nRun it with `npm run test:stories` or open it in `npm run storybook` to see why.',
    );
  }
}

/** What @storybook/addon-a11y reports after a story: one report per theme (light, then dark; see .storybook/preview). */
interface A11yReport {
  type: string;
  status: 'passed' | 'failed' | 'warning';
  result?: {
    error?: unknown;
    violations?: {
      id: string;
      impact?: string;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    }[];
  };
}

function describeA11yReport(report: A11yReport, theme: string) {
  if (report.result?.error)
    return `  accessibility (${theme}): the check failed: ${JSON.stringify(report.result.error)}`;
  return (report.result?.violations ?? [])
    .map(
      (violation) =>
        `  accessibility (${theme}): ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ` +
        violation.nodes.map((node) => node.target.join(' ')).join(', ') +
        // The first node's reason (for contrast: the colours axe measured), which the selectors alone do not say.
        (violation.nodes[0]?.failureSummary
          ? `\n    first: ${violation.nodes[0].failureSummary.replace(/\s+/g, ' ')}`
          : ''),
    )
    .join('\n');
}

/**
 * Network quiet: no request started or ended for `quietMs`. Playwright's 'networkidle' never comes for stories that
 * show a loading state with a request the mocks hold open on purpose, so those pending requests are allowed.
 * One tracker per tab (a tab serves many stories); `restart` makes the story's own visit the start of the count.
 */
function trackNetwork(page: Page) {
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  page.on('request', touch);
  page.on('requestfinished', touch);
  page.on('requestfailed', touch);
  return {
    restart: touch,
    quiet: async (quietMs = 400, maxMs = 5_000) => {
      const start = Date.now();
      while (Date.now() - last < quietMs && Date.now() - start < maxMs) {
        await page.waitForTimeout(Math.max(25, quietMs - (Date.now() - last)));
      }
    },
  };
}
const networks = new WeakMap<Page, ReturnType<typeof trackNetwork>>();
function networkOf(page: Page) {
  let network = networks.get(page);
  if (!network) {
    network = trackNetwork(page);
    networks.set(page, network);
  }
  return network;
}

/** Each new tab starts with empty storage; the browser cache and the MSW service worker stay (that is the speed-up). */
function clearStorageOnce() {
  if (window.top === window && !sessionStorage.getItem('__visual')) {
    localStorage.clear();
    sessionStorage.setItem('__visual', '1');
  }
}

/**
 * The instant of the stories in FIXED_CLOCK: after the newest date in the mocks' fixtures (their orders' run to March
 * 20th), so what a story makes is the newest of its kind, as it is when it runs for real.
 */
const FIXED_NOW = new Date('2024-03-25T12:00:00.000Z');

/** A context as the project's `use` describes it, recording Storybook's events, its storage emptied once per tab. */
async function storyContext(browser: Browser, use_: WorkerInfo['project']['use']) {
  const context = await browser.newContext({
    baseURL: use_.baseURL,
    viewport: use_.viewport,
    deviceScaleFactor: use_.deviceScaleFactor,
    colorScheme: use_.colorScheme,
    locale: use_.locale,
    timezoneId: use_.timezoneId,
    serviceWorkers: 'allow',
    ...use_.contextOptions,
  });
  await context.addInitScript(clearStorageOnce);
  await context.addInitScript(recordStorybookEvents, WATCHED);
  // The preview leaves a screen's dark check to this layer (checkColoursInDark), at the dark phone picture.
  await context.addInitScript(() => {
    (globalThis as { __visualChecksScreensInDark?: boolean }).__visualChecksScreensInDark = true;
  });
  return context;
}

/** The id of the style that lets a screen's frame grow for its pictures (removed before the tab's next story). */
const GROWN_FRAME_ID = 'visual-grown-frame';

/**
 * Before the tab's next story: everything a fresh tab would have anew, back to what the project's `use` says. The
 * preview itself unmounts the last story (its cleanups run, the app's store and router go with it), resets the MSW
 * handlers and, in its `beforeEach` (.storybook/preview), the mocks' in-memory API and the stored theme choice.
 */
async function resetTab(page: Page, use_: WorkerInfo['project']['use']) {
  await page.context().clearCookies();
  const dark = await page.evaluate((grownFrameId) => {
    // The last story is about to be unmounted: hidden now, its page is not laid out again at the next story's size
    // and restyled for its theme only to be thrown away (resetting the tab took a tenth of the layer's time).
    const storybookOwn = (element: Element) =>
      element.id.startsWith('storybook-') ||
      Array.from(element.classList).some((name) => name.startsWith('sb-')) ||
      ['SCRIPT', 'STYLE', 'LINK'].includes(element.tagName);
    const root = document.getElementById('storybook-root');
    for (const element of [...Array.from(root?.children ?? []), ...Array.from(document.body.children)]) {
      if (element instanceof HTMLElement && !storybookOwn(element)) element.style.display = 'none';
    }
    localStorage.clear();
    for (const key of Object.keys(sessionStorage)) if (key !== '__visual') sessionStorage.removeItem(key);
    document.getElementById(grownFrameId)?.remove();
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    (window as unknown as { __visualEvents: unknown[] }).__visualEvents.length = 0;
    delete (window as { __checkColoursNow?: unknown }).__checkColoursNow;
    return matchMedia('(prefers-color-scheme: dark)').matches;
  }, GROWN_FRAME_ID);
  // Only what the last story changed (a screen's dark phone picture), then two frames for the page to re-layout,
  // so the next story's play function never measures a page that is still resizing.
  const viewport = use_.viewport;
  const size = page.viewportSize();
  if (viewport && (size?.width !== viewport.width || size.height !== viewport.height))
    await page.setViewportSize(viewport);
  const scheme = use_.colorScheme ?? 'light';
  if (dark !== (scheme === 'dark')) await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Keys a story may leave in localStorage that live nowhere else: the signed-in user's name
 * (packages/app/src/session/nameStorage.ts) and a list's rows per page and full-names choice
 * (catalogue/listPreferences.ts, keys starting so) are read only by the app store or the table each screen story
 * makes anew, so `resetTab` clearing storage is all a fresh tab would give. Every screen story signs someone in and leaves the name.
 */
const STORAGE_ONLY_KEYS = ['name', 'inventory.rowsPerPage.*', 'inventory.fullNames.*'];

/**
 * A tab may serve the next story unless the story left something that lives in the page's memory beyond what
 * `resetTab` and the preview reset: anything else it stored in localStorage or sessionStorage (e.g. the theme
 * switch's choice, which the app's theme store also keeps in memory). Such a tab is closed and the next story gets a
 * new one.
 */
async function tabIsClean(page: Page) {
  return page
    .evaluate(
      (storageOnly) =>
        Object.keys(localStorage).every((key) =>
          storageOnly.some((kept) => (kept.endsWith('*') ? key.startsWith(kept.slice(0, -1)) : key === kept)),
        ) && Object.keys(sessionStorage).every((key) => key === '__visual'),
      STORAGE_ONLY_KEYS,
    )
    .catch(() => false);
}

/** Shows `storyId` in the tab: the first story loads the preview; later ones are switched to through its channel. */
async function openStory(page: Page, storyId: string) {
  networkOf(page).restart();
  if (!page.url().includes('/iframe.html')) {
    await page.goto(`/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story`);
    return;
  }
  // What Storybook's manager (and @storybook/test-runner) sends to select a story: the preview tears the last one down
  // (unmount and cleanups) and renders, plays and checks this one, ending with `storyFinished` as on a fresh load.
  await page.evaluate((id) => {
    const channel = (globalThis as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit: (...args: unknown[]) => void } })
      .__STORYBOOK_ADDONS_CHANNEL__;
    channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
  }, storyId);
}

/** A worker's context of one kind (its clock running, or fixed) and the tab it keeps for the next story. */
interface Tabs {
  contexts: Partial<Record<'running' | 'fixed', BrowserContext>>;
  pages: Partial<Record<'running' | 'fixed', Page>>;
}

/**
 * One browser context and one tab per worker: the 1 MB preview bundle is loaded and parsed, and the MSW worker
 * started, once per tab instead of once per story; between stories the tab is reset (`resetTab`). A tab whose story
 * failed or left storage behind (`tabIsClean`) is closed, and the next story starts in a new one. The stories in
 * FIXED_CLOCK share a second context of the worker, its clock fixed (a context's clock holds for all its tabs).
 */
const test = base.extend<{ page: Page }, { tabs: Tabs }>({
  tabs: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const tabs: Tabs = { contexts: {}, pages: {} };
      await use(tabs);
      for (const context of Object.values(tabs.contexts)) await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ browser, tabs }, use, testInfo) => {
    const kind = FIXED_CLOCK[testInfo.title] ? 'fixed' : 'running';
    let context = tabs.contexts[kind];
    if (!context) {
      context = await storyContext(browser, testInfo.project.use);
      // Dates and SKUs the story stamps as it runs are the same in every run; timers run as usual. Not for every
      // story: records made in one frozen instant tie, and lists sorted by time then order them by id.
      if (kind === 'fixed') await context.clock.setFixedTime(FIXED_NOW);
      tabs.contexts[kind] = context;
    }
    let page = tabs.pages[kind];
    if (page) {
      await resetTab(page, testInfo.project.use);
    } else {
      await context.clearCookies();
      page = await context.newPage();
      tabs.pages[kind] = page;
    }
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus || !(await tabIsClean(page))) {
      await page.close();
      tabs.pages[kind] = undefined;
    }
  },
});

/**
 * A screen story's a11y check in the dark theme (the colour rules, with the story's own a11y parameters), which the
 * preview hands to this layer (`__checkColoursNow`, .storybook/preview.tsx) instead of flipping the theme itself. A
 * story whose a11y check is off leaves none.
 */
async function checkColoursInDark(page: Page, storyId: string) {
  const reports = await page.evaluate(async () => {
    const harness = window as { __checkColoursNow?: () => Promise<A11yReport[]> };
    const check = harness.__checkColoursNow;
    delete harness.__checkColoursNow;
    if (!check) return [];
    // Only what a failure message needs crosses back (axe's whole result is large).
    return (await check())
      .filter((report) => report.type === 'a11y' && report.status === 'failed')
      .map((report) => ({
        type: report.type,
        status: report.status,
        result: {
          error: report.result?.error === undefined ? undefined : String(report.result.error),
          violations: report.result?.violations?.map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
          })),
        },
      }));
  });
  if (reports.length) {
    throw new Error(
      `Story ${storyId} did not pass its a11y check in the dark theme at phone width:\n` +
        reports.map((report) => describeA11yReport(report, 'dark theme, phone width')).join('\n') +
        '\nRun it with `npm run test:stories` or open it in `npm run storybook` to see why.',
    );
  }
}

/** A phone in portrait (the width staff hold on the shop floor). */
const PHONE = { width: 390, height: 844 };

/** The rendered story switched, live, to the dark theme at a phone's width, laid out and its images decoded. */
async function toDarkPhone(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize(PHONE);
  await settle(page);
}

/** Screen stories (the app's pages and their states), as opposed to the design system's primitives. */
function isScreen(story: IndexEntry) {
  return story.id.startsWith('app-');
}

/** PageLayout's frame (the flex row holding the column with <main>) as tall as what it holds. */
const GROWN_FRAME = `
  div:has(> div > main#main) { height: auto !important; min-height: 100vh; overflow: visible !important; }
  main#main { overflow: visible !important; }
  div:has(> div > main#main) > div:first-child, div:has(> div > main#main) > div:first-child > nav { height: auto !important; }
`;

/** Two frames for the re-layout and restyle, then any image the new layout shows decoded. */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.evaluate(() =>
    Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined))).then(() => undefined),
  );
}

const devtools = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The whole page as Playwright's full-page screenshot takes it (the same clip of the document, the same capture, so
 * the same PNG bytes), straight through the DevTools protocol. Playwright's own also prepares the page (hides the
 * caret, stops animations, waits for fonts) and restores it, in four more round trips that took half a picture's
 * time; here the caret is gone (nothing is focused), animations are off (reduced motion) and the fonts were awaited.
 */
async function screenshotOf(page: Page): Promise<Buffer> {
  let session = devtools.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    devtools.set(page, session);
  }
  const size = await page.evaluate(() => {
    const { body, documentElement: root } = document;
    return {
      width: Math.max(
        body.scrollWidth,
        root.scrollWidth,
        body.offsetWidth,
        root.offsetWidth,
        body.clientWidth,
        root.clientWidth,
      ),
      height: Math.max(
        body.scrollHeight,
        root.scrollHeight,
        body.offsetHeight,
        root.offsetHeight,
        body.clientHeight,
        root.clientHeight,
      ),
    };
  });
  const viewport = page.viewportSize();
  const fits = !!viewport && size.width <= viewport.width && size.height <= viewport.height;
  const { data } = await (
    await session
  ).send('Page.captureScreenshot', {
    format: 'png',
    clip: { x: 0, y: 0, ...size, scale: 1 },
    captureBeyondViewport: !fits,
  });
  return Buffer.from(data, 'base64');
}

/**
 * The page compared with its approved picture. Chromium encodes the same pixels to the same PNG bytes, so a
 * screenshot equal byte for byte to the baseline is a match without decoding both images and comparing every pixel
 * (about a third of a picture's time). Anything else, and any run that updates pictures, goes through
 * `toHaveScreenshot`, which applies the tolerances and writes the diff.
 */
async function expectPicture(page: Page, name: string) {
  const baseline = test.info().snapshotPath(name);
  if (test.info().config.updateSnapshots !== 'all' && existsSync(baseline)) {
    const shot = await screenshotOf(page);
    if (shot.equals(readFileSync(baseline))) return;
    await expect(page).toHaveScreenshot(name, { fullPage: true });
    // Within the tolerances but not the same bytes (e.g. a new Chromium antialiases an edge differently): with
    // VISUAL_REFRESH=1 the baseline becomes what this Chromium draws, so later runs match it byte for byte.
    if (process.env.VISUAL_REFRESH === '1') writeFileSync(baseline, shot);
    return;
  }
  await expect(page).toHaveScreenshot(name, { fullPage: true });
}

for (const story of stories) {
  const reason = EXCLUDED[story.id];
  test(story.id, async ({ page }) => {
    // The one visit that proves the story: its play function and its a11y check in both themes (the preview's
    // afterEach) must pass, then the same rendered state is pictured.
    await openStory(page, story.id);
    await waitForStory(page, story.id);
    if (reason !== undefined) {
      test.info().annotations.push({ type: 'not pictured', description: reason });
      if (isScreen(story)) {
        await toDarkPhone(page);
        await checkColoursInDark(page, story.id);
      }
      return;
    }
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await networkOf(page).quiet();
    // Images (e.g. product photos from the mocks) fully decoded before the picture is taken.
    await page.evaluate(() =>
      Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined))).then(() => undefined),
    );
    // Pictures compare layout and look, not focus: where focus ends after a play function can depend on timing (a
    // focused submit button that turns disabled loses focus only if the re-render wins), and play functions assert
    // focus themselves.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // Toasts stay as they are while the pictures are taken (Radix pauses their timers when the window loses focus):
    // the dark and phone pictures come seconds after the first, and a toast would otherwise be gone by then.
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    // Each picture shows the page from its top: where a play function left the page scrolled depends on timing (a
    // focused field scrolled into view before or after the layout grew).
    // A screen's content scrolls inside <main> (the frame is one window high), so a picture of the window would cut
    // it off; for the pictures the frame grows with its content. The design system's PageLayout stories keep the
    // inner scrolling they are about.
    if (isScreen(story)) {
      await page.evaluate(
        ([id, css]) => {
          const style = document.createElement('style');
          style.id = id;
          style.textContent = css;
          document.head.append(style);
        },
        [GROWN_FRAME_ID, GROWN_FRAME] as const,
      );
    }
    const toTop = () =>
      page.evaluate(() => {
        window.scrollTo(0, 0);
        // The app's layout scrolls its content inside <main>, not the window.
        for (const element of document.querySelectorAll('*')) if (element.scrollTop > 0) element.scrollTop = 0;
      });
    await toTop();
    await expectPicture(page, `${story.id}.png`);
    if (!isScreen(story)) return;
    // Screens are pictured a second time, in the dark theme at a phone's width: the theme changes colours only and
    // the width layout only, so one picture across both shows a regression in either (docs/decisions/0040). The story
    // is not replayed: the theme follows the system setting and the layout the width, live, so the same rendered
    // state is re-pictured.
    await toDarkPhone(page);
    // The story's dark a11y check (the colour rules), here instead of in the preview: the page is in the dark theme
    // now anyway, and so the check covers the phone's layout (cards, the drawer) in every state too.
    await checkColoursInDark(page, story.id);
    // Focus again off whatever took it since the first picture (a screen focuses its heading once its route has
    // rendered, which on a loaded machine came after the first blur; the phone picture then had its outline).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await toTop();
    await expectPicture(page, `${story.id}--phone-dark.png`);
  });
}
