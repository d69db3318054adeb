import { useState } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { App } from '../app/App';
import { createApp } from '../app/createApp';
import type { AppPreloadedState } from '../app/store';

/** `parameters.app` of an app story: where the memory router starts and any preloaded state. */
export interface AppStoryParameters {
  route: string;
  preloadedState?: AppPreloadedState;
}

function AppHarness({ route, preloadedState }: AppStoryParameters) {
  // One store and one memory router per story render; sagas navigate the router, the Toaster shows the toasts.
  const [app] = useState(() => createApp({ initialEntries: [route], preloadedState }));
  return <App {...app} />;
}

/**
 * Renders the whole app (store, sagas, memory router at `parameters.app.route`, Toaster) instead of the bare screen,
 * so a story shows a screen exactly as the app does: its route, its toasts and where its sagas navigate.
 * The header's name does not leak between stories: it starts empty unless the story preloads one.
 */
export const withAppProviders: Decorator = (_Story, context) => {
  const { route = '/', preloadedState = {} } = (context.parameters.app ?? {}) as Partial<AppStoryParameters>;
  return (
    <AppHarness
      key={context.id}
      route={route}
      preloadedState={{ ...preloadedState, auth: { name: '', ...preloadedState.auth } }}
    />
  );
};
