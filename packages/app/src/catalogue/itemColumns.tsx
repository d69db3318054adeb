import { RowActions, type DataTableColumn, type RowActionLinkProps } from '@inventory/ui';
import { Link } from 'react-router-dom';
import type { CatalogueItem } from './catalogueItem';
import { formatMoney, itemValue } from './money';
import { truncateName } from './truncateName';

function renderLink({ href, className, children }: RowActionLinkProps) {
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

export interface ItemColumnsOptions<T extends CatalogueItem> {
  /** 'Name' on the dashboard, 'Order P.Name' on the orders table. */
  nameHeader: string;
  viewHref: (item: T) => string;
  /** Left out: no edit action (the role may not edit). */
  editHref?: (item: T) => string;
  /** Left out: no delete action (the role may not delete). */
  onDelete?: (item: T) => void;
}

/**
 * The columns of the dashboard's and the orders' tables: s/n (counting across pages), the name cut to 16 characters
 * with the full name as its tooltip, category, price, quantity, value (price x quantity) and the view / edit / delete
 * actions (edit and delete only where given).
 */
export function itemColumns<T extends CatalogueItem>({
  nameHeader,
  viewHref,
  editHref,
  onDelete,
}: ItemColumnsOptions<T>): DataTableColumn<T>[] {
  return [
    // On a phone the table scrolls sideways inside its card with the name kept in view; s/n gives it the room.
    { key: 'sn', header: 's/n', cell: (_item, index) => index + 1, className: 'hidden md:table-cell' },
    {
      key: 'name',
      header: nameHeader,
      sticky: true,
      cell: (item) => {
        const short = truncateName(item.name);
        return short === item.name ? item.name : <span title={item.name}>{short}</span>;
      },
    },
    { key: 'category', header: 'Category', cell: (item) => item.category },
    { key: 'price', header: 'Price', cell: (item) => formatMoney(item.price) },
    { key: 'quantity', header: 'Quantity', cell: (item) => item.quantity },
    { key: 'value', header: 'Value', cell: (item) => formatMoney(itemValue(item)) },
    {
      key: 'action',
      header: 'Action',
      cell: (item) => (
        <RowActions
          itemLabel={item.name}
          viewHref={viewHref(item)}
          editHref={editHref?.(item)}
          onDelete={onDelete ? () => onDelete(item) : undefined}
          renderLink={renderLink}
        />
      ),
    },
  ];
}
