import { useCallback, useMemo } from 'react';
import { FOOTER_YEAR } from '@inventory/contract';
import { Footer, Header, PageLayout, Sidebar, type SidebarLinkRenderProps } from '@inventory/ui';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { selectRole } from '../membership/selectors';
import { logoutRequested } from '../session/authSlice';
import { selectLoggingOut, selectName } from '../session/selectors';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { Brand } from './Brand';
import { selectSidebarCollapsed, sidebarToggled } from './layoutSlice';
import { sidebarItems } from './sidebarItems';
import { StoreSwitcher } from './StoreSwitcher';

function renderLink({ href, label, collapsed, className, children }: SidebarLinkRenderProps) {
  return (
    <NavLink to={href} end className={className} title={collapsed ? label : undefined}>
      {children}
    </NavLink>
  );
}

/**
 * The signed-in frame: collapsible sidebar (its items follow the role in the active store), 'Welcome, {name}' header
 * with the store switcher (when the user has several stores) and Logout, footer.
 */
export function AppLayout() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const collapsed = useAppSelector(selectSidebarCollapsed);
  const name = useAppSelector(selectName);
  const loggingOut = useAppSelector(selectLoggingOut);
  const role = useAppSelector(selectRole);
  const items = useMemo(() => sidebarItems(role), [role]);
  const onToggle = useCallback(() => dispatch(sidebarToggled()), [dispatch]);
  const onLogout = useCallback(() => dispatch(logoutRequested()), [dispatch]);

  return (
    <PageLayout
      sidebar={
        <Sidebar
          items={items}
          activePath={pathname}
          collapsed={collapsed}
          onToggle={onToggle}
          renderLink={renderLink}
          brand={<Brand />}
        />
      }
      header={<Header name={name} onLogout={onLogout} loggingOut={loggingOut} actions={<StoreSwitcher />} />}
      footer={<Footer year={FOOTER_YEAR} />}
    >
      <Outlet />
    </PageLayout>
  );
}
