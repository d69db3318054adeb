import { describe, expect, it } from 'vitest';
import {
  outstandingToShip,
  SALES_ORDER_STATUS_LABELS,
  SALES_ORDER_STATUSES,
  salesOrderActions,
  salesOrderStatus,
} from '../src';

const line = (quantity: number, shipped = 0, cancelled = 0) => ({ quantity, shipped, cancelled });

describe('what is outstanding on a line', () => {
  it('is ordered − shipped − cancelled, never below 0', () => {
    expect(outstandingToShip(line(5))).toBe(5);
    expect(outstandingToShip(line(5, 2))).toBe(3);
    expect(outstandingToShip(line(5, 2, 3))).toBe(0);
    expect(outstandingToShip(line(5, 5))).toBe(0);
    // A line edited below what its data says shipped (it cannot be, shippedLinesEditRefusal) still owes nothing.
    expect(outstandingToShip(line(2, 3))).toBe(0);
  });
});

describe('an order’s status from its lines', () => {
  it('open, partly shipped, shipped, cancelled', () => {
    expect(salesOrderStatus([line(1), line(2)])).toBe('open');
    expect(salesOrderStatus([line(1, 1), line(2)])).toBe('partly_shipped');
    expect(salesOrderStatus([line(2, 1)])).toBe('partly_shipped');
    expect(salesOrderStatus([line(1, 1), line(2, 2)])).toBe('shipped');
    expect(salesOrderStatus([line(1, 0, 1), line(2, 0, 2)])).toBe('cancelled');
  });

  it('an order cancelled after a partial shipment is shipped: what will leave has left', () => {
    expect(salesOrderStatus([line(3, 1, 2), line(2, 0, 2)])).toBe('shipped');
  });

  it('an order without lines is open', () => {
    expect(salesOrderStatus([])).toBe('open');
  });
});

describe('what an order may still have done to it', () => {
  it('follows its status', () => {
    expect(salesOrderActions('open')).toEqual({ edit: true, cancel: true, ship: true, return: false, delete: true });
    expect(salesOrderActions('partly_shipped')).toEqual({
      edit: true,
      cancel: true,
      ship: true,
      return: true,
      delete: false,
    });
    expect(salesOrderActions('shipped')).toEqual({
      edit: false,
      cancel: false,
      ship: false,
      return: true,
      delete: false,
    });
    expect(salesOrderActions('cancelled')).toEqual({
      edit: false,
      cancel: false,
      ship: false,
      return: false,
      delete: true,
    });
  });

  it('every status has a label', () => {
    expect(SALES_ORDER_STATUSES.map((status) => SALES_ORDER_STATUS_LABELS[status])).toEqual([
      'Open',
      'Partly shipped',
      'Shipped',
      'Cancelled',
    ]);
  });
});
