import { expect, test } from '@playwright/test';
import { latestMailWith } from '../support/mail';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';

test('contact: send a message to support; the mail is saved for the support address', async ({ page }) => {
  const user = await signUp(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Report Bug' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  // This server configures no CONTACT_* settings: the panel claims no phone, email or city.
  const info = page.getByRole('region', { name: 'Our Contact Information' });
  await expect(info.getByText(/No contact details have been published here/)).toBeVisible();
  await expect(info.getByRole('link')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter a subject')).toBeVisible();

  const subject = `Label printer jams ${user.email}`;
  await field(page, 'Subject').fill(subject);
  await field(page, 'Message').fill('The Zebra printer in bay 3 jams on every second label.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Your message has been sent to support, we will get back to you soon');
  await expect(field(page, 'Subject')).toHaveValue('');

  const mail = await latestMailWith(subject);
  expect(mail).toMatch(/^To: support@localhost/m);
  expect(mail).toMatch(new RegExp(`^Reply-To: .*${user.email.replace('.', '\\.')}`, 'm'));
  expect(mail).toContain('bay 3 jams');
});
