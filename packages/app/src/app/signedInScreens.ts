/**
 * The signed-in layout and its everyday screens, loaded together as one chunk: a first visit to the dashboard fetches
 * a handful of files instead of some twenty-five small ones, each a request queued behind the browser's six
 * connections. The screens with libraries of their own (labels: barcode rendering;
 * import: a CSV parser) keep chunks of their own, as do the rich-text editor and the camera's decoder, which load
 * when used.
 */
export { AppLayout } from '../shell/AppLayout';
export { DashboardPage } from '../features/products/DashboardPage';
export { AddProductPage } from '../features/products/AddProductPage';
export { EditProductPage } from '../features/products/EditProductPage';
export { ProductDetailPage } from '../features/products/ProductDetailPage';
export { CategoriesPage } from '../features/categories/CategoriesPage';
export { AddOrderPage } from '../features/orders/AddOrderPage';
export { OrdersPage } from '../features/orders/OrdersPage';
export { NewSalesOrderPage } from '../features/orders/sales/NewSalesOrderPage';
export { EditOrderPage } from '../features/orders/EditOrderPage';
export { OrderDetailPage } from '../features/orders/OrderDetailPage';
export { CustomersPage } from '../features/customers/CustomersPage';
export { AddCustomerPage } from '../features/customers/AddCustomerPage';
export { EditCustomerPage } from '../features/customers/EditCustomerPage';
export { CustomerDetailPage } from '../features/customers/CustomerDetailPage';
export { SuppliersPage } from '../features/suppliers/SuppliersPage';
export { AddSupplierPage } from '../features/suppliers/AddSupplierPage';
export { EditSupplierPage } from '../features/suppliers/EditSupplierPage';
export { SupplierDetailPage } from '../features/suppliers/SupplierDetailPage';
export { ReorderPage } from '../features/reorder/ReorderPage';
export { PurchaseOrdersPage } from '../features/purchase-orders/PurchaseOrdersPage';
export { NewPurchaseOrderPage } from '../features/purchase-orders/NewPurchaseOrderPage';
export { EditPurchaseOrderPage } from '../features/purchase-orders/EditPurchaseOrderPage';
export { PurchaseOrderDetailPage } from '../features/purchase-orders/PurchaseOrderDetailPage';
export { ReceivePage } from '../features/purchase-orders/ReceivePage';
export { InvoicesPage } from '../features/invoices/InvoicesPage';
export { NewInvoicePage } from '../features/invoices/NewInvoicePage';
export { InvoiceDetailPage } from '../features/invoices/InvoiceDetailPage';
export { EditInvoicePage } from '../features/invoices/EditInvoicePage';
export { ProfilePage } from '../features/profile/ProfilePage';
export { EditProfilePage } from '../features/profile/EditProfilePage';
export { TeamPage } from '../features/team/TeamPage';
export { ApiTokensPage } from '../features/api-tokens/ApiTokensPage';
export { StoreSettingsPage } from '../features/store-settings/StoreSettingsPage';
export { ContactPage } from '../features/contact/ContactPage';
