import { useEffect } from 'react';
import { SkipLink } from '@inventory/ui';
import { Outlet } from 'react-router-dom';
import { useRouteFocus } from '../page/useRouteFocus';
import { loginStatusRequested } from '../session/authSlice';
import { useAppDispatch } from '../store/hooks';
import { AppToaster } from '../toasts/AppToaster';

/**
 * The root route: asks for the login status once on start, hosts the toasts over every screen, offers "Skip to
 * content" first, and moves the focus to each new screen's heading (page/useRouteFocus.ts).
 */
export function AppShell() {
  const dispatch = useAppDispatch();
  useRouteFocus();
  useEffect(() => {
    dispatch(loginStatusRequested());
  }, [dispatch]);
  return (
    <>
      <SkipLink />
      <Outlet />
      <AppToaster />
    </>
  );
}
