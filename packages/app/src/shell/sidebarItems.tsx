import type { SidebarItem } from '@inventory/ui';
import {
  Bug,
  ChartColumn,
  ClipboardPlus,
  FileText,
  LayoutDashboard,
  ListOrdered,
  PackagePlus,
  ShoppingCart,
  UserPen,
  UserRound,
  CircleUser,
} from 'lucide-react';

/** The signed-in sidebar: its items, children and routes. */
export const SIDEBAR_ITEMS: SidebarItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: <LayoutDashboard /> },
  { label: 'Add Product', href: '/add-product', icon: <PackagePlus /> },
  {
    label: 'Orders',
    icon: <ShoppingCart />,
    children: [
      { label: 'Add Order', href: '/add-Order', icon: <ClipboardPlus /> },
      { label: 'All Orders', href: '/orders', icon: <ListOrdered /> },
    ],
  },
  { label: 'Invoices', href: '/invoices', icon: <FileText /> },
  { label: 'Bill Reports', href: '/bill-reports', icon: <ChartColumn /> },
  {
    label: 'Account',
    icon: <CircleUser />,
    children: [
      { label: 'Profile', href: '/profile', icon: <UserRound /> },
      { label: 'Edit Profile', href: '/edit-profile', icon: <UserPen /> },
    ],
  },
  { label: 'Report Bug', href: '/contact-us', icon: <Bug /> },
];
