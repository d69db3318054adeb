import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectScreenFits, TABLET } from '../support/fits';
import { networkQuiet, trackNetwork } from '../support/network-quiet';
import { type Screen, seedProductAndOrder, signedInScreens } from '../support/screens';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';

/** WCAG 2.0 A and AA and 2.1 AA: the level the app promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
type Theme = 'light' | 'dark';
/**
 * The run: every rule in the light theme on a phone, where the layout is the app's own (cards and the drawer where a
 * laptop has tables and the sidebar), against the real server's data. The stories check every state of every screen
 * with every rule in the light theme at a laptop's width and with the colour rules in the dark theme at a phone's
 * (visual/stories.spec.ts), so runs here at those proved nothing they did not; the dark theme against the real
 * server is checked once below, on the dashboard (docs/decisions/0053-suite-time-dark-check-at-phone.md).
 */
const RUNS = [{ theme: 'light', width: 390 }] as const satisfies readonly {
  theme: Theme;
  width: number;
}[];

// Each test signs up a user of its own: the theme × width runs, each in parts, spread over the workers.
// A part takes about half a minute on a loaded two-core machine; twice the default leaves room for a slower one.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

/** The public pages, signed out. The reset link's token need not be valid for the form to show. */
const PUBLIC_PAGES = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'forgot password', path: '/forgot' },
  { name: 'reset password', path: '/resetpassword/0123456789abcdef' },
  { name: 'not found', path: '/no-such-page' },
];

/** Waits until nothing animates (a toast sliding in, a dialog opening): axe measures colours as they end up. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/**
 * The rules whose outcome a theme can change: the themes differ only in colours, so in the dark theme only these run
 * again; the light theme's run, at the same widths, checks every rule (docs/decisions/0040-suite-time.md).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The rules a theme's run checks: all of them in the light theme, the colour rules again in the dark one. */
const rulesOf = (theme: Theme) => (theme === 'dark' ? 'colours' : 'all');

/**
 * Runs axe on the page as it is now (every WCAG rule, or the colour rules only) and fails with each violation's rule,
 * impact and elements.
 */
async function expectNoViolations(page: Page, what: string, rules: 'all' | 'colours' = 'all') {
  await settled(page);
  // Legacy mode runs axe in the page itself. The default opens a blank page for every check to merge the frames'
  // results (these pages have no frames), which took three times as long as the check (0.7 s against 1.5–2.2 s).
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  const { violations } = await (rules === 'colours' ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG_TAGS)).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect.soft(found, `${what}: axe violations`).toEqual([]);
}

async function openScreen(page: Page, path: string) {
  trackNetwork(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await networkQuiet(page);
}

/**
 * The signed-in screens in parts of about six, each part a test of its own (with a user of its own): a run of one
 * theme and width is seven tests the workers share instead of one four minutes long.
 */
const PARTS = 6;
const partOf = (screens: Screen[], part: number) => {
  const size = Math.ceil(screens.length / PARTS);
  return screens.slice(part * size, (part + 1) * size);
};

for (const { theme, width } of RUNS) {
  test.describe(`${theme} theme at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width < TABLET ? 844 : 900 });
      // No stored choice: the app follows the system setting, as it does by default.
      await page.emulateMedia({ colorScheme: theme });
    });

    test('public pages have no WCAG A/AA violations', async ({ page }) => {
      for (const screen of PUBLIC_PAGES) {
        await test.step(screen.name, async () => {
          await openScreen(page, screen.path);
          await expect(page.locator('html')).not.toHaveAttribute('data-theme');
          await expectNoViolations(page, `${screen.name} (${theme}, ${width} px)`, rulesOf(theme));
        });
      }
    });

    // The light runs also check that every screen fits its width (responsive.spec.ts checks 360 and 768 px alone):
    // one visit of each screen proves both.
    for (let part = 0; part < PARTS; part += 1) {
      const what =
        theme === 'light' ? 'have no WCAG A/AA violations and fit the width' : 'have no WCAG A/AA violations';
      test(`signed-in screens, part ${part + 1} of ${PARTS}, ${what}`, async ({ page }) => {
        await signUp(page);
        const screens = partOf(signedInScreens(await seedProductAndOrder(page)), part);
        for (const screen of screens) {
          await test.step(screen.name, async () => {
            await openScreen(page, screen.path);
            await expectNoViolations(page, `${screen.name} (${theme}, ${width} px)`, rulesOf(theme));
            if (theme === 'light') await expectScreenFits(page, screen.name, width);
          });
        }
      });
    }

    test('open states (dialogs, field errors, a toast, the drawer) have no WCAG A/AA violations', async ({ page }) => {
      await signUp(page);
      await seedProductAndOrder(page);

      await test.step('confirm dialog', async () => {
        await openScreen(page, '/dashboard');
        await page
          .getByRole('button', { name: /^Delete Lenovo ThinkPad/ })
          .first()
          .click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, `confirm dialog (${theme}, ${width} px)`, rulesOf(theme));
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step('rename dialog with a field error', async () => {
        await openScreen(page, '/categories');
        await page.getByRole('button', { name: 'Rename Business Laptops' }).click();
        const dialog = page.getByRole('dialog', { name: 'Rename Business Laptops' });
        await dialog.getByRole('textbox', { name: 'New name' }).fill('');
        await dialog.getByRole('button', { name: 'Rename' }).click();
        await expect(dialog.getByText('Please enter a category')).toBeVisible();
        await expectNoViolations(page, `rename dialog (${theme}, ${width} px)`, rulesOf(theme));
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step('field errors and a toast', async () => {
        await openScreen(page, '/contact-us');
        await page.getByRole('button', { name: 'Send Message' }).click();
        await expect(page.getByText('Please enter a subject')).toBeVisible();
        await expectNoViolations(page, `contact field errors (${theme}, ${width} px)`, rulesOf(theme));
        await field(page, 'Subject').fill('Scanner in bay 2');
        await field(page, 'Message').fill('The scanner in bay 2 reads every label twice.');
        await page.getByRole('button', { name: 'Send Message' }).click();
        await expectToast(page, 'Your message has been sent to support, we will get back to you soon');
        await expectNoViolations(page, `toast (${theme}, ${width} px)`, rulesOf(theme));
      });

      if (width < TABLET) {
        await test.step('navigation drawer', async () => {
          await openScreen(page, '/dashboard');
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
          await expectNoViolations(page, `navigation drawer (${theme}, ${width} px)`, rulesOf(theme));
          await page.keyboard.press('Escape');
        });
      }
    });
  });
}

test('an explicit theme choice wins over the system and is applied before the app draws', async ({ page }) => {
  await signUp(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await openScreen(page, '/dashboard');
  // The option's label is what a pointer hits (the radio inside it is visually hidden).
  await page.getByTitle('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoViolations(page, 'dashboard, dark chosen over a light system');

  // Reloaded: the head script sets the theme before any of the app's code runs (no flash of the light theme).
  const themeAtFirstScript = page.waitForEvent('console', (message) => message.text().startsWith('theme at load:'));
  await page.addInitScript(() => {
    document.addEventListener(
      'readystatechange',
      () => {
        if (document.readyState === 'interactive')
          console.log(`theme at load: ${document.documentElement.dataset.theme}`);
      },
      { once: true },
    );
  });
  await page.reload();
  expect((await themeAtFirstScript).text()).toBe('theme at load: dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  await page.getByTitle(/^System/).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.getByRole('radio', { name: 'System (dark)' })).toBeChecked();
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(15, 19, 28)');
});
