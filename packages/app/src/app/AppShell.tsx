import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { loginStatusRequested } from '../features/auth/authSlice';
import { AppToaster } from '../features/toasts/AppToaster';
import { useAppDispatch } from './hooks';

/** The root route: asks for the login status once on start (SPEC.md §4) and hosts the toasts over every screen. */
export function AppShell() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(loginStatusRequested());
  }, [dispatch]);
  return (
    <>
      <Outlet />
      <AppToaster />
    </>
  );
}
