import { z } from 'zod';
import { CONTACT_DETAIL_LIMITS, LIMITS, MAX_PRICE, MAX_QUANTITY } from '../constants';
import { ORDER_STATUSES } from '../order-status';
import { orderLinesFieldsSchema } from './sales-responses';

/**
 * What the API answers, as schemas: the one source of the response types, of the OpenAPI description and of the
 * response checks that run against the server's and the mocks' answers.
 */
export const userResponseSchema = z
  .object({
    _id: z.string(),
    name: z.string().max(LIMITS.name),
    email: z.string().max(LIMITS.email),
    phone: z.string().max(LIMITS.phone),
    bio: z.string().max(LIMITS.bio),
    photo: z
      .string()
      .max(LIMITS.photoUrl)
      .describe(
        "The profile photo's URL: an uploaded image (<PUBLIC_URL>/uploads/…), an http(s) address, or the default avatar (<PUBLIC_URL>/api/users/avatar.png) when none is set",
      ),
  })
  .meta({
    description: 'A user as the API sends it: never the password hash',
    examples: [
      {
        _id: '3f9c2a8e-5b1d-4c7e-9a2f-6d8e1b4c7a90',
        name: 'Jane Doe',
        email: 'jane@example.com',
        phone: '+1 555 0100',
        bio: 'Buys IT equipment for Acme',
        photo: 'http://localhost:3000/uploads/7d1e5c3a-2b4f-4e6a-8c9d-0f1a2b3c4d5e.png',
      },
    ],
  });

export const productImageSchema = z.object({
  fileName: z.string().describe('The name the image was uploaded under'),
  filePath: z.string().describe('Where the browser loads it: <PUBLIC_URL>/uploads/<generated name>, absolute'),
  fileType: z.string().describe('image/jpeg or image/png'),
  fileSize: z.number().int().min(0).describe('Bytes, after re-encoding'),
});

const noImage = z.record(z.string(), z.never()).describe('{} when the product has no image');

const itemFields = {
  _id: z.uuid(),
  name: z.string(),
  sku: z.string().describe('Unique in the store whatever its case; made as the first 3 letters of the category in upper case, a dash and a number when none was given'),
  category: z.string(),
  price: z.number().min(0).max(MAX_PRICE).describe('At most 2 decimals'),
  quantity: z.number().int().min(0).max(MAX_QUANTITY),
};

