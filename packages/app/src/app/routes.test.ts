import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from '../session/ProtectedRoute';
import { SIDEBAR_ITEMS, sidebarItems } from '../shell/sidebarItems';
import { appRoutes } from './routes';

/** The route table, with an example URL for each route. */
const PUBLIC = ['/', '/login', '/register', '/forgot', '/resetpassword/abc123', '/invitations/abc123'];
const PROTECTED = [
  '/dashboard',
  '/add-product',
  '/edit-product/p1',
  '/product-detail/p1',
  '/labels',
  '/categories',
  '/add-Order',
  '/orders/new',
  '/orders',
  '/edit-order/o1',
  '/order-detail/o1',
  '/customers',
  '/add-customer',
  '/edit-customer/c1',
  '/customers/c1',
  '/suppliers',
  '/add-supplier',
  '/edit-supplier/s1',
  '/suppliers/s1',
  '/reorder',
  '/purchase-orders',
  '/purchase-orders/new',
  '/purchase-orders/po1',
  '/edit-purchase-order/po1',
  '/purchase-orders/po1/receive',
  '/invoices',
  '/invoices/new',
  '/invoices/i1',
  '/invoices/i1/edit',
  '/bill-reports',
  '/profile',
  '/edit-profile',
  '/team',
  '/api-tokens',
  '/store-settings',
  '/contact-us',
];

function leafPath(url: string): string | undefined {
  return matchRoutes(appRoutes, url)?.at(-1)?.route.path;
}

function isProtected(url: string): boolean {
  return (matchRoutes(appRoutes, url) ?? []).some(
    ({ route }) => isValidElement(route.element) && route.element.type === ProtectedRoute,
  );
}

describe('routes', () => {
  it.each(PUBLIC)('%s is a public route', (url) => {
    expect(leafPath(url)).not.toBe('*');
    expect(isProtected(url)).toBe(false);
  });

  it.each(PROTECTED)('%s is a protected route', (url) => {
    expect(leafPath(url)).not.toBe('*');
    expect(isProtected(url)).toBe(true);
  });

  it('anything else is the not-found page', () => {
    expect(leafPath('/no-such-page')).toBe('*');
    expect(leafPath('/resetpassword')).toBe('*');
  });
});

describe('sidebar', () => {
  it('has its items, children and routes in order', () => {
    const flat = SIDEBAR_ITEMS.map((item) => ({
      label: item.label,
      href: item.href,
      children: item.children?.map((child) => `${child.label} ${child.href}`),
    }));
    expect(flat).toEqual([
      { label: 'Dashboard', href: '/dashboard', children: undefined },
      { label: 'Add Product', href: '/add-product', children: undefined },
      { label: 'Categories', href: '/categories', children: undefined },
      { label: 'Orders', href: undefined, children: ['Add Order /add-Order', 'All Orders /orders', 'Customers /customers', 'To Reorder /reorder', 'Purchase Orders /purchase-orders', 'Suppliers /suppliers'] },
      { label: 'Invoices', href: '/invoices', children: undefined },
      { label: 'Bill Reports', href: '/bill-reports', children: undefined },
      {
        label: 'Account',
        href: undefined,
        children: ['Profile /profile', 'Edit Profile /edit-profile', 'Team /team', 'Store Settings /store-settings', 'API Tokens /api-tokens'],
      },
      { label: 'Report Bug', href: '/contact-us', children: undefined },
    ]);
    for (const href of SIDEBAR_ITEMS.flatMap((item) => [item.href, ...(item.children ?? []).map((c) => c.href)])) {
      if (href) expect(PROTECTED).toContain(href);
    }
  });

  const hrefs = (role: Parameters<typeof sidebarItems>[0]) =>
    sidebarItems(role)
      .flatMap((item) => [item.href, ...(item.children ?? []).map((c) => c.href)])
      .filter(Boolean);

  it('follows the role: viewers add nothing, staff receive purchase orders, only owners see API Tokens, an unknown role hides only the latter', () => {
    expect(hrefs('viewer')).not.toContain('/add-product');
    expect(hrefs('viewer')).not.toContain('/add-Order');
    expect(hrefs('viewer')).toContain('/team');
    expect(hrefs('viewer')).toContain('/store-settings');
    expect(hrefs('staff')).toContain('/add-product');
    expect(hrefs('staff')).toContain('/purchase-orders');
    expect(hrefs('viewer')).not.toContain('/purchase-orders');
    expect(hrefs('manager')).toContain('/purchase-orders');
    expect(hrefs('manager')).not.toContain('/api-tokens');
    expect(hrefs('owner')).toContain('/api-tokens');
    expect(hrefs(null)).toEqual(hrefs('owner').filter((href) => href !== '/api-tokens'));
  });
});
