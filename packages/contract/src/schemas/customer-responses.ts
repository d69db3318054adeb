import { z } from 'zod';
import { CUSTOMER_LIMITS } from '../constants';
import { actorSchema } from './responses';

/** What the API answers of customers (their rules: customers.ts; their requests: schemas/customers.ts). */

const text = (max: number, description?: string) => (description ? z.string().max(max).describe(description) : z.string().max(max));

/** A customer's orders, on single-item answers: how many, and what the ones not cancelled are worth. */
export const customerOrderFiguresSchema = z.object({
  orders: z.number().int().min(0).describe('Orders naming the customer, whatever their status'),
  value: z.number().min(0).describe('Price × quantity of those not cancelled, in dollars to the cent'),
});

export const customerResponseSchema = z
  .object({
    _id: z.uuid(),
    name: text(CUSTOMER_LIMITS.name),
    company: text(CUSTOMER_LIMITS.company, "'' for none"),
    email: text(CUSTOMER_LIMITS.email, "'' for none; unique in the store whatever its case"),
    phone: text(CUSTOMER_LIMITS.phone, "'' for none"),
    billingAddress: text(CUSTOMER_LIMITS.billingAddress, "Lines separated by \\n; '' for none"),
    shippingAddress: text(CUSTOMER_LIMITS.shippingAddress, "Lines separated by \\n; '' for none"),
    taxId: text(CUSTOMER_LIMITS.taxId, "A VAT number or other tax id; '' for none"),
    notes: text(CUSTOMER_LIMITS.notes, "Lines separated by \\n; '' for none"),
    archivedAt: z.iso.datetime().nullable().describe('When the customer was archived (deleted while they had orders); null while active'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    orders: customerOrderFiguresSchema.optional().describe('Their orders (single-item answers only)'),
    createdBy: actorSchema.nullable().optional().describe('Who created it (single-item answers only)'),
    updatedBy: actorSchema.nullable().optional().describe('Who changed it last (single-item answers only)'),
  })
  .meta({
    examples: [
      {
        _id: '0b6c2f4e-8d1a-4e3b-9c5d-7a2f1e0d3c4b',
        name: 'Grace Hopper',
        company: 'Cobol Systems Ltd',
        email: 'grace@cobol.example',
        phone: '+44 20 7946 0958',
        billingAddress: '1 Compiler Lane\nLeeds LS1 4AP\nUnited Kingdom',
        shippingAddress: '',
        taxId: 'GB123456789',
        notes: 'Invoices by email',
        archivedAt: null,
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-02T08:30:00.000Z',
      },
    ],
  });
