import { expect, type Page } from '@playwright/test';

/** A toast in the notifications region (Radix also mirrors its text into a live region, hence `exact`). */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('region', { name: /notifications/i }).getByText(text, { exact: true })).toBeVisible();
}
