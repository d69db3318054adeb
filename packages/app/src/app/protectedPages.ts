import type { ComponentType } from 'react';

/** The signed-in screens but the labels and import pages, in one chunk with the layout (see signedInScreens.ts). */
export const signedInScreens = () => import('./signedInScreens');

/** The signed-in routes with their page titles; the screens load lazily, after the landing and login pages. */
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
    screen: () => signedInScreens().then((m) => m.DashboardPage),
  },
  {
    path: '/products/import',
    title: 'Import Products',
    screen: () => import('../features/import-export/ImportPage').then((m) => m.ImportPage),
  },
  {
    path: '/add-product',
    title: 'Add Product',
    screen: () => signedInScreens().then((m) => m.AddProductPage),
  },
  {
    path: '/edit-product/:id',
    title: 'Edit Product',
    screen: () => signedInScreens().then((m) => m.EditProductPage),
  },
  {
    path: '/product-detail/:id',
    title: 'Product Detail',
    screen: () => signedInScreens().then((m) => m.ProductDetailPage),
  },
  {
    path: '/labels',
    title: 'Print labels',
    screen: () => import('../features/labels/LabelsPage').then((m) => m.LabelsPage),
  },
  {
    path: '/categories',
    title: 'Categories',
    screen: () => signedInScreens().then((m) => m.CategoriesPage),
  },
  {
    path: '/add-Order',
    title: 'Add New Order',
    screen: () => signedInScreens().then((m) => m.AddOrderPage),
  },
  {
    path: '/orders/new',
    title: 'New Order',
    screen: () => signedInScreens().then((m) => m.NewSalesOrderPage),
  },
  {
    path: '/orders',
    title: 'Orders',
    screen: () => signedInScreens().then((m) => m.OrdersPage),
  },
  {
    path: '/edit-order/:id',
    title: 'Edit Order',
    screen: () => signedInScreens().then((m) => m.EditOrderPage),
  },
  {
    path: '/order-detail/:id',
    title: 'Order Detail',
    screen: () => signedInScreens().then((m) => m.OrderDetailPage),
  },
  {
    path: '/customers',
    title: 'Customers',
    screen: () => signedInScreens().then((m) => m.CustomersPage),
  },
  {
    path: '/add-customer',
    title: 'Add Customer',
    screen: () => signedInScreens().then((m) => m.AddCustomerPage),
  },
  {
    path: '/edit-customer/:id',
    title: 'Edit Customer',
    screen: () => signedInScreens().then((m) => m.EditCustomerPage),
  },
  {
    path: '/customers/:id',
    title: 'Customer Detail',
    screen: () => signedInScreens().then((m) => m.CustomerDetailPage),
  },
  {
    path: '/suppliers',
    title: 'Suppliers',
    screen: () => signedInScreens().then((m) => m.SuppliersPage),
  },
  {
    path: '/add-supplier',
    title: 'Add Supplier',
    screen: () => signedInScreens().then((m) => m.AddSupplierPage),
  },
  {
    path: '/edit-supplier/:id',
    title: 'Edit Supplier',
    screen: () => signedInScreens().then((m) => m.EditSupplierPage),
  },
  {
    path: '/suppliers/:id',
    title: 'Supplier Detail',
    screen: () => signedInScreens().then((m) => m.SupplierDetailPage),
  },
  {
    path: '/reorder',
    title: 'To Reorder',
    screen: () => signedInScreens().then((m) => m.ReorderPage),
  },
  {
    path: '/purchase-orders',
    title: 'Purchase Orders',
    screen: () => signedInScreens().then((m) => m.PurchaseOrdersPage),
  },
  {
    path: '/purchase-orders/new',
    title: 'New Purchase Order',
    screen: () => signedInScreens().then((m) => m.NewPurchaseOrderPage),
  },
  {
    path: '/edit-purchase-order/:id',
    title: 'Edit Purchase Order',
    screen: () => signedInScreens().then((m) => m.EditPurchaseOrderPage),
  },
  {
    path: '/purchase-orders/:id',
    title: 'Purchase Order',
    screen: () => signedInScreens().then((m) => m.PurchaseOrderDetailPage),
  },
  {
    path: '/purchase-orders/:id/receive',
    title: 'Receive',
    screen: () => signedInScreens().then((m) => m.ReceivePage),
  },
  {
    path: '/invoices',
    title: 'Invoices',
    screen: () => signedInScreens().then((m) => m.InvoicesPage),
  },
  {
    path: '/invoices/new',
    title: 'New Invoice',
    screen: () => signedInScreens().then((m) => m.NewInvoicePage),
  },
  {
    path: '/invoices/:id',
    title: 'Invoice',
    screen: () => signedInScreens().then((m) => m.InvoiceDetailPage),
  },
  {
    path: '/invoices/:id/edit',
    title: 'Edit Invoice',
    screen: () => signedInScreens().then((m) => m.EditInvoicePage),
  },
  {
    path: '/bill-reports',
    title: 'Bill Reports',
    // A chunk of its own: the chart library loads with this screen only.
    screen: () => import('../features/bill-reports/BillReportsPage').then((m) => m.BillReportsPage),
  },
  {
    path: '/profile',
    title: 'Profile',
    screen: () => signedInScreens().then((m) => m.ProfilePage),
  },
  {
    path: '/edit-profile',
    title: 'Edit Profile',
    screen: () => signedInScreens().then((m) => m.EditProfilePage),
  },
  {
    path: '/team',
    title: 'Team',
    screen: () => signedInScreens().then((m) => m.TeamPage),
  },
  {
    path: '/api-tokens',
    title: 'API Tokens',
    screen: () => signedInScreens().then((m) => m.ApiTokensPage),
  },
  {
    path: '/store-settings',
    title: 'Store Settings',
    screen: () => signedInScreens().then((m) => m.StoreSettingsPage),
  },
  {
    path: '/contact-us',
    title: 'Contact Us',
    screen: () => signedInScreens().then((m) => m.ContactPage),
  },
];
