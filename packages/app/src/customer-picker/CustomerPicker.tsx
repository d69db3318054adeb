import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { EMPTY_CUSTOMER_FIELDS, type Customer, type CustomerField, type OrderCustomer } from '@inventory/contract/rules';
import { Button } from '@inventory/ui';
import { CustomerFormFields } from '../customer-forms/CustomerFormFields';
import { useCustomerForm } from '../customer-forms/useCustomerForm';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import {
  customerSearchCleared,
  customerSearchRequested,
  newCustomerRequested,
  newCustomerTaken,
  selectCustomerPicker,
} from './customerPicker';

/** The fields a customer made from the order form gets there; the rest is on their page. */
const NEW_CUSTOMER_FIELDS: readonly CustomerField[] = ['name', 'company', 'email', 'phone'];
const NEW_ID = 'new-customer';

export interface CustomerPickerProps {
  value: OrderCustomer | null;
  onChange: (customer: OrderCustomer | null) => void;
  disabled?: boolean;
}

/**
 * The order's customer: a combobox over the store's active customers (typing searches the server by name, company,
 * email or phone; arrows move, Enter or a click chooses, Escape closes), whose last option, "New customer…", opens the
 * new customer's fields right here in the order form (name, company, email, phone): saved, they are the order's
 * customer, and nothing typed in the order is lost. "No customer" clears the choice.
 */
export function CustomerPicker({ value, onChange, disabled }: CustomerPickerProps) {
  const dispatch = useAppDispatch();
  const { results, status, message, saving, created } = useAppSelector(selectCustomerPicker);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState(false);
  const form = useCustomerForm(EMPTY_CUSTOMER_FIELDS, NEW_ID, 'orderCustomer', NEW_CUSTOMER_FIELDS);
  const { reset } = form;
  const ids = useId();
  const listId = `${ids}-list`;
  const inputId = 'order-customer';
  const hintId = `${ids}-hint`;

  useEffect(() => () => void dispatch(customerSearchCleared()), [dispatch]);

  // The customer just saved becomes the order's.
  useEffect(() => {
    if (!created) return;
    onChange({ _id: created._id, name: created.name });
    dispatch(newCustomerTaken());
    setCreating(false);
    reset();
  }, [created, onChange, dispatch, reset]);

  // The new customer's name has the focus once their fields show (in the commit that shows them, so it never takes the
  // focus from a field the user has moved to since).
  useEffect(() => {
    if (creating) document.getElementById(`${NEW_ID}-name`)?.focus();
  }, [creating]);

  const options = results.length; // the results, then "New customer…"
  const search = (query: string) => {
    setText(query);
    setOpen(true);
    setActive(-1);
    dispatch(customerSearchRequested(query));
  };
  const choose = (customer: Customer) => {
    onChange({ _id: customer._id, name: customer.name });
    setOpen(false);
    setText('');
    setActive(-1);
  };
  const startNew = () => {
    setOpen(false);
    setCreating(true);
    // What was typed to search is likely the new customer's name.
    reset({ name: text.trim() });
    setText('');
  };
  const saveNew = () => {
    if (saving || !form.validate()) return;
    dispatch(newCustomerRequested({ ...EMPTY_CUSTOMER_FIELDS, ...form.values }));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) search(text);
      else setActive((i) => Math.min(options, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      if (active === options) startNew();
      else if (results[active]) choose(results[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const listShown = open && status !== 'idle';
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        Customer
      </label>
      {value ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-line bg-surface-muted px-3 py-2">
          <span className="font-medium text-ink">{value.name}</span>
          <Button variant="secondary" size="sm" onClick={() => onChange(null)} disabled={disabled}>
            No customer
          </Button>
        </div>
      ) : null}
      {creating ? null : (
        <div className="relative">
          <input
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded={listShown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-describedby={hintId}
            aria-activedescendant={listShown && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            disabled={disabled}
            value={text}
            placeholder={value ? 'Search for another customer' : 'Search by name, company, email or phone'}
            onChange={(event) => search(event.target.value)}
            onFocus={() => {
              if (!open) search(text);
            }}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-md border border-line-strong bg-surface px-3 text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          {listShown ? (
            <ul
              id={listId}
              role="listbox"
              aria-label="Customers"
              className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-line bg-surface py-1 shadow-card"
            >
              {results.map((customer, index) => (
                <li
                  key={customer._id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  // Chosen on mousedown, before the input's blur closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(customer);
                  }}
                  className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-50' : ''}`}
                >
                  <span className="text-ink">{customer.name}</span>{' '}
                  <span className="text-sm text-ink-muted">{[customer.company, customer.email].filter(Boolean).join(' · ')}</span>
                </li>
              ))}
              <li
                id={`${listId}-${options}`}
                role="option"
                aria-selected={active === options}
                onMouseDown={(event) => {
                  event.preventDefault();
                  startNew();
                }}
                className={`cursor-pointer border-t border-line px-3 py-2 font-medium text-brand-700 ${active === options ? 'bg-brand-50' : ''}`}
              >
                New customer…
              </li>
            </ul>
          ) : null}
        </div>
      )}
      {creating ? (
        <fieldset
          className="m-0 flex flex-col gap-4 rounded-md border border-line p-4"
          // Enter in these fields saves the customer, not the order around them.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
              event.preventDefault();
              saveNew();
            }
          }}
        >
          <legend className="px-1 text-sm font-semibold text-ink">New customer</legend>
          <CustomerFormFields
            values={form.values}
            errors={form.errors}
            onChange={form.onChange}
            idPrefix={NEW_ID}
            fields={NEW_CUSTOMER_FIELDS}
            disabled={saving || disabled}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="button" onClick={saveNew} loading={saving}>
              Add customer
            </Button>
            <Button type="button" variant="secondary" onClick={() => setCreating(false)} disabled={saving}>
              Cancel
            </Button>
          </div>
        </fieldset>
      ) : (
        <>
          <p role="status" className="m-0 min-h-5 text-sm text-ink-muted">
            {listShown && status === 'searching' && results.length === 0 ? 'Searching…' : null}
            {listShown && status === 'done' && results.length === 0 ? 'No customers match' : null}
            {listShown && status === 'failed' ? message : null}
          </p>
          <p id={hintId} className="m-0 text-sm text-ink-muted">
            Optional: who the order is for. Not there yet? Choose “New customer…”.
          </p>
        </>
      )}
    </div>
  );
}
