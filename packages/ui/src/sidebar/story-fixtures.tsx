import { useState, type ReactNode } from 'react';
import { BadgeDollarSign, Bug, FileText, LayoutDashboard, PackagePlus, ShoppingCart, UserRound } from 'lucide-react';
import { Sidebar, type SidebarItem, type SidebarLinkRenderProps } from './Sidebar';

/** The app's navigation, for stories only. */
export const appSidebarItems: SidebarItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: <LayoutDashboard /> },
  { label: 'Add Product', href: '/add-product', icon: <PackagePlus /> },
  {
    label: 'Orders',
    icon: <ShoppingCart />,
    children: [
      { label: 'Add Order', href: '/add-Order' },
      { label: 'All Orders', href: '/orders' },
    ],
  },
  { label: 'Invoices', href: '/invoices', icon: <FileText /> },
  { label: 'Bill Reports', href: '/bill-reports', icon: <BadgeDollarSign /> },
  {
    label: 'Account',
    icon: <UserRound />,
    children: [
      { label: 'Profile', href: '/profile' },
      { label: 'Edit Profile', href: '/edit-profile' },
    ],
  },
  { label: 'Report Bug', href: '/contact-us', icon: <Bug /> },
];

/** A plain `<a>` standing in for the router's Link: it records the path instead of leaving the story. */
export function storyLink(navigate: (href: string) => void) {
  return function StoryLink({ href, active, className, children }: SidebarLinkRenderProps): ReactNode {
    return (
      <a
        href={href}
        aria-current={active ? 'page' : undefined}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
        }}
      >
        {children}
      </a>
    );
  };
}

/** A sidebar that keeps its own collapsed state and path, as the app does. */
export function StatefulSidebar({
  initialPath = '/dashboard',
  initialCollapsed = false,
  onToggle,
  onNavigate,
}: {
  initialPath?: string;
  initialCollapsed?: boolean;
  onToggle?: () => void;
  onNavigate?: (href: string) => void;
}) {
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const [path, setPath] = useState(initialPath);
  return (
    <Sidebar
      items={appSidebarItems}
      activePath={path}
      collapsed={collapsed}
      onToggle={() => {
        setCollapsed((value) => !value);
        onToggle?.();
      }}
      renderLink={storyLink((href) => {
        setPath(href);
        onNavigate?.(href);
      })}
      brand="Inventory"
    />
  );
}
