import { z } from 'zod';
import { LIMITS, MAX_PRICE, MAX_QUANTITY, SUPPLIER_LEAD_TIME_MAX_DAYS, SUPPLIER_LIMITS } from '../constants';
import { actorSchema } from './responses';

/** What the API answers of suppliers and of a product's suppliers (their rules: suppliers.ts, product-suppliers.ts). */

const text = (max: number, description?: string) => (description ? z.string().max(max).describe(description) : z.string().max(max));

export const supplierResponseSchema = z
  .object({
    _id: z.uuid(),
    name: text(SUPPLIER_LIMITS.name, 'Unique in the store whatever its case'),
    contact: text(SUPPLIER_LIMITS.contact, "The person to ask for; '' for none"),
    email: text(SUPPLIER_LIMITS.email, "'' for none"),
    phone: text(SUPPLIER_LIMITS.phone, "'' for none"),
    address: text(SUPPLIER_LIMITS.address, "Lines separated by \\n; '' for none"),
    leadTimeDays: z.number().int().min(0).max(SUPPLIER_LEAD_TIME_MAX_DAYS).nullable().describe('Days from ordering to delivery; null when not known'),
    notes: text(SUPPLIER_LIMITS.notes, "Lines separated by \\n; '' for none"),
    archivedAt: z.iso.datetime().nullable().describe('When the supplier was archived (deleted while products named them); null while active'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    products: z.number().int().min(0).optional().describe('How many products name them as a supplier (single-item answers only)'),
    createdBy: actorSchema.nullable().optional().describe('Who created it (single-item answers only)'),
    updatedBy: actorSchema.nullable().optional().describe('Who changed it last (single-item answers only)'),
  })
  .meta({
    examples: [
      {
        _id: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b',
        name: 'Northwind Distribution',
        contact: 'Anne Dodsworth',
        email: 'orders@northwind.example',
        phone: '+44 161 496 0000',
        address: '12 Quay Street\nManchester M3 3HN',
        leadTimeDays: 5,
        notes: 'Orders before 2 pm ship the same day',
        archivedAt: null,
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-02T08:30:00.000Z',
      },
    ],
  });

/** A link of a product to one of its suppliers, as both of their lists answer it. */
export const productSupplierSchema = z
  .object({
    product: z.object({ _id: z.uuid(), name: z.string().max(LIMITS.name), sku: z.string().max(LIMITS.sku) }).describe('The product (its name and SKU now)'),
    supplier: z
      .object({ _id: z.uuid(), name: z.string().max(SUPPLIER_LIMITS.name), archivedAt: z.iso.datetime().nullable() })
      .describe('The supplier (their name now, and whether they are archived)'),
    partNumber: text(SUPPLIER_LIMITS.partNumber, "The supplier's own code for the product; '' for none"),
    packSize: z.number().int().min(1).max(MAX_QUANTITY).describe('How many units the supplier sells it in'),
    lastCost: z.number().min(0).max(MAX_PRICE).nullable().describe('The last cost paid per unit, to the cent; null when not known'),
    preferred: z.boolean().describe('The supplier the product is bought from when nothing else is said; at most one per product'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    examples: [
      {
        product: { _id: '0b6c2f4e-8d1a-4e3b-9c5d-7a2f1e0d3c4b', name: 'USB-C Dock', sku: 'DOC-1718000000000' },
        supplier: { _id: '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b', name: 'Northwind Distribution', archivedAt: null },
        partNumber: 'NW-DOCK-C7',
        packSize: 4,
        lastCost: 121.5,
        preferred: true,
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-01T10:00:00.000Z',
      },
    ],
  });
