import type { ComponentType } from 'react';

/**
 * The signed-in routes of SPEC.md §2 with their page titles. A page with a `screen` loads it lazily (its own chunk);
 * the others are titled placeholder pages inside the layout.
 */
export interface ProtectedPage {
  path: string;
  title: string;
  note?: string;
  /** Loads the screen component, e.g. `() => import('../features/x/XPage').then((m) => m.XPage)`. */
  screen?: () => Promise<ComponentType>;
}

const UNDER_DEVELOPMENT = 'This page is under development.';

export const PROTECTED_PAGES: ProtectedPage[] = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/add-product', title: 'Add Product' },
  { path: '/edit-product/:id', title: 'Edit Product' },
  { path: '/product-detail/:id', title: 'Product Detail' },
  { path: '/add-Order', title: 'Add New Order' },
  { path: '/orders', title: 'Orders' },
  { path: '/edit-order/:id', title: 'Edit Order' },
  { path: '/order-detail/:id', title: 'Order Detail' },
  { path: '/invoices', title: 'Invoices', note: UNDER_DEVELOPMENT },
  { path: '/bill-reports', title: 'Bill Reports', note: UNDER_DEVELOPMENT },
  { path: '/profile', title: 'Profile' },
  { path: '/edit-profile', title: 'Edit Profile' },
  { path: '/contact-us', title: 'Contact Us' },
];
