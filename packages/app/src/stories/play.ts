import { expect, waitFor, within } from 'storybook/test';
import type { ToastKind } from '../toasts/toastsSlice';

/**
 * Lazy routes and mocked calls take a moment in a cold browser. The screenshot run loads every story in a new tab;
 * on a loaded two-core machine a screen's first paint once took over 5 s there.
 */
export const SLOW = { timeout: 12_000 };

/** Waits for a toast with this text and checks its kind. */
export async function expectToast(canvasElement: HTMLElement, message: string, kind: ToastKind): Promise<void> {
  const text = await within(canvasElement).findByText(message, {}, SLOW);
  const toast = text.closest('li');
  await expect(toast).toHaveAttribute('data-kind', kind);
  await expect(toast).toBeVisible();
}

/** Waits for the page's h1. */
export async function expectPage(canvasElement: HTMLElement, title: string): Promise<HTMLElement> {
  const heading = await within(canvasElement).findByRole('heading', { level: 1, name: title }, SLOW);
  await expect(heading).toBeVisible();
  return heading;
}

/** Waits for a loading indicator announced with this label (a role="status" with visually hidden text). */
export async function expectBusy(canvasElement: HTMLElement, label: string): Promise<void> {
  const text = await within(canvasElement).findByText(label, {}, SLOW);
  await expect(text.closest('[role="status"]')).not.toBeNull();
}

/**
 * Waits until the field labelled `label` shows `message` as its error (marked invalid, the message in its accessible
 * description), and checks the message is not also a toast: a failure that concerns a field is shown there alone.
 */
export async function expectFieldError(canvasElement: HTMLElement, label: RegExp | string, message: string): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  const field = canvas.getByLabelText(label);
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'), SLOW);
  await expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  for (const shown of canvas.queryAllByText(message)) await expect(shown.closest('li[data-kind]')).toBeNull();
  return field;
}

/** No toast of this kind is on screen. */
export async function expectNoToast(canvasElement: HTMLElement, kind: ToastKind): Promise<void> {
  await expect(canvasElement.ownerDocument.querySelector(`li[data-kind="${kind}"]`)).toBeNull();
}
