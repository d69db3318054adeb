import { type Page } from '@playwright/test';

/** The value of a dashboard summary box, e.g. summary(page, 'Total Products'). */
export function summary(page: Page, title: string) {
  return page.locator('dl', { has: page.locator('dt', { hasText: title }) }).locator('dd');
}
