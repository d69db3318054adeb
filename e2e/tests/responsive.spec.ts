import { expect, test } from '@playwright/test';
import { expectScreenFits } from '../support/fits';
import { networkQuiet, trackNetwork } from '../support/network-quiet';
import { seedProductAndOrder, signedInScreens } from '../support/screens';
import { signUp } from '../support/session';

/**
 * The narrowest phone and a tablet in portrait (the width from which the sidebar shows). A phone of 390 px is checked
 * the same way by the light theme's a11y run (a11y.spec.ts), in the same visit of every screen; at a laptop's 1280 px
 * every state of every screen is pictured by the stories, where a page wider than the window makes a wider picture.
 */
const WIDTHS = [360, 768];

// Each width, in parts, signs up a user of its own: the parts spread over the workers instead of running one after another.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

const PARTS = 3;

for (const width of WIDTHS) {
  for (let part = 0; part < PARTS; part += 1) {
    test(`every signed-in screen fits ${width} px without sideways scrolling, part ${part + 1} of ${PARTS}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      await signUp(page);
      const screens = signedInScreens(await seedProductAndOrder(page));
      const size = Math.ceil(screens.length / PARTS);
      trackNetwork(page);
      for (const screen of screens.slice(part * size, (part + 1) * size)) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await networkQuiet(page);
          await expectScreenFits(page, screen.name, width);
        });
      }
    });
  }
}
