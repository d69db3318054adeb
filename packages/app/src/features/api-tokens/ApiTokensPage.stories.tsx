import type { Meta, StoryObj } from '@storybook/react-vite';
import { API_TOKEN_PREFIX, MESSAGES, forbiddenMessage } from '@inventory/contract';
import { DEMO_TOKENS, signedInAs } from '@inventory/mocks';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { confirmDialog } from '../../stories/catalogueStoryHelpers';
import { expectPage, expectToast, SLOW } from '../../stories/play';
import { withAppProviders } from '../../stories/withAppProviders';
import { ApiTokensPage } from './ApiTokensPage';

const meta = {
  title: 'App/Team/API tokens',
  component: ApiTokensPage,
  decorators: [withAppProviders],
  parameters: { app: { route: '/api-tokens' } },
  beforeEach: signedInAs('owner', { tokens: DEMO_TOKENS }),
} satisfies Meta<typeof ApiTokensPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function tokenRows(canvasElement: HTMLElement, count: number): Promise<HTMLElement[]> {
  let rows: HTMLElement[] = [];
  await waitFor(async () => {
    const table = within(canvasElement).getByRole('table', { name: 'API tokens' });
    rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(count);
    await expect(within(rows[0]!).queryAllByRole('cell').length).toBeGreaterThan(1);
  }, SLOW);
  return rows;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(0, -1)
    .map((cell) => cell.textContent ?? '');

/** The store's live tokens: name, role, who made it, when, expiry and last use; never the secrets. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'API Tokens');
    const rows = await tokenRows(canvasElement, 2);
    await expect(rows.map(cellsOf)).toEqual([
      ['Reporting', 'Viewer', 'Jane Doe', '6 days ago', 'in 30 days', 'Never'],
      ['Stock sync', 'Staff', 'Jane Doe', '20 days ago', 'Never', 'yesterday'],
    ]);
    await expect(canvasElement.textContent).not.toContain(API_TOKEN_PREFIX);
    const role = within(canvasElement).getByRole('combobox', { name: /^Role/ });
    await expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Owner', 'Manager', 'Staff', 'Viewer']);
  },
};

/** How to use a token: a link to the API reference and a first request (issue 26). */
export const UsingATokenHelp: Story = {
  play: async ({ canvasElement }) => {
    await expectPage(canvasElement, 'API Tokens');
    const help = await within(canvasElement).findByRole('region', { name: 'Using a token' }, SLOW);
    await expect(within(help).getByRole('link', { name: 'API reference' }).getAttribute('href')).toMatch(/\/api\/docs$/);
    await expect(help).toHaveTextContent('curl -H "Authorization: Bearer <your token>"');
    await expect(help).toHaveTextContent('/api/products?limit=20');
  },
};

export const Empty: Story = {
  beforeEach: signedInAs('owner'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No API tokens yet.', {}, SLOW)).toBeVisible();
  },
};

/** Created: the secret shows once, with Copy and a warning; Done hides it for good, the row stays. */
export const TokenCreatedOnce: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tokenRows(canvasElement, 2);
    await userEvent.type(canvas.getByLabelText(/^Token name/), 'Label printer');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /^Role/ }), 'staff');
    await userEvent.click(canvas.getByRole('button', { name: /Create token/ }));
    await expectToast(canvasElement, MESSAGES.tokenCreated, 'success');
    const panel = await canvas.findByRole('region', { name: 'New token: Label printer' }, SLOW);
    const secret = within(panel).getByLabelText('Token');
    await expect((secret as HTMLInputElement).value.startsWith(API_TOKEN_PREFIX)).toBe(true);
    await expect(secret).toHaveAttribute('readonly');
    await expect(within(panel).getByText(/It is not shown again/)).toBeVisible();
    await expect(within(panel).getByRole('button', { name: 'Copy' })).toBeVisible();
    const rows = await tokenRows(canvasElement, 3);
    await expect(cellsOf(rows[0]!)).toEqual(['Label printer', 'Staff', 'Jane Doe', 'just now', 'Never', 'Never']);
    await expect(canvas.getByLabelText(/^Token name/)).toHaveValue('');
    // Mask the secret for the picture: it differs on every run.
    (secret as HTMLInputElement).value = `${API_TOKEN_PREFIX}${'•'.repeat(48)}`;
  },
};

export const TokenDismissed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tokenRows(canvasElement, 2);
    await userEvent.type(canvas.getByLabelText(/^Token name/), 'Label printer');
    await userEvent.click(canvas.getByRole('button', { name: /Create token/ }));
    const panel = await canvas.findByRole('region', { name: 'New token: Label printer' }, SLOW);
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await expect(canvas.queryByRole('region', { name: 'New token: Label printer' })).toBeNull();
    await expect(canvasElement.textContent).not.toContain(API_TOKEN_PREFIX);
    await tokenRows(canvasElement, 3);
  },
};

/** Each field says what is wrong; nothing is sent and nothing typed is lost. */
export const CreateErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tokenRows(canvasElement, 2);
    await userEvent.click(canvas.getByRole('button', { name: /Create token/ }));
    await expect(await canvas.findByText(MESSAGES.tokenNameRequired)).toBeVisible();
    await expect(canvas.getByLabelText(/^Token name/)).toHaveFocus();
    await userEvent.type(canvas.getByLabelText(/^Token name/), 'Old script');
    const expires = canvas.getByLabelText(/^Expires on/);
    await userEvent.type(expires, '2020-01-01');
    await userEvent.click(canvas.getByRole('button', { name: /Create token/ }));
    await expect(await canvas.findByText(MESSAGES.tokenExpiryPast)).toBeVisible();
    await expect(expires).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText(/^Token name/)).toHaveValue('Old script');
    await tokenRows(canvasElement, 2);
  },
};

export const Revoke: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tokenRows(canvasElement, 2);
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke Stock sync' }));
    const dialog = await confirmDialog();
    await expect(within(dialog).getByText('Revoke Stock sync?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await expectToast(canvasElement, MESSAGES.tokenRevoked, 'success');
    const rows = await tokenRows(canvasElement, 1);
    await expect(cellsOf(rows[0]!)[0]).toBe('Reporting');
  },
};

/** Only owners manage tokens: a manager who opens the page is told why, with a way back. */
export const ForbiddenForManager: Story = {
  beforeEach: signedInAs('manager'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectPage(canvasElement, 'API Tokens');
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(forbiddenMessage('manager', 'tokens:manage'));
    await expect(within(alert).getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(canvas.queryByRole('table', { name: 'API tokens' })).toBeNull();
  },
};
