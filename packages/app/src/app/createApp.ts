import { createBrowserRouter, createMemoryRouter } from 'react-router-dom';
import { appRoutes } from './routes';
import { createAppStore, type AppPreloadedState } from './store';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * A store and a router wired together: sagas navigate with the router's own `navigate`.
 * `initialEntries` gives a memory router (stories); without it, the browser router (the app).
 */
export function createApp({
  preloadedState,
  initialEntries,
}: { preloadedState?: AppPreloadedState; initialEntries?: string[] } = {}) {
  const store = createAppStore({
    preloadedState,
    // Called only after a saga runs, when `router` below exists.
    navigate: (to, options) => void router.navigate(to, options),
  });
  const router: AppRouter = initialEntries
    ? createMemoryRouter(appRoutes, { initialEntries })
    : createBrowserRouter(appRoutes);
  return { store, router };
}

export type AppInstance = ReturnType<typeof createApp>;
