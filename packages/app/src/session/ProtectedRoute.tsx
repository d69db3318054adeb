import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../shell/FullPageSpinner';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { sessionCheckRequested } from './authSlice';
import { selectSession } from './selectors';

/**
 * Guards the signed-in routes: each protected screen checks the login status on load. Until the first check confirms
 * the session a spinner shows; a dead session runs the session-expired flow (toast + /login) in the sagas. Later
 * checks (on navigation) run in the background without hiding the screen.
 */
export function ProtectedRoute() {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const { pathname } = useLocation();

  useEffect(() => {
    dispatch(sessionCheckRequested());
  }, [dispatch, pathname]);

  if (session !== 'valid') return <FullPageSpinner label="Checking your session" />;
  return <Outlet />;
}
