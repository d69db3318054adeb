import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, resetPathIn } from '../support/mail';
import { expectToast } from '../support/toast';
import { newUser } from '../support/users';

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a new user registers, signs out, is turned back, resets the password and signs in with it', async ({ page }) => {
  const user = newUser();
  const newPassword = `${user.password}-new`;

  await page.goto('/');
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'User Registered successfully');
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Session expired, please login to continue.');

  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Get Reset Email' }).click();
  await expectToast(page, 'If that email is registered, a reset link has been sent to it.');

  const resetPath = resetPathIn(await latestMailTo(user.email));
  await page.goto(resetPath);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password reset successful, please login');
  await expect(page).toHaveURL(/\/login$/);

  await login(page, user.email, user.password);
  await expectToast(page, 'Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);

  await login(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Login Successful...');
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();
});

test('a used reset link is refused', async ({ page, request }) => {
  const user = newUser();
  const registered = await request.post('/api/users/register', { data: user });
  expect(registered.status()).toBe(201);
  await request.post('/api/users/forgotpassword', { data: { email: user.email } });
  const resetPath = resetPathIn(await latestMailTo(user.email));

  const first = await request.put(`/api${resetPath.replace('/resetpassword', '/users/resetpassword')}`, {
    data: { password: 'another1', password2: 'another1' },
  });
  expect(first.status()).toBe(200);

  await page.goto(resetPath);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('another2');
  await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('another2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Invalid or expired reset link, please request a new one');
});
