import { can, type Role } from '@inventory/contract/rules';
import type { SidebarItem } from '@inventory/ui';
import {
  Bug,
  ChartColumn,
  CircleUser,
  ClipboardList,
  ClipboardPlus,
  FileText,
  KeyRound,
  LayoutDashboard,
  ListOrdered,
  PackagePlus,
  PackageSearch,
  ShoppingCart,
  Store,
  Contact,
  Tags,
  UserPen,
  UserRound,
  Truck,
  UsersRound,
} from 'lucide-react';

/**
 * The signed-in sidebar for a role in the active store: viewers get no Add Product or Add Order, and only owners get
 * API Tokens. Customers sit with the orders they are placed for, purchase orders (owners and managers) and suppliers
 * beside what is to reorder; Categories with
 * the products (every role reads them); Store Settings (every member reads them) with the Team. While the role is
 * unknown (`null`) every item but the owners' shows: the server decides anyway.
 */
export function sidebarItems(role: Role | null): SidebarItem[] {
  const adds = role === null || can(role, 'catalogue:create');
  const tokens = role !== null && can(role, 'tokens:manage');
  // Purchase orders: whoever receives them, staff too, who see them without costs (0047).
  const buys = role === null || can(role, 'purchasing:receive');
  const orders: SidebarItem[] = [
    ...(adds ? [{ label: 'Add Order', href: '/add-Order', icon: <ClipboardPlus /> }] : []),
    { label: 'All Orders', href: '/orders', icon: <ListOrdered /> },
    { label: 'Customers', href: '/customers', icon: <Contact /> },
    { label: 'To Reorder', href: '/reorder', icon: <PackageSearch /> },
    ...(buys ? [{ label: 'Purchase Orders', href: '/purchase-orders', icon: <ClipboardList /> }] : []),
    { label: 'Suppliers', href: '/suppliers', icon: <Truck /> },
  ];
  const account: SidebarItem[] = [
    { label: 'Profile', href: '/profile', icon: <UserRound /> },
    { label: 'Edit Profile', href: '/edit-profile', icon: <UserPen /> },
    { label: 'Team', href: '/team', icon: <UsersRound /> },
    { label: 'Store Settings', href: '/store-settings', icon: <Store /> },
    ...(tokens ? [{ label: 'API Tokens', href: '/api-tokens', icon: <KeyRound /> }] : []),
  ];
  return [
    { label: 'Dashboard', href: '/dashboard', icon: <LayoutDashboard /> },
    ...(adds ? [{ label: 'Add Product', href: '/add-product', icon: <PackagePlus /> }] : []),
    ...(role === null || can(role, 'categories:read') ? [{ label: 'Categories', href: '/categories', icon: <Tags /> }] : []),
    { label: 'Orders', icon: <ShoppingCart />, children: orders },
    { label: 'Invoices', href: '/invoices', icon: <FileText /> },
    { label: 'Bill Reports', href: '/bill-reports', icon: <ChartColumn /> },
    { label: 'Account', icon: <CircleUser />, children: account },
    { label: 'Report Bug', href: '/contact-us', icon: <Bug /> },
  ];
}

/** The sidebar of an owner (every item). */
export const SIDEBAR_ITEMS: SidebarItem[] = sidebarItems('owner');
