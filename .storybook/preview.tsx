import type { Preview } from '@storybook/react-vite';
import { handlers } from '@inventory/mocks';
import { mswLoader } from 'msw-storybook-addon/csf3';
import '../packages/ui/src/styles.css';

/**
 * msw-storybook-addon 3 starts the worker lazily in its loader; requests without a handler go to the network
 * unchanged ('bypass'), so stories that fetch nothing pay nothing.
 */
const startWorker = async () => {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker();
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  return worker;
};

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [mswLoader(startWorker)],
  parameters: {
    layout: 'fullscreen',
    // The in-memory API (mocks/) answers every story's requests; a story overrides with its own `parameters.msw.handlers`.
    msw: { handlers },
    // a11y violations fail the story's test (vitest addon), not only show in the panel.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    options: {
      storySort: { order: ['Design system', ['Design tokens'], 'App'] },
    },
  },
};

export default preview;