const timestamps = {
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** Who created or last changed a product or order: a member, possibly through one of the store's API tokens. */
export const actorSchema = z.object({
  name: z.string().describe('The member, or "A former member" when their account is gone'),
  token: z.string().nullable().describe('The API token they acted through, if any'),
});
export type Actor = z.infer<typeof actorSchema>;

/** Who did what: on single-item answers (not lists), beside the fields of the original contract. */
const audit = {
  createdBy: actorSchema.nullable().optional().describe('Who created it (single-item answers only; null when not recorded)'),
  updatedBy: actorSchema.nullable().optional().describe('Who changed it last (single-item answers only)'),
};

const orderExample = {
  _id: '6f1f8b1e-4c1a-4d2b-9a51-2f0e3c4d5a6b',
  name: 'ThinkPad X1 Carbon Gen 11',
  sku: 'LAP-1709287200000',
  category: 'Laptops',
  price: 1899.99,
  quantity: 12,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-02T08:30:00.000Z',
};

export const productResponseSchema = z
  .object({
    ...itemFields,
    description: z.string().describe('Rich-text HTML, sanitized by the server'),
    image: z.union([productImageSchema, noImage]),
    reorderPoint: z
      .number()
      .int()
      .min(0)
      .max(MAX_QUANTITY)
      .nullable()
      .optional()
      .describe('Low stock at or below this quantity; null for none (absent from clients of the original contract)'),
    barcode: z
      .string()
      .nullable()
      .optional()
      .describe('EAN-8, UPC-A, EAN-13 or GTIN-14 (digits, check digit valid), unique in the store; null for none. Always answered'),
    mpn: z.string().nullable().optional().describe('Manufacturer part number; null for none. Always answered'),
    archivedAt: z.iso
      .datetime()
      .optional()
      .describe('When the product was archived (deleted while it had a history); answered only on an archived product'),
    cost: z
      .number()
      .min(0)
      .max(MAX_PRICE)
      .nullable()
      .optional()
      .describe(
        'What the shop pays for one (at most 2 decimals); null when not known. Answered only to roles with cost:read (owner, manager): absent for staff, viewers and their tokens',
      ),
    onOrder: z
      .object({
        quantity: z.number().int().min(0),
        expectedDate: z.string().nullable().describe('The earliest expected date (YYYY-MM-DD) of the sent purchase orders it is on'),
      })
      .optional()
      .describe('Outstanding on sent purchase orders (0042): on single-item answers to roles with purchasing:read, only while something is on order'),
    ...timestamps,
    ...audit,
  })
  .meta({
    examples: [
      {
        ...orderExample,
        description: '<p>14" 2.8K OLED, <strong>32 GB</strong> RAM</p>',
        image: {
          fileName: 'x1-carbon.png',
          filePath: 'http://localhost:3000/uploads/0c6f3e2a-9b8d-4f1e-a7c5-3d2b1e0f9a8c.png',
          fileType: 'image/png',
          fileSize: 48213,
        },
      },
    ],
  });

/** The customer an order names, on its single-item answers (docs/decisions/0035-customers.md). */
export const orderCustomerSchema = z.object({
  _id: z.uuid(),
  name: z.string().describe("The customer's name as it is now"),
});

export const orderResponseSchema = z
  .object({
    ...itemFields,
    status: z.enum(ORDER_STATUSES).optional().describe('open, fulfilled or cancelled'),
    productId: z.uuid().nullable().optional().describe('The catalogue product whose stock it took; null for a free-text order'),
    customerId: z
      .uuid()
      .optional()
      .describe("The customer it was placed for; absent when none (an order without a customer answers exactly as before)"),
    customer: orderCustomerSchema
      .optional()
      .describe('That customer with their name now (single-item answers only; absent when the order has none)'),
    number: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The order number in its store (1, 2, 3 … in the order they were placed); shown as "SO-00042" (contract documentNumber)'),
    ...orderLinesFieldsSchema,
    ...timestamps,
    ...audit,
  }).meta({ examples: [{ ...orderExample, number: 42 }] });

export const productListSchema = z.array(productResponseSchema).describe("The signed-in user's products, newest first");
export const orderListSchema = z.array(orderResponseSchema).describe("The signed-in user's orders, newest first");

export const messageResponseSchema = z.object({ message: z.string() });

/** Every 4xx and 503 answer: the message to show the user. */
export const errorResponseSchema = z.object({ message: z.string().describe('What went wrong, fit to show the user') });

/** 503: the database is unreachable. A server that is shutting down answers its framework's body, which adds fields. */
export const unavailableResponseSchema = errorResponseSchema.loose();

/** A 500 hides every detail behind the id the failure was logged under. */
export const apiErrorSchema = z.object({
  message: z.string(),
  requestId: z.string().optional().describe('The id the failure was logged under'),
});

export const loggedInSchema = z.boolean().describe('Whether the request carries a live session');

export const uploadResponseSchema = z.object({
  url: z.string().describe('<PUBLIC_URL>/uploads/<generated name>, absolute'),
});

export const healthSchema = z.object({ status: z.literal('ok') });

const contactDetail = (max: number, description: string) => z.string().max(max).nullable().describe(description);

/** GET /api/contactus: the operator's contact details, each null when not configured. */
export const contactDetailsSchema = z
  .strictObject({
    email: contactDetail(CONTACT_DETAIL_LIMITS.email, 'CONTACT_EMAIL: where people may write'),
    phone: contactDetail(CONTACT_DETAIL_LIMITS.phone, 'CONTACT_PHONE, as written for people'),
    address: contactDetail(CONTACT_DETAIL_LIMITS.address, 'CONTACT_ADDRESS: city and country, or a postal address'),
    social: contactDetail(CONTACT_DETAIL_LIMITS.social, 'CONTACT_SOCIAL: a social-media handle or address'),
  })
  .meta({
    description: "The operator's contact details; each is null when the server does not configure it",
    examples: [{ email: 'help@bytebazaar.example', phone: '+44 20 7946 0958', address: 'Leeds, United Kingdom', social: null }],
  });
