import { useCallback, useMemo } from 'react';
import { FOOTER_YEAR } from '@inventory/contract/rules';
import { Footer, Header, PageLayout, Sidebar, SidebarDrawer, type SidebarLinkRenderProps } from '@inventory/ui';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { selectRole } from '../membership/selectors';
import { logoutRequested } from '../session/authSlice';
import { selectLoggingOut, selectName } from '../session/selectors';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { ThemeControl } from '../theme/ThemeControl';
import { Brand } from './Brand';
import { selectSidebarCollapsed, sidebarToggled } from './layoutSlice';
import { sidebarItems } from './sidebarItems';
import { StoreSwitcher } from './StoreSwitcher';
import { useNavigationDrawer } from './useNavigationDrawer';
import { useWedgeScans } from '../scanning/useWedgeScans';

function renderLink({ href, label, collapsed, className, children }: SidebarLinkRenderProps) {
  return (
    <NavLink to={href} end className={className} title={collapsed ? label : undefined}>
      {children}
    </NavLink>
  );
}

/**
 * The signed-in frame: collapsible sidebar (its items follow the role in the active store), 'Welcome, {name}' header
 * with the store switcher (when the user has several stores) and Logout, footer. Below the tablet width the sidebar
 * is a drawer opened by the header's menu button (docs/decisions/0018-small-screens.md).
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
  const { open: drawerOpen, setOpen: setDrawerOpen } = useNavigationDrawer();
  const closeDrawer = useCallback(() => setDrawerOpen(false), [setDrawerOpen]);
  // A USB or Bluetooth scanner works anywhere on a signed-in page, not only in the search box.
  useWedgeScans();

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
      header={
        <Header
          name={name}
          onLogout={onLogout}
          loggingOut={loggingOut}
          actions={
            <>
              <ThemeControl className="max-sm:hidden" />
              <StoreSwitcher />
            </>
          }
          navigation={
            <SidebarDrawer open={drawerOpen} onOpenChange={setDrawerOpen} className="md:hidden">
              <Sidebar
                items={items}
                activePath={pathname}
                collapsed={false}
                onToggle={closeDrawer}
                onClose={closeDrawer}
                renderLink={renderLink}
                brand={<Brand />}
                // The header hides its theme switch on a phone; the drawer has it there.
                footer={<ThemeControl className="sm:hidden" />}
              />
            </SidebarDrawer>
          }
        />
      }
      footer={<Footer year={FOOTER_YEAR} />}
    >
      <Outlet />
    </PageLayout>
  );
}
