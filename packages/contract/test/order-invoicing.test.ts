import { describe, expect, it } from 'vitest';
import { orderInvoiceCustomer, orderInvoiceQuantities, orderLineInvoicing } from '../src/rules';

const lines = [
  { lineId: 'a', quantity: 5, shipped: 3, returned: 0, cancelled: 0 },
  { lineId: 'b', quantity: 4, shipped: 0, returned: 0, cancelled: 1 },
  { lineId: 'c', quantity: 2, shipped: 2, returned: 0, cancelled: 0 },
];

describe('what of an order may be invoiced (0044)', () => {
  it('all: ordered less cancelled; shipped: what shipped; each less what invoices (drafts too) bill', () => {
    const invoiced = new Map([['a', 2], ['c', 2]]);
    expect(orderLineInvoicing(lines, invoiced)).toEqual([
      { lineId: 'a', ordered: 5, shipped: 3, returned: 0, invoiced: 2, toInvoiceAll: 3, toInvoiceShipped: 1 },
      { lineId: 'b', ordered: 3, shipped: 0, returned: 0, invoiced: 0, toInvoiceAll: 3, toInvoiceShipped: 0 },
      { lineId: 'c', ordered: 2, shipped: 2, returned: 0, invoiced: 2, toInvoiceAll: 0, toInvoiceShipped: 0 },
    ]);
    expect(orderInvoiceQuantities(lines, invoiced, 'shipped')).toEqual({ lines: [{ lineId: 'a', quantity: 1 }] });
    expect(orderInvoiceQuantities(lines, invoiced, 'all')).toEqual({ lines: [{ lineId: 'a', quantity: 3 }, { lineId: 'b', quantity: 3 }] });
  });

  it('nothing left is a 409; an order edited below what is invoiced leaves 0, never less', () => {
    expect(orderInvoiceQuantities(lines, new Map([['a', 3], ['c', 2]]), 'shipped')).toEqual({ status: 409, message: 'Nothing shipped on this order is left to invoice (drafts included)' });
    expect(orderInvoiceQuantities(lines, new Map([['a', 9], ['b', 3], ['c', 2]]), 'all')).toMatchObject({ status: 409 });
    expect(orderLineInvoicing([{ lineId: 'a', quantity: 2, shipped: 2, returned: 0, cancelled: 0 }], new Map([['a', 5]]))[0]).toMatchObject({ toInvoiceAll: 0, toInvoiceShipped: 0 });
  });

  it('a unit returned before it was billed is billed on neither basis; one billed before it came back stays billed', () => {
    // 4 ordered, 3 shipped, 1 of them returned: 2 sent and kept, 3 to bill in all (the unshipped one will ship).
    const returned = [{ lineId: 'a', quantity: 4, shipped: 3, returned: 1, cancelled: 0 }];
    expect(orderLineInvoicing(returned, new Map())).toEqual([
      { lineId: 'a', ordered: 4, shipped: 3, returned: 1, invoiced: 0, toInvoiceAll: 3, toInvoiceShipped: 2 },
    ]);
    expect(orderInvoiceQuantities(returned, new Map(), 'shipped')).toEqual({ lines: [{ lineId: 'a', quantity: 2 }] });
    // Everything shipped came back: nothing sent is left to bill.
    const allBack = [{ lineId: 'a', quantity: 2, shipped: 2, returned: 2, cancelled: 0 }];
    expect(orderInvoiceQuantities(allBack, new Map(), 'shipped')).toMatchObject({ status: 409 });
    expect(orderInvoiceQuantities(allBack, new Map(), 'all')).toMatchObject({ status: 409 });
    // Billed, then returned: what is billed stays billed (a credit note corrects the money), nothing more to bill.
    expect(orderLineInvoicing(allBack, new Map([['a', 2]]))[0]).toMatchObject({ invoiced: 2, toInvoiceAll: 0, toInvoiceShipped: 0 });
    // The rest of a partly cancelled line: 5 ordered, 1 cancelled, 2 shipped and 1 of them back: 3 in all.
    expect(orderLineInvoicing([{ lineId: 'a', quantity: 5, shipped: 2, returned: 1, cancelled: 1 }], new Map())[0]).toMatchObject({
      ordered: 4,
      toInvoiceAll: 3,
      toInvoiceShipped: 1,
    });
  });

  it("the customer: the request's, else the order's, else a 409", () => {
    expect(orderInvoiceCustomer('c1', undefined)).toEqual({ customerId: 'c1' });
    expect(orderInvoiceCustomer('c1', 'c2')).toEqual({ customerId: 'c2' });
    expect(orderInvoiceCustomer(null, undefined)).toMatchObject({ status: 409 });
  });
});
