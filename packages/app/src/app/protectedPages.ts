import type { ComponentType } from 'react';

/** The signed-in routes with their page titles; each screen loads lazily, in its own chunk. */
export interface ProtectedPage {
  path: string;
  title: string;
  /** Loads the screen component, e.g. `() => import('../features/x/XPage').then((m) => m.XPage)`. */
  screen: () => Promise<ComponentType>;
}

export const PROTECTED_PAGES: ProtectedPage[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    screen: () => import('../features/products/DashboardPage').then((m) => m.DashboardPage),
  },
  {
    path: '/products/import',
    title: 'Import Products',
    screen: () => import('../features/import-export/ImportPage').then((m) => m.ImportPage),
  },
  {
    path: '/add-product',
    title: 'Add Product',
    screen: () => import('../features/products/AddProductPage').then((m) => m.AddProductPage),
  },
  {
    path: '/edit-product/:id',
    title: 'Edit Product',
    screen: () => import('../features/products/EditProductPage').then((m) => m.EditProductPage),
  },
  {
    path: '/product-detail/:id',
    title: 'Product Detail',
    screen: () => import('../features/products/ProductDetailPage').then((m) => m.ProductDetailPage),
  },
  {
    path: '/labels',
    title: 'Print labels',
    screen: () => import('../features/labels/LabelsPage').then((m) => m.LabelsPage),
  },
  {
    path: '/add-Order',
    title: 'Add New Order',
    screen: () => import('../features/orders/AddOrderPage').then((m) => m.AddOrderPage),
  },
  {
    path: '/orders',
    title: 'Orders',
    screen: () => import('../features/orders/OrdersPage').then((m) => m.OrdersPage),
  },
  {
    path: '/edit-order/:id',
    title: 'Edit Order',
    screen: () => import('../features/orders/EditOrderPage').then((m) => m.EditOrderPage),
  },
  {
    path: '/order-detail/:id',
    title: 'Order Detail',
    screen: () => import('../features/orders/OrderDetailPage').then((m) => m.OrderDetailPage),
  },
  {
    path: '/reorder',
    title: 'To Reorder',
    screen: () => import('../features/reorder/ReorderPage').then((m) => m.ReorderPage),
  },
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
    path: '/team',
    title: 'Team',
    screen: () => import('../features/team/TeamPage').then((m) => m.TeamPage),
  },
  {
    path: '/api-tokens',
    title: 'API Tokens',
    screen: () => import('../features/api-tokens/ApiTokensPage').then((m) => m.ApiTokensPage),
  },
  {
    path: '/contact-us',
    title: 'Contact Us',
    screen: () => import('../features/contact/ContactPage').then((m) => m.ContactPage),
  },
];
