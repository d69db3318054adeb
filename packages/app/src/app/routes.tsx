import type { RouteObject } from 'react-router-dom';
import { ProtectedRoute } from '../session/ProtectedRoute';
import { FullPageSpinner } from '../shell/FullPageSpinner';
import { AppShell } from './AppShell';
import { PROTECTED_PAGES, signedInScreens } from './protectedPages';

/**
 * Every route of the app. Screens are lazy-loaded (route `lazy`), so the landing and login pages stay small.
 * The same tree serves the browser router (main.tsx) and the memory routers of the stories.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/landing/LandingPage')).LandingPage }),
      },
      { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }) },
      {
        path: 'register',
        lazy: async () => ({ Component: (await import('../features/auth/RegisterPage')).RegisterPage }),
      },
      { path: 'forgot', lazy: async () => ({ Component: (await import('../features/auth/ForgotPage')).ForgotPage }) },
      {
        path: 'resetpassword/:resetToken',
        lazy: async () => ({ Component: (await import('../features/auth/ResetPage')).ResetPage }),
      },
      {
        path: 'invitations/:token',
        lazy: async () => ({ Component: (await import('../features/invitations/InvitationPage')).InvitationPage }),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: async () => ({ Component: (await signedInScreens()).AppLayout }),
            children: PROTECTED_PAGES.map(({ path, screen }) => ({
              path,
              lazy: async () => ({ Component: await screen() }),
            })),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/pages/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];
