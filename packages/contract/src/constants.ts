/** Business constants and limits, shared by every layer. */
export const PAGE_SIZE = 5;
export const PAGE_LINKS = 3;
export const MIN_PASSWORD_LENGTH = 6;
export const NAME_TRUNCATE_LENGTH = 16;
export const SKU_PREFIX_LENGTH = 3;
export const SIDEBAR_OPEN_WIDTH = 230;
export const SIDEBAR_COLLAPSED_WIDTH = 60;
export const TOAST_DURATION_MS = 5000;
export const FREE_TRIAL_MONTHS = 1;
export const FOOTER_YEAR = 2023;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
export const ALLOWED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Upper bounds on text input, so no field can carry an unbounded payload. */
export const LIMITS = {
  name: 100,
  email: 254,
  password: 128,
  phone: 30,
  bio: 1000,
  photoUrl: 2048,
  resetToken: 128,
  category: 50,
  /** A SKU is free text (issue 25): a supplier's part number, an EAN, the shop's own code. */
  sku: 64,
  /** A manufacturer part number: free text on one line. */
  mpn: 64,
  /** Rich-text HTML, inline images included (each at most 2 MB before base64). */
  description: 4_000_000,
  subject: 200,
  message: 5000,
  storeName: 100,
  tokenName: 100,
  /** The note of a stock correction: one line. */
  correctionNote: 200,
} as const;

/** Uploaded images (product image, profile photo): jpeg/png by their bytes, re-encoded by the server. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Refuse decompression bombs: at most this many pixels (e.g. 8000 x 5000). */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Landing page marketing claims. */
export const LANDING_STATS = [
  { value: '14K', label: 'Brand Owners' },
  { value: '23K', label: 'Active Orders' },
  { value: '500+', label: 'Partners' },
] as const;

/** The session cookie: an opaque id, HttpOnly, SameSite=Lax (docs/decisions/0004-sessions.md). The mocks use it too. */
export const SESSION_COOKIE_NAME = 'sid';
/** How long a session lives without use, and a reset token lives at all. */
export const SESSION_TTL_DAYS = 7;
export const RESET_TOKEN_TTL_MINUTES = 30;

/** The largest price and quantity a product or order may have. */
export const MAX_PRICE = 10_000_000;
export const MAX_QUANTITY = 1_000_000;

/** Limits of the operator's contact details (CONTACT_* settings, contact.ts): one line each. */
export const CONTACT_DETAIL_LIMITS = { email: 254, phone: 40, address: 200, social: 100 } as const;

/** The longest text of each customer field (customers.ts): addresses and notes may span lines, the others are one line. */
export const CUSTOMER_LIMITS = {
  name: LIMITS.name,
  company: 100,
  email: LIMITS.email,
  phone: 40,
  billingAddress: 500,
  shippingAddress: 500,
  taxId: 50,
  notes: 2000,
} as const;

/** The longest text of each supplier field (suppliers.ts): the address and notes may span lines, the others are one line. */
export const SUPPLIER_LIMITS = {
  name: LIMITS.name,
  contact: 100,
  email: LIMITS.email,
  phone: 40,
  address: 500,
  notes: 2000,
  /** A supplier's own part number for a product (product-suppliers.ts). */
  partNumber: 64,
} as const;

/** The longest lead time a supplier may be given, in days. */
export const SUPPLIER_LEAD_TIME_MAX_DAYS = 365;
