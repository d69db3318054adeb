import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { pending, serverError, signedIn, signedOut, withOverrides } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, expectToast } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { CONTACT_INFO, ContactPage } from './ContactPage';

const meta = {
  title: 'App/Contact Us',
  component: ContactPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/contact-us' } },
  beforeEach: signedIn(),
} satisfies Meta<typeof ContactPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const SUBJECT = 'Barcode scanner disconnects';
const MESSAGE = 'The scanner on the front desk drops its connection every few minutes.';

async function fillAndSend(canvasElement: HTMLElement, subject = SUBJECT, message = MESSAGE) {
  const canvas = within(canvasElement);
  await expectPage(canvasElement, 'Contact Us');
  if (subject) await userEvent.type(canvas.getByRole('textbox', { name: 'Subject' }), subject);
  if (message) await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), message);
  await userEvent.click(canvas.getByRole('button', { name: 'Send Message' }));
  return canvas;
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Contact Us');
    await expect(canvas.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    const info = within(canvas.getByRole('region', { name: 'Our Contact Information' }));
    await expect(info.getByRole('link', { name: CONTACT_INFO.phone })).toHaveAttribute('href', 'tel:+15550100199');
    await expect(info.getByRole('link', { name: CONTACT_INFO.email })).toHaveAttribute(
      'href',
      `mailto:${CONTACT_INFO.email}`,
    );
    await expect(info.getByText(CONTACT_INFO.location)).toBeVisible();
    await expect(info.getByText(CONTACT_INFO.social)).toBeVisible();
    // 'Report Bug' in the sidebar is this page.
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Report Bug' })).toHaveAttribute('aria-current', 'page');
  },
};

export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSend(canvasElement, '', '');
    const subject = canvas.getByRole('textbox', { name: 'Subject' });
    const message = canvas.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'true'));
    await expect(subject).toHaveAccessibleDescription(MESSAGES.subjectRequired);
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAccessibleDescription(MESSAGES.messageRequired);
    await expect(canvas.queryByText(MESSAGES.contactSent)).toBeNull();
  },
};

export const Sending: Story = {
  parameters: { msw: { handlers: withOverrides(pending('/api/contactus', 'post')) } },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSend(canvasElement);
    const button = canvas.getByRole('button', { name: 'Send Message' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSend(canvasElement);
    await expectToast(canvasElement, MESSAGES.contactSent, 'success');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Subject' })).toHaveValue(''));
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  },
};

export const SendFails: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/contactus', 'post')) } },
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSend(canvasElement);
    await expectToast(canvasElement, MESSAGES.internalError, 'error');
    await expect(canvas.getByRole('textbox', { name: 'Subject' })).toHaveValue(SUBJECT);
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveValue(MESSAGE);
    await expect(canvas.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  },
};

export const SessionExpired: Story = {
  beforeEach: signedOut(),
  play: async ({ canvasElement }) => {
    await expectToast(canvasElement, MESSAGES.sessionExpired, 'info');
    await expectPage(canvasElement, 'Login');
  },
};
