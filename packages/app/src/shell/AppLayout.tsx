import { useCallback } from 'react';
import { FOOTER_YEAR } from '@inventory/contract';
import { Footer, Header, PageLayout, Sidebar, type SidebarLinkRenderProps } from '@inventory/ui';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { logoutRequested } from '../session/authSlice';
import { selectLoggingOut, selectName } from '../session/selectors';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { Brand } from './Brand';
import { selectSidebarCollapsed, sidebarToggled } from './layoutSlice';
import { SIDEBAR_ITEMS } from './sidebarItems';

function renderLink({ href, label, collapsed, className, children }: SidebarLinkRenderProps) {
  return (
    <NavLink to={href} end className={className} title={collapsed ? label : undefined}>
      {children}
    </NavLink>
  );
}

/** The signed-in frame: collapsible sidebar, 'Welcome, {name}' header with Logout, footer. */
export function AppLayout() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const collapsed = useAppSelector(selectSidebarCollapsed);
  const name = useAppSelector(selectName);
  const loggingOut = useAppSelector(selectLoggingOut);
  const onToggle = useCallback(() => dispatch(sidebarToggled()), [dispatch]);
  const onLogout = useCallback(() => dispatch(logoutRequested()), [dispatch]);

  return (
    <PageLayout
      sidebar={
        <Sidebar
          items={SIDEBAR_ITEMS}
          activePath={pathname}
          collapsed={collapsed}
          onToggle={onToggle}
          renderLink={renderLink}
          brand={<Brand />}
        />
      }
      header={<Header name={name} onLogout={onLogout} loggingOut={loggingOut} />}
      footer={<Footer year={FOOTER_YEAR} />}
    >
      <Outlet />
    </PageLayout>
  );
}
