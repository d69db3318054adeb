import { expect, type Page } from '@playwright/test';

/** The width from which the sidebar shows instead of the navigation drawer. */
export const TABLET = 768;

/** How far the page and its scrolling main area reach sideways, beside the room they have. */
function sidewaysReach(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      innerWidth: window.innerWidth,
      pageWidth: document.documentElement.scrollWidth,
      mainScrollWidth: main?.scrollWidth ?? 0,
      mainClientWidth: main?.clientWidth ?? 0,
      mainWidth: main?.getBoundingClientRect().width ?? 0,
    };
  });
}

/** The words of the page's headings that are split over two lines ("Dashbo" / "ard"). */
function headingWordsBroken(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const heading of document.querySelectorAll('main h1, main h2, main h3')) {
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          // A word on one line has one box; a word broken across lines has one a line.
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}

/**
 * The screen open in `page` fits its width: nothing scrolls sideways, no heading breaks inside a word, and the
 * navigation is the drawer below a tablet's width (reachable, whole, closed with Escape) and the sidebar from it.
 */
export async function expectScreenFits(page: Page, name: string, width: number) {
  const reach = await sidewaysReach(page);
  expect.soft(reach.pageWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(reach.innerWidth);
  expect.soft(reach.mainScrollWidth, `${name}: the content scrolls sideways`).toBeLessThanOrEqual(reach.mainClientWidth);
  expect.soft(await headingWordsBroken(page), `${name}: a heading breaks inside a word`).toEqual([]);

  const menu = page.getByRole('button', { name: 'Open navigation' });
  if (width < TABLET) {
    expect.soft(reach.mainWidth, `${name}: the content is narrowed`).toBeGreaterThanOrEqual(0.9 * width);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    // While the modal drawer is open the rest of the page is hidden from assistive technology, the menu too.
    await expect(page.locator('button[aria-label="Open navigation"]')).toHaveAttribute('aria-expanded', 'true');
    const dashboard = drawer.getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toBeVisible();
    await expect(dashboard).toBeInViewport();
    await expect(drawer.getByRole('link', { name: 'Report Bug' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
  } else {
    await expect(menu).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
}
