import type { Meta, StoryObj } from '@storybook/react-vite';
import { MESSAGES } from '@inventory/contract';
import { pending, serverError, signedIn, signedOut, withContactDetails, withOverrides } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectPage, expectToast } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { ContactPage } from './ContactPage';

const meta = {
  title: 'App/Contact Us',
  component: ContactPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/contact-us' } },
  beforeEach: signedIn(),
} satisfies Meta<typeof ContactPage>;

/** What an operator might configure (CONTACT_EMAIL, CONTACT_PHONE, CONTACT_ADDRESS, CONTACT_SOCIAL). */
const DETAILS = {
  email: 'help@bytebazaar.example',
  phone: '+44 (20) 7946-0958',
  address: 'Leeds, United Kingdom',
  social: '@bytebazaar',
};

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
  beforeEach: withContactDetails(DETAILS),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'Contact Us');
    await expect(canvas.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    const info = within(canvas.getByRole('region', { name: 'Our Contact Information' }));
    await expect(await info.findByRole('link', { name: DETAILS.phone })).toHaveAttribute('href', 'tel:+442079460958');
    await expect(info.getByRole('link', { name: DETAILS.email })).toHaveAttribute('href', `mailto:${DETAILS.email}`);
    await expect(info.getByText(DETAILS.address)).toBeVisible();
    await expect(info.getByText(DETAILS.social)).toBeVisible();
    // 'Report Bug' in the sidebar is this page.
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Report Bug' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Only an email configured: the panel shows it and nothing it cannot stand behind. */
export const OnlyEmailConfigured: Story = {
  beforeEach: withContactDetails({ email: DETAILS.email }),
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Contact Us');
    const info = within(within(canvasElement).getByRole('region', { name: 'Our Contact Information' }));
    await expect(await info.findByRole('link', { name: DETAILS.email })).toBeVisible();
    await expect(info.getAllByRole('listitem')).toHaveLength(1);
    await expect(info.queryByText('Phone')).toBeNull();
    await expect(info.queryByText('Location')).toBeNull();
  },
};

/** Nothing configured (the server's default): no made-up details, a plain statement instead. */
export const NothingConfigured: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Contact Us');
    const info = within(within(canvasElement).getByRole('region', { name: 'Our Contact Information' }));
    await expect(await info.findByText(/No contact details have been published here/)).toBeVisible();
    await expect(info.queryByRole('listitem')).toBeNull();
    await expect(info.queryByRole('link')).toBeNull();
  },
};

export const DetailsFail: Story = {
  parameters: { msw: { handlers: withOverrides(serverError('/api/contactus', 'get')) } },
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'Contact Us');
    const info = within(within(canvasElement).getByRole('region', { name: 'Our Contact Information' }));
    await expect(await info.findByRole('button', { name: /try again|retry/i })).toBeVisible();
    // The form still works without the details.
    await expect(within(canvasElement).getByRole('button', { name: 'Send Message' })).toBeEnabled();
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
