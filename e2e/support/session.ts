import { expect, type Page } from '@playwright/test';
import { newUser } from './users';

/** Registers a fresh user through the API; the browser context keeps the session cookie. */
export async function signUp(page: Page) {
  const user = newUser();
  const response = await page.request.post('/api/users/register', { data: user });
  expect(response.status()).toBe(201);
  return user;
}

/**
 * A field by its accessible name (labels carry a required '*', so label text is not exact): a text box, or a text box
 * that suggests values (the product form's category is a combobox).
 */
export function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true }).or(page.getByRole('combobox', { name, exact: true }));
}
