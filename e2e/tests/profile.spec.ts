import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { field, signUp } from '../support/session';
import { expectToast } from '../support/toast';

const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);

test('profile: edit with a photo, see it on the profile, change password, sign in with the new one', async ({
  page,
}) => {
  const user = await signUp(page);

  await page.goto('/profile');
  await expect(page.getByText(user.email)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(field(page, 'Email')).toBeDisabled();
  await expect(page.getByText('Email cannot be changed.')).toBeVisible();

  await field(page, 'Name').fill(`${user.name} Senior`);
  await field(page, 'Phone').fill('+1 555 010 0199');
  await field(page, 'Bio').fill('Runs the Lagos warehouse.');
  await page.getByLabel('Photo').setInputFiles(fixture('monitor.jpg'));
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expectToast(page, 'Profile updated successfully');
  await expect(page.getByText(`${user.name} Senior`).first()).toBeVisible();
  await expect(page.getByText('+1 555 010 0199')).toBeVisible();
  await expect(page.getByText('Runs the Lagos warehouse.')).toBeVisible();
  const photo = page.getByRole('main').getByRole('img').first();
  await expect(photo).toHaveAttribute('src', /\/uploads\/.+\.jpg$/);
  // The src is set before the bytes arrive: wait for the picture to load, then check it decoded.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.goto('/edit-profile');
  const newPassword = `${user.password}-2`;
  await field(page, 'Old Password').fill('not-my-password');
  await field(page, 'New Password').fill(newPassword);
  await field(page, 'Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  // A failure that concerns one field shows under it (issue 26).
  await expect(field(page, 'Old Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Old Password')).toHaveAccessibleDescription(/Old password is incorrect/);

  await field(page, 'Old Password').fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password changed successfully');
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expectToast(page, 'Invalid email or password');
  await field(page, 'Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${user.name} Senior`)).toBeVisible();
});
