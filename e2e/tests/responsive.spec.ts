import { expect, test } from '@playwright/test';
import { expectScreenFits } from '../support/fits';
import { seedProductAndOrder, signedInScreens } from '../support/screens';
import { signUp } from '../support/session';

/**
 * The narrowest phone and a tablet in portrait (the width from which the sidebar shows). A phone of 390 px and a
 * laptop of 1280 px are checked the same way by the light theme's a11y runs at those widths (a11y.spec.ts), in the
 * same visit of every screen.
 */
const WIDTHS = [360, 768];

// Each width signs up a user of its own: the widths spread over the workers instead of running one after another.
test.describe.configure({ mode: 'parallel' });

for (const width of WIDTHS) {
  test(`every signed-in screen fits ${width} px without sideways scrolling`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 844 });
    await signUp(page);
    const screens = signedInScreens(await seedProductAndOrder(page));

    for (const screen of screens) {
      await test.step(screen.name, async () => {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectScreenFits(page, screen.name, width);
      });
    }
  });
}
