import '@inventory/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createApp } from './app/createApp';

/** `npm run dev:mock`: the whole app on the MSW handlers, with no server. Left out of the production build. */
async function startMocks(): Promise<void> {
  if (import.meta.env.MODE !== 'mock') return;
  const { startMockWorker } = await import('@inventory/mocks/browser');
  await startMockWorker();
}

async function main(): Promise<void> {
  await startMocks();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const app = createApp();
  createRoot(container).render(
    <StrictMode>
      <App {...app} />
    </StrictMode>,
  );
}

void main();
