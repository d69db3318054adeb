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

export const PROTECTED_PAGES: ProtectedPage[] = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/add-product', title: 'Add Product' },
  { path: '/edit-product/:id', title: 'Edit Product' },
  { path: '/product-detail/:id', title: 'Product Detail' },
  { path: '/add-Order', title: 'Add New Order' },
  { path: '/orders', title: 'Orders' },
  { path: '/edit-order/:id', title: 'Edit Order' },
  { path: '/order-detail/:id', title: 'Order Detail' },
  {
    path: '/invoices',
    title: 'Invoices',
    screen: () => import('../features/pages/UnderDevelopmentPage').then((m) => m.InvoicesPage),
  },
  {
    path: '/bill-reports',
    title: 'Bill Reports',
    screen: () => import('../features/pages/UnderDevelopmentPage').then((m) => m.BillReportsPage),
  },
  {
    path: '/profile',
    title: 'Profile',
    screen: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
  },
  {
    path: '/edit-profile',
    title: 'Edit Profile',
    screen: () => import('../features/profile/EditProfilePage').then((m) => m.EditProfilePage),
  },
  {
    path: '/contact-us',
    title: 'Contact Us',
    screen: () => import('../features/contact/ContactPage').then((m) => m.ContactPage),
  },
];
