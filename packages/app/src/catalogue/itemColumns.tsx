import { RowActions, TruncatedText, type DataTableColumn, type RowActionLinkProps } from '@inventory/ui';
import { Link, useLocation } from 'react-router-dom';
import type { CatalogueItem } from './catalogueItem';
import { formatMoney, itemValue } from './money';
import { truncateName } from './truncateName';

/** A row's link, remembering the list it was followed from, so an edit saved there comes back to it. */
function RowLink({ href, className, children }: RowActionLinkProps) {
  const { pathname, search } = useLocation();
  return (
    <Link to={href} state={{ from: `${pathname}${search}` }} className={className}>
      {children}
    </Link>
  );
}

const renderLink = (props: RowActionLinkProps) => <RowLink {...props} />;

export interface ItemColumnsOptions<T extends CatalogueItem> {
  /** 'Name' on the dashboard, 'Order P.Name' on the orders table. */
  nameHeader: string;
  viewHref: (item: T) => string;
  /** Left out: no edit action (the role may not edit). */
  editHref?: (item: T) => string;
  /** Left out: no delete action (the role may not delete). */
  onDelete?: (item: T) => void;
  /** What this row's state still allows (e.g. a fulfilled order: neither); left out, both. */
  rowAllows?: (item: T) => { edit: boolean; delete: boolean };
  /** Names in full in a wider column (the user's choice where there is room); else cut to 16 characters. */
  fullNames?: boolean;
}

/**
 * The columns of the dashboard's and the orders' tables: s/n (counting across pages), the name cut to 16 characters
 * with the full name as its tooltip on hover and focus (or in full, when the user asks for full names), category, price, quantity, value (price x quantity) and the view / edit / delete
 * actions (edit and delete only where given).
 */
export function itemColumns<T extends CatalogueItem>({
  nameHeader,
  viewHref,
  editHref,
  onDelete,
  rowAllows,
  fullNames = false,
}: ItemColumnsOptions<T>): DataTableColumn<T>[] {
  return [
    // On a phone the table scrolls sideways inside its card with the name kept in view; s/n gives it the room.
    { key: 'sn', header: 's/n', cell: (_item, index) => index + 1, className: 'hidden md:table-cell' },
    {
      key: 'name',
      header: nameHeader,
      sticky: true,
      cell: (item) => (fullNames ? item.name : <TruncatedText shown={truncateName(item.name)} full={item.name} />),
      className: fullNames ? 'min-w-64 max-w-md whitespace-normal' : undefined,
    },
    // On a phone, category and value give their room to quantity and the actions (no sideways scrolling for them).
    { key: 'category', header: 'Category', cell: (item) => item.category, className: 'max-sm:hidden' },
    { key: 'price', header: 'Price', cell: (item) => formatMoney(item.price) },
    {
      key: 'quantity',
      // "Qty" on a phone, drawn by CSS; "Quantity" stays the header's text and its name for screen readers.
      header: (
        <span className="max-sm:after:content-['Qty']">
          <span className="max-sm:sr-only">Quantity</span>
        </span>
      ),
      cell: (item) => item.quantity,
    },
    { key: 'value', header: 'Value', cell: (item) => formatMoney(itemValue(item)), className: 'max-sm:hidden' },
    {
      key: 'action',
      header: 'Action',
      cell: (item) => {
        const allows = rowAllows?.(item) ?? { edit: true, delete: true };
        return (
          <RowActions
            itemLabel={item.name}
            viewHref={viewHref(item)}
            editHref={allows.edit ? editHref?.(item) : undefined}
            onDelete={onDelete && allows.delete ? () => onDelete(item) : undefined}
            renderLink={renderLink}
          />
        );
      },
    },
  ];
}
