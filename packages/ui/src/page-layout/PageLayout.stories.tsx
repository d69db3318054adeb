import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { Footer } from '../footer/Footer';
import { Header } from '../header/Header';
import { Heading } from '../heading/Heading';
import { StatefulSidebar } from '../sidebar/story-fixtures';
import { PageLayout } from './PageLayout';

const meta = {
  title: 'Design system/PageLayout',
  component: PageLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    sidebar: <StatefulSidebar />,
    header: <Header name="Jane" onLogout={fn()} />,
    footer: <Footer year={2023} />,
    children: (
      <>
        <Heading level={1}>Dashboard</Heading>
        <p>Inventory Stats</p>
      </>
    ),
  },
} satisfies Meta<typeof PageLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Measured again until it holds: a story shown after a padded one in the same tab gets its full-screen layout
    // class as the preview switches stories, which may land just after the play function starts.
    await waitFor(async () => {
      const nav = canvas.getByRole('navigation', { name: 'Main' }).getBoundingClientRect();
      const header = canvas.getByRole('banner').getBoundingClientRect();
      const main = canvas.getByRole('main').getBoundingClientRect();
      const footer = canvas.getByRole('contentinfo').getBoundingClientRect();
      await expect(nav.left).toBe(0);
      await expect(nav.height).toBe(window.innerHeight);
      await expect(header.left).toBe(nav.right);
      await expect(header.top).toBe(0);
      await expect(main.top).toBe(header.bottom);
      await expect(footer.top).toBe(main.bottom);
      await expect(footer.bottom).toBe(window.innerHeight);
    });
  },
};

export const LongContentScrollsInMain: Story = {
  args: {
    children: (
      <div tabIndex={0} role="region" aria-label="Long content" className="flex flex-col gap-4">
        {Array.from({ length: 40 }, (_, i) => (
          <p key={i} className="m-0">
            Row {i + 1} of a long page.
          </p>
        ))}
      </div>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = canvas.getByRole('main');
    await expect(main.scrollHeight).toBeGreaterThan(main.clientHeight);
    main.scrollTop = main.scrollHeight;
    // The header and footer stay where they are while main scrolls (measured again until the full-screen layout
    // class has landed, as in Default).
    await waitFor(async () => {
      await expect(canvas.getByRole('banner').getBoundingClientRect().top).toBe(0);
      await expect(canvas.getByRole('contentinfo').getBoundingClientRect().bottom).toBe(window.innerHeight);
    });
  },
};
