import { expect, test, type Page } from '@playwright/test';
import { latestMailTo, resetPathIn } from '../support/mail';
import { newUser } from '../support/users';

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a new user registers, signs out, is turned back, resets the password and signs in with it', async ({ page }) => {
  const user = newUser();
  const newPassword = `${user.password}-new`;

  await page.goto('/');
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('User Registered successfully')).toBeVisible();
  await expect(page.getByText(`Welcome, ${user.name}`)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Session expired, please login to continue.')).toBeVisible();

  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Get Reset Email' }).click();
  await expect(page.getByText(/reset link has been sent/i)).toBeVisible();

  const resetPath = resetPathIn(await latestMailTo(user.email));
  await page.goto(resetPath);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful, please login')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login Successful...')).toBeVisible();
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
  await page.getByLabel('New Password').fill('another2');
  await page.getByLabel('Confirm New Password').fill('another2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Invalid or expired reset link, please request a new one')).toBeVisible();
});
