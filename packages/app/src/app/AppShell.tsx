import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { loginStatusRequested } from '../session/authSlice';
import { useAppDispatch } from '../store/hooks';
import { AppToaster } from '../toasts/AppToaster';

/** The root route: asks for the login status once on start and hosts the toasts over every screen. */
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
