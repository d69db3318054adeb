import { z } from 'zod';
import { idParamsSchema } from '../schemas/catalogue';
import { LIMITS } from '../constants';
import { DEFAULT_AVATAR_PATH } from '../avatar';
import { MESSAGES } from '../messages';
import { orderListQuerySchema, productListQuerySchema } from '../schemas/lists';
import { customerImportQuerySchema, customerListQuerySchema, customerOrdersQuerySchema } from '../schemas/customers';
import { CUSTOMER_EXPORT_COLUMNS } from '../customers-csv';
import { DEFAULT_EXPORT_CONTEXT, exportHeader, PRODUCT_EXPORT_HEADER } from '../csv-export';
import { movementQuerySchema } from '../schemas/stock';
import { IMPORT_MAX_BYTES_DEFAULT, IMPORT_MAX_ERRORS, IMPORT_MESSAGES } from '../csv';
import { exportQuerySchema, importQuerySchema } from '../schemas/csv';
import { INVITATION_TTL_DAYS, type Permission } from '../stores';
import { invitationTokenParamsSchema, memberParamsSchema } from '../schemas/stores';
import { schemaRef } from './json-schema';
import { SUPPLIER_ROUTES } from './supplier-routes';
import type { HttpMethod, MediaTypeObject } from './types';

export type TagName = 'Users' | 'Stores' | 'Products' | 'Orders' | 'Customers' | 'Suppliers' | 'Contact' | 'Uploads' | 'Health' | 'Docs';

/** Failures a route answers beyond those its traits imply, each with what it means on that route. */
export type ExtraStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422;

export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI path template: `{id}`, not `:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: TagName;
  /**
   * `session`: a signed-in person only (the session cookie), 401 otherwise. `store`: the active store of a session, or
   * the store of an API token (`Authorization: Bearer`), with `permission` checked against the role (403 otherwise).
   * `optional`: answers either way, reading the session when there is one.
   */
  auth?: 'session' | 'store' | 'optional';
  /** Takes an `Idempotency-Key` header: a retry answers the first result and does nothing twice (422 for another request). */
  idempotent?: boolean;
  /** Query parameters (a strict object schema); each of its keys becomes an optional `in: query` parameter. */
  query?: z.ZodType;
  /** An `optional` route that also reads an API token (`Authorization: Bearer`). */
  acceptsToken?: boolean;
  /** What the caller's role in the active store must allow (stores.ts); 403 with a message otherwise. */
  permission?: Permission;
  params?: Record<string, { schema: z.ZodType; description: string }>;
  /** A named request schema (see document.ts), sent as JSON or as multipart/form-data. */
  body?: { media: 'json' | 'multipart'; schema: string; description?: string };
  answer: {
    status: 200 | 201;
    description: string;
    /** A named response schema, as JSON; or other media (bytes, a page). */
    schema?: string;
    media?: Record<string, MediaTypeObject>;
    /** Single-item answers carry the item's version as a strong ETag. */
    etag?: boolean;
    /** `session`: starts a session (Set-Cookie). `cleared`: ends it (Set-Cookie with an expired cookie). */
    cookie?: 'session' | 'cleared';
  };
  /** A list answer: weak ETag of the list's version, 304 to a matching If-None-Match. */
  list?: boolean;
  /** An edit of a versioned item: If-Match names the version it is based on, 409 when that is stale. */
  ifMatch?: boolean;
  /** Counted by the rate limits: 429 with Retry-After. */
  rateLimited?: boolean;
  /** A GET that changes state: refused cross-site like POST/PUT/PATCH/DELETE. */
  changesState?: boolean;
  /** Answers without the database (no 503). */
  noDatabase?: boolean;
  /** `schema`: a named answer schema other than `Error` (e.g. the import's 422 with its row errors). */
  extra?: Partial<Record<ExtraStatus, { description: string; example?: string; schema?: string }>>;
}

const productId = { id: { schema: idParamsSchema.shape.id, description: "The product's `_id`" } };
const orderId = { id: { schema: idParamsSchema.shape.id, description: "The order's `_id`" } };
const text = (type: string): Record<string, MediaTypeObject> => ({ [type]: {} });
const csvAttachment: Record<string, MediaTypeObject> = { 'text/csv': { schema: { type: 'string' } } };

/** What every export's description says of its format (csv-export.ts). */
const EXPORT_RULE =
  "UTF-8 with a BOM, CRLF lines; a cell is quoted only when it holds a comma, a quote or a line break; numbers are plain decimals, never quoted; text cells starting with `=`, `+`, `-`, `@`, tab, carriage return or `'` get a leading `'` (OWASP CSV injection); every date is ISO 8601 UTC with the same moment beside it in `timeZone` (`YYYY-MM-DD HH:mm:ss`, header `<name> (<zone>)`); the file name's date is the day in that zone.";

const productNotFound = { description: 'No product of the active store has this id', example: MESSAGES.productNotFound };
const orderNotFound = { description: 'No order of the active store has this id', example: MESSAGES.orderNotFound };
const customerId = { id: { schema: idParamsSchema.shape.id, description: "The customer's `_id`" } };
const customerNotFound = { description: 'No customer of the active store has this id', example: MESSAGES.customerNotFound };
const CUSTOMER_EXPORT_HEADER = exportHeader(CUSTOMER_EXPORT_COLUMNS, DEFAULT_EXPORT_CONTEXT);
const storeRoute = (permission: Permission) => ({ auth: 'store' as const, permission });
const memberId = { userId: { schema: memberParamsSchema.shape.userId, description: "The member's `userId`" } };
const itemId = (what: string) => ({ id: { schema: idParamsSchema.shape.id, description: `The ${what}'s \`_id\`` } });
const invitationToken = {
  token: { schema: invitationTokenParamsSchema.shape.token, description: 'The last path segment of the mailed link' },
};
const invitationInvalid = { description: 'The link is unknown, used, revoked or expired', example: MESSAGES.invitationInvalid };
const userGone = { description: 'The signed-in user no longer exists', example: MESSAGES.userNotFound };

/** Every route the server answers, once. document.ts turns each into an operation with every status it can answer. */
export const API_ROUTES: RouteSpec[] = [
  {
    method: 'post',
    path: '/api/users/register',
    operationId: 'register',
    summary: 'Register and sign in',
    tag: 'Users',
    body: { media: 'json', schema: 'RegisterRequest' },
    answer: { status: 201, schema: 'User', description: 'Registered and signed in', cookie: 'session' },
    rateLimited: true,
    extra: { 409: { description: 'The email is already registered', example: MESSAGES.emailTaken } },
  },
  {
    method: 'post',
    path: '/api/users/login',
    operationId: 'login',
    summary: 'Sign in',
    description: 'Ends the session the request came with (if any) and starts a new one.',
    tag: 'Users',
    body: { media: 'json', schema: 'LoginRequest' },
    answer: { status: 200, schema: 'User', description: 'Signed in', cookie: 'session' },
    rateLimited: true,
    extra: {
      401: {
        description: 'Unknown email or wrong password (the same answer for both)',
        example: MESSAGES.invalidCredentials,
      },
    },
  },
  {
    method: 'get',
    path: '/api/users/logout',
    operationId: 'logout',
    summary: 'Sign out',
    description: 'Ends the session on the server and clears the cookie; answers the same when not signed in.',
    tag: 'Users',
    changesState: true,
    answer: { status: 200, schema: 'Message', description: 'Signed out', cookie: 'cleared' },
  },
  {
    method: 'post',
    path: '/api/users/forgotpassword',
    operationId: 'forgotPassword',
    summary: 'Mail a password reset link',
    description: 'Answers the same whether or not the email is registered. The link works once, for 30 minutes.',
    tag: 'Users',
    body: { media: 'json', schema: 'ForgotPasswordRequest' },
    answer: { status: 200, schema: 'Message', description: 'A reset link was mailed if the email is registered' },
    rateLimited: true,
  },
  {
    method: 'put',
    path: '/api/users/resetpassword/{resetToken}',
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link',
    description: 'Ends every session of the account and clears its failed sign-ins.',
    tag: 'Users',
    params: {
      resetToken: { schema: z.string().min(1).max(LIMITS.resetToken), description: 'The token of the mailed link' },
    },
    body: { media: 'json', schema: 'ResetPasswordRequest' },
    answer: { status: 200, schema: 'Message', description: 'Password reset; sign in with it' },
    rateLimited: true,
    extra: {
      400: {
        description: 'The body is invalid, or the link is unknown, used or expired',
        example: MESSAGES.resetTokenInvalid,
      },
    },
  },
  {
    method: 'get',
    path: '/api/users/loggedin',
    operationId: 'loggedIn',
    summary: 'Whether the request is signed in',
    tag: 'Users',
    auth: 'optional',
    answer: { status: 200, schema: 'LoggedIn', description: '`true` or `false`' },
  },
  {
    method: 'get',
    path: DEFAULT_AVATAR_PATH,
    operationId: 'defaultAvatar',
    summary: 'The photo of a user who has none',
    description: 'What `photo` points at when no photo is set. Sent back in `updateuser`, it keeps "no photo".',
    tag: 'Users',
    noDatabase: true,
    answer: { status: 200, media: { 'image/png': {} }, description: 'The image (cacheable)' },
  },
  {
    method: 'get',
    path: '/api/users/getuser',
    operationId: 'getUser',
    summary: 'The signed-in user',
    tag: 'Users',
    auth: 'session',
    answer: { status: 200, schema: 'User', description: 'The signed-in user' },
  },
  {
    method: 'patch',
    path: '/api/users/updateuser',
    operationId: 'updateUser',
    summary: 'Edit the profile',
    description:
      'Fields left out keep their value; `_id` and `email` sent back are ignored (the email cannot change). `photo` is an http(s) address, an image you uploaded (as `/uploads/<name>` or the absolute URL answered), or the default avatar or `""` for none.',
    tag: 'Users',
    auth: 'session',
    body: { media: 'json', schema: 'UpdateUserRequest' },
    answer: { status: 200, schema: 'User', description: 'The updated user' },
    extra: { 404: userGone },
  },
  {
    method: 'patch',
    path: '/api/users/changepassword',
    operationId: 'changePassword',
    summary: 'Change the password',
    description: "Ends the user's other sessions; this one stays signed in.",
    tag: 'Users',
    auth: 'session',
    body: { media: 'json', schema: 'ChangePasswordRequest' },
    answer: {
      status: 200,
      description:
        'Password changed: `{message}` to a request whose `Accept` is `application/json` alone; else the message as plain text, as the original API answers it',
      media: { 'application/json': { schema: schemaRef('Message') }, 'text/plain': { schema: { type: 'string' } } },
    },
    extra: {
      400: { description: 'The body is invalid or the old password is wrong', example: MESSAGES.wrongOldPassword },
      404: userGone,
    },
  },
  {
    method: 'get',
    path: '/api/stores',
    operationId: 'listStores',
    summary: 'Your stores',
    description: 'Every store you are a member of, with your role in each; `active` marks the one your requests work on.',
    tag: 'Stores',
    auth: 'session',
    answer: { status: 200, schema: 'StoreList', description: 'Your stores' },
  },
  {
    method: 'post',
    path: '/api/stores',
    operationId: 'createStore',
    summary: 'Create a store',
    description: 'You become its owner, and it becomes your active store.',
    tag: 'Stores',
    auth: 'session',
    body: { media: 'json', schema: 'StoreNameRequest' },
    answer: { status: 201, schema: 'Store', description: 'The new store' },
  },
  {
    method: 'get',
    path: '/api/stores/active',
    operationId: 'getActiveStore',
    summary: 'The active store and your role in it',
    description: "With an API token: the token's store and role.",
    tag: 'Stores',
    ...storeRoute('catalogue:read'),
    answer: { status: 200, schema: 'Store', description: 'The active store' },
  },
  {
    method: 'put',
    path: '/api/stores/active',
    operationId: 'switchStore',
    summary: 'Switch the active store',
    description: 'Every store-scoped call of this session (products, orders, the dashboard) then answers for that store.',
    tag: 'Stores',
    auth: 'session',
    body: { media: 'json', schema: 'StoreSwitchRequest' },
    answer: { status: 200, schema: 'Store', description: 'The store now active' },
    extra: { 404: { description: 'You are not a member of that store', example: MESSAGES.storeNotFound } },
  },
  {
    method: 'patch',
    path: '/api/stores/active',
    operationId: 'renameStore',
    summary: 'Rename the active store',
    tag: 'Stores',
    ...storeRoute('store:manage'),
    body: { media: 'json', schema: 'StoreNameRequest' },
    answer: { status: 200, schema: 'Store', description: 'The renamed store' },
  },
  {
    method: 'delete',
    path: '/api/stores/active',
    operationId: 'deleteStore',
    summary: 'Delete the active store',
    description:
      'Deletes the store with all its products, orders, images, invitations and tokens, for every member. Your session moves to another of your stores (a new empty one if you have none).',
    tag: 'Stores',
    auth: 'session',
    permission: 'store:manage',
    answer: { status: 200, schema: 'Message', description: 'Deleted' },
  },
  {
    method: 'get',
    path: '/api/stores/active/members',
    operationId: 'listMembers',
    summary: 'Members of the active store',
    tag: 'Stores',
    ...storeRoute('members:read'),
    answer: { status: 200, schema: 'MemberList', description: 'The members' },
  },
  {
    method: 'patch',
    path: '/api/stores/active/members/{userId}',
    operationId: 'changeMemberRole',
    summary: "Change a member's role",
    description:
      'Owners change any role; managers move members between staff and viewer. The change applies to their very next request. The last owner keeps the role (409).',
    tag: 'Stores',
    ...storeRoute('members:manage'),
    params: memberId,
    body: { media: 'json', schema: 'MemberRoleRequest' },
    answer: { status: 200, schema: 'Member', description: 'The member with the new role' },
    extra: {
      404: { description: 'No member of the active store has this id', example: MESSAGES.memberNotFound },
      409: { description: 'The store would have no owner left', example: MESSAGES.lastOwner },
    },
  },
  {
    method: 'delete',
    path: '/api/stores/active/members/{userId}',
    operationId: 'removeMember',
    summary: 'Remove a member, or leave the store',
    description:
      'Owners remove anyone, managers remove staff and viewers, and any member may remove themselves (leave). It applies to their very next request, on every server process. The last owner cannot leave (409).',
    tag: 'Stores',
    ...storeRoute('catalogue:read'),
    params: memberId,
    answer: { status: 200, schema: 'Message', description: 'Removed' },
    extra: {
      404: { description: 'No member of the active store has this id', example: MESSAGES.memberNotFound },
      409: { description: 'The store would have no owner left', example: MESSAGES.lastOwner },
    },
  },
  {
    method: 'get',
    path: '/api/stores/active/invitations',
    operationId: 'listInvitations',
    summary: 'Pending invitations',
    tag: 'Stores',
    ...storeRoute('members:manage'),
    answer: { status: 200, schema: 'InvitationList', description: 'Invitations still open' },
  },
  {
    method: 'post',
    path: '/api/stores/active/invitations',
    operationId: 'inviteMember',
    summary: 'Invite someone by email',
    description: `Mails a single-use link (\`<APP_URL>/invitations/<token>\`; the token is kept hashed) that works for ${INVITATION_TTL_DAYS} days. Managers invite staff and viewers only.`,
    tag: 'Stores',
    ...storeRoute('members:manage'),
    body: { media: 'json', schema: 'InvitationRequest' },
    answer: { status: 201, schema: 'Invitation', description: 'Invited' },
    rateLimited: true,
    extra: {
      409: { description: 'The email is already a member, or already invited', example: MESSAGES.alreadyInvited('sam@example.com') },
    },
  },
  {
    method: 'delete',
    path: '/api/stores/active/invitations/{id}',
    operationId: 'revokeInvitation',
    summary: 'Revoke an invitation',
    description: 'Its link stops working at once.',
    tag: 'Stores',
    ...storeRoute('members:manage'),
    params: itemId('invitation'),
    answer: { status: 200, schema: 'Message', description: 'Revoked' },
    extra: { 404: { description: 'No open invitation of the active store has this id', example: MESSAGES.invitationNotFound } },
  },
  {
    method: 'get',
    path: '/api/invitations/{token}',
    operationId: 'previewInvitation',
    summary: 'What an invitation link offers',
    description: 'The store, role and email of an open invitation, so the page can say what accepting does. Needs no sign-in.',
    tag: 'Stores',
    params: invitationToken,
    answer: { status: 200, schema: 'InvitationPreview', description: 'The invitation' },
    extra: { 400: invitationInvalid },
  },
  {
    method: 'post',
    path: '/api/invitations/{token}/accept',
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation',
    description: 'Joins the signed-in user to the store with the invited role and makes it the active store. The user must be signed in with the invited email.',
    tag: 'Stores',
    auth: 'session',
    params: invitationToken,
    answer: { status: 200, schema: 'Store', description: 'The store joined, now active' },
    extra: {
      400: invitationInvalid,
      403: { description: 'Signed in with another email than the one invited', example: MESSAGES.invitationOtherEmail('sam@example.com') },
    },
  },
  {
    method: 'get',
    path: '/api/stores/active/tokens',
    operationId: 'listTokens',
    summary: "The active store's API tokens",
    description: 'Never the secrets: only their names, roles, expiry and last use.',
    tag: 'Stores',
    auth: 'session',
    permission: 'tokens:manage',
    answer: { status: 200, schema: 'ApiTokenList', description: 'Live tokens' },
  },
  {
    method: 'post',
    path: '/api/stores/active/tokens',
    operationId: 'createToken',
    summary: 'Create an API token',
    description:
      'A token acts on this store with its role (no higher than yours) until it expires or is revoked. The secret is in this answer only; the server keeps its hash. Tokens cannot manage tokens.',
    tag: 'Stores',
    auth: 'session',
    permission: 'tokens:manage',
    body: { media: 'json', schema: 'ApiTokenRequest' },
    answer: { status: 201, schema: 'ApiTokenCreated', description: 'The token, with its secret' },
  },
  {
    method: 'delete',
    path: '/api/stores/active/tokens/{id}',
    operationId: 'revokeToken',
    summary: 'Revoke an API token',
    description: 'Requests with it answer 401 from now on, on every server process.',
    tag: 'Stores',
    auth: 'session',
    permission: 'tokens:manage',
    params: itemId('token'),
    answer: { status: 200, schema: 'Message', description: 'Revoked' },
    extra: { 404: { description: 'No live token of the active store has this id', example: MESSAGES.tokenNotFound } },
  },
  {
    method: 'post',
    path: '/api/products',
    operationId: 'createProduct',
    summary: 'Add a product',
    description:
      'The text fields are checked before the image is read; the image (JPEG or PNG by its bytes) is re-encoded.',
    tag: 'Products',
    ...storeRoute('catalogue:create'),
    idempotent: true,
    body: { media: 'multipart', schema: 'ProductForm' },
    answer: { status: 201, schema: 'Product', description: 'The new product', etag: true },
  },
  {
    method: 'get',
    path: '/api/products',
    operationId: 'listProducts',
    summary: "The active store's products",
    tag: 'Products',
    description:
      'Without a query: every product, newest first, as the original API answers (streamed, so any size works). With `limit`: one page `{items, total, totalExact, next, prev}` of the products matching `q` (name, category or SKU contains it, any case), `category` and `stock`, sorted by `sort` and `dir`; follow `next` as `after` and `prev` as `before`, and `skip` up to 100 rows to jump a few pages. Every page costs the same at any size.',
    ...storeRoute('catalogue:read'),
    list: true,
    query: productListQuerySchema,
    answer: {
      status: 200,
      schema: 'ProductListAnswer',
      description: 'Every product of the active store, or one page of them with `limit`',
    },
    extra: { 400: { description: 'A query value out of range, or a page link that is no longer valid', example: MESSAGES.invalidCursor } },
  },
  {
    method: 'get',
    path: '/api/products/summary',
    operationId: 'productSummary',
    summary: "The dashboard's figures",
    description: 'Total products, total store value, out of stock, low stock and categories, kept exact with every write (constant time at any size).',
    tag: 'Products',
    ...storeRoute('catalogue:read'),
    answer: { status: 200, schema: 'CatalogueSummary', description: 'The figures' },
  },
  {
    method: 'get',
    path: '/api/products/categories',
    operationId: 'productCategories',
    summary: 'The categories and how many products each holds',
    tag: 'Products',
    ...storeRoute('catalogue:read'),
    answer: { status: 200, schema: 'CategoryList', description: 'Categories by name' },
  },
  {
    method: 'get',
    path: '/api/products/{id}',
    operationId: 'getProduct',
    summary: 'One product',
    tag: 'Products',
    ...storeRoute('catalogue:read'),
    params: productId,
    answer: { status: 200, schema: 'Product', description: 'The product', etag: true },
    extra: { 404: productNotFound },
  },
  {
    method: 'patch',
    path: '/api/products/{id}',
    operationId: 'updateProduct',
    summary: 'Edit a product',
    description:
      'All text fields are sent again; the SKU never changes. Read-only fields a product answers (`_id`, `sku`, `createdAt`, `updatedAt`, `__v`, `createdBy`, `updatedBy`, and `image` as text) are ignored when sent back. Without an image file the image is kept.',
    tag: 'Products',
    ...storeRoute('catalogue:update'),
    params: productId,
    ifMatch: true,
    body: { media: 'multipart', schema: 'ProductUpdateForm' },
    answer: { status: 200, schema: 'Product', description: 'The updated product', etag: true },
    extra: { 404: productNotFound },
  },
  {
    method: 'delete',
    path: '/api/products/{id}',
    operationId: 'deleteProduct',
    summary: 'Delete a product',
    tag: 'Products',
    ...storeRoute('catalogue:delete'),
    params: productId,
    ifMatch: true,
    answer: { status: 200, schema: 'Message', description: 'Deleted' },
    extra: { 404: productNotFound },
  },
  {
    method: 'get',
    path: '/api/products/{id}/movements',
    operationId: 'productMovements',
    summary: "A product's stock history",
    description: 'Every change of its quantity, newest first: the change, the quantity after, why, who and the order involved.',
    tag: 'Products',
    ...storeRoute('catalogue:read'),
    params: productId,
    query: movementQuerySchema,
    answer: { status: 200, schema: 'MovementPage', description: 'A page of movements' },
    extra: { 400: { description: 'A query value out of range, or a page link that is not a movement id', example: MESSAGES.invalidCursor }, 404: productNotFound },
  },
  {
    method: 'post',
    path: '/api/products/{id}/adjustments',
    operationId: 'adjustStock',
    summary: 'Correct a product’s stock',
    description: 'A counted difference, breakage or goods found: moves the stock by `change` and records a `correction` movement.',
    tag: 'Products',
    ...storeRoute('catalogue:update'),
    params: productId,
    body: { media: 'json', schema: 'StockAdjustmentRequest' },
    answer: { status: 200, schema: 'StockAdjusted', description: 'The quantity now' },
    extra: { 404: productNotFound, 409: { description: 'The stock would go below 0', example: MESSAGES.stockWouldBeNegative(2) } },
  },
  {
    method: 'post',
    path: '/api/products/import',
    operationId: 'importProducts',
    summary: 'Import products from a CSV file',
    description: [
      'Multipart: `file` (CSV in UTF-8 with or without BOM, UTF-16 LE/BE with a BOM, or Windows-1252 (a file without a BOM that is not valid UTF-8 is read as Windows-1252; one whose BOM it does not follow answers 422);',
      'comma, semicolon or tab separated, as its header line has most of; records ending in CRLF, LF or CR, quoted fields may hold delimiters and line breaks) and an optional `mapping`',
      '(JSON: our field → the file\'s header, e.g. `{"name":"Title","price":"Cost"}`; without it, headers named like our fields or by a common synonym map themselves:',
      'SKU, Name, Category, Price, Quantity, Reorder point, Description, Description HTML (which, when present, gives the description unless the Description beside it was edited), Product Name, Item, Title, Unit Price, Qty, Stock, On Hand, Reorder Level, Min Stock…, any case, accents, spacing and punctuation).',
      '`numberFormat` reads numbers as `1,299.00` (`point`) or `1.299,00` (`comma`), thousands separators and currency signs allowed. Every row is checked by the product form\'s rules',
      '(SKUs unique in the file whatever their case; a new SKU follows the SKU rule; a blank SKU gets one made); only when all pass are they written, in one transaction:',
      'a row whose SKU names a product of the store (any ASCII case) updates it (a quantity change is an `import` stock movement), the others are new products.',
      'A cell starting with `\'` before `=`, `+`, `-`, `@`, tab, carriage return or `\'` loses that quote (the exports\' CSV-injection guard).',
      `With \`dryRun=1\` nothing is written and the answer counts what would be, names the encoding, delimiter and number format it read, and lists new rows whose name a product of the store already has (likely duplicates). Files over IMPORT_MAX_BYTES (default ${IMPORT_MAX_BYTES_DEFAULT / 1024 / 1024} MB) answer 413.`,
    ].join(' '),
    tag: 'Products',
    ...storeRoute('catalogue:create'),
    query: importQuerySchema,
    body: { media: 'multipart', schema: 'ImportForm' },
    answer: {
      status: 200,
      schema: 'ImportAnswer',
      description: 'Written: how many products were created and updated (ImportResult); a dry run: what would be, and how the file was read (ImportCheck)',
    },
    extra: {
      400: { description: 'No `file` part, a file that is not CSV, or a `mapping` that is not a JSON object of our fields', example: IMPORT_MESSAGES.fileRequired },
      403: { description: 'The role cannot both add and edit products (or a cross-site request)' },
      404: { description: 'The store was deleted while the file was being sent', example: MESSAGES.storeNotFound },
      413: { description: 'The file is larger than IMPORT_MAX_BYTES', example: IMPORT_MESSAGES.tooLarge(IMPORT_MAX_BYTES_DEFAULT) },
      422: {
        description: `Some rows fail (a cell past the header's columns too), a column the import reads is missing or appears twice, a number is not in the chosen format, or the file does not follow its BOM: nothing was written. \`errors\` lists each failing cell by row (the header is row 1, as a spreadsheet numbers it) and column (the file's header), the first ${IMPORT_MAX_ERRORS}; \`message\` counts them all`,
        schema: 'ImportErrors',
        example: IMPORT_MESSAGES.rowErrors(3, 3),
      },
    },
  },
  {
    method: 'get',
    path: '/api/products/export',
    operationId: 'exportProducts',
    summary: "The active store's products as CSV",
    description:
      `A \`text/csv\` attachment (\`products-YYYY-MM-DD.csv\`), streamed at any size, newest first. ${EXPORT_RULE} The header row is the import's own (${PRODUCT_EXPORT_HEADER.join(', ')}): Description is the plain text, Description HTML the stored rich text, which the import takes back (unless the text beside it was edited), so the file imports back unchanged.`,
    tag: 'Products',
    ...storeRoute('catalogue:read'),
    query: exportQuerySchema,
    answer: { status: 200, media: csvAttachment, description: 'The products as CSV' },
  },
  {
    method: 'get',
    path: '/api/orders/export',
    operationId: 'exportOrders',
    summary: "The active store's orders as CSV",
    description: `A \`text/csv\` attachment (\`orders-YYYY-MM-DD.csv\`), streamed, newest first. ${EXPORT_RULE}`,
    tag: 'Orders',
    ...storeRoute('catalogue:read'),
    query: exportQuerySchema,
    answer: { status: 200, media: csvAttachment, description: 'The orders as CSV' },
  },
  {
    method: 'get',
    path: '/api/movements/export',
    operationId: 'exportMovements',
    summary: "The active store's stock movements as CSV",
    description: `A \`text/csv\` attachment (\`movements-YYYY-MM-DD.csv\`), streamed, newest first, each with its product's SKU and name, its reason readable beside its code, and who made it (the member's name and email, and the API token if one was used). ${EXPORT_RULE}`,
    tag: 'Products',
    ...storeRoute('catalogue:read'),
    query: exportQuerySchema,
    answer: { status: 200, media: csvAttachment, description: 'The stock movements as CSV' },
  },
  {
    method: 'post',
    path: '/api/orders',
    operationId: 'createOrder',
    summary: 'Add an order',
    description:
      'The server makes the SKU from the category. With `productId`, placing the order takes its quantity from that product in the same transaction; when there are too few, nothing changes and the answer is 409 saying how many are available. Orders without a product move no stock. `customerId` places it for one of the store\'s customers (not an archived one); the answer then carries `customerId` and `customer` (`{_id, name}`), and without one it answers exactly as before.',
    tag: 'Orders',
    ...storeRoute('catalogue:create'),
    idempotent: true,
    body: { media: 'json', schema: 'OrderRequest' },
    answer: { status: 201, schema: 'Order', description: 'The new order', etag: true },
    extra: {
      400: { description: 'The body is invalid, or `productId` names no product of the store', example: MESSAGES.orderProductGone },
      404: { description: '`customerId` names no customer of the store', example: MESSAGES.customerNotFound },
      409: { description: 'Not enough stock of the product, or the customer is archived', example: MESSAGES.insufficientStock(3) },
    },
  },
  {
    method: 'get',
    path: '/api/orders',
    operationId: 'listOrders',
    summary: "The active store's orders",
    tag: 'Orders',
    description:
      'Without a query: every order, newest first, as the original API answers (streamed). With `limit`: one page `{items, total, totalExact, next, prev}` of the orders matching `q` and `status`, sorted by `sort` and `dir`, paged like the products.',
    ...storeRoute('catalogue:read'),
    list: true,
    query: orderListQuerySchema,
    answer: {
      status: 200,
      schema: 'OrderListAnswer',
      description: 'Every order of the active store, or one page of them with `limit`',
    },
    extra: { 400: { description: 'A query value out of range, or a page link that is no longer valid', example: MESSAGES.invalidCursor } },
  },
  {
    method: 'get',
    path: '/api/orders/{id}',
    operationId: 'getOrder',
    summary: 'One order',
    tag: 'Orders',
    ...storeRoute('catalogue:read'),
    params: orderId,
    answer: { status: 200, schema: 'Order', description: 'The order', etag: true },
    extra: { 404: orderNotFound },
  },
  {
    method: 'patch',
    path: '/api/orders/{id}',
    operationId: 'updateOrder',
    summary: 'Edit an order',
    tag: 'Orders',
    ...storeRoute('catalogue:update'),
    description:
      'Read-only fields an order answers (`_id`, `sku`, `createdAt`, `updatedAt`, `__v`, `createdBy`, `updatedBy`, `number`, `customer`) are ignored when sent back. `customerId`: absent keeps the customer, null removes it, another id names another of the store\'s customers (not an archived one; an order keeps a customer archived after it was placed). The stock follows in the same transaction: a new quantity moves the difference, `status: cancelled` gives the stock back, reopening takes it again, another `productId` gives back to the old product and takes from the new. A fulfilled order cannot be changed (409).',
    params: orderId,
    ifMatch: true,
    body: { media: 'json', schema: 'OrderUpdateRequest' },
    answer: { status: 200, schema: 'Order', description: 'The updated order', etag: true },
    extra: {
      400: { description: 'The body is invalid, or `productId` names no product of the store', example: MESSAGES.orderProductGone },
      404: { description: 'No order of the active store has this id, or `customerId` names no customer of the store', example: MESSAGES.orderNotFound },
      409: { description: 'A stale If-Match, a fulfilled order, not enough stock, or another customer who is archived', example: MESSAGES.insufficientStock(0) },
    },
  },
  {
    method: 'delete',
    path: '/api/orders/{id}',
    operationId: 'deleteOrder',
    summary: 'Delete an order',
    tag: 'Orders',
    ...storeRoute('catalogue:delete'),
    params: orderId,
    ifMatch: true,
    answer: { status: 200, schema: 'Message', description: 'Deleted' },
    extra: { 404: orderNotFound },
  },
  {
    method: 'post',
    path: '/api/customers',
    operationId: 'createCustomer',
    summary: 'Add a customer',
    description:
      'A name, and any of company, email, phone, billing and shipping address, tax id and notes (\'\' or absent: none). An email is unique in the store whatever its case (409 naming the customer who has it).',
    tag: 'Customers',
    ...storeRoute('customers:create'),
    idempotent: true,
    body: { media: 'json', schema: 'CustomerRequest' },
    answer: { status: 201, schema: 'Customer', description: 'The new customer', etag: true },
    extra: { 409: { description: 'Another customer of the store has this email', example: MESSAGES.customerEmailTaken('grace@cobol.example', 'Grace Hopper') } },
  },
  {
    method: 'get',
    path: '/api/customers',
    operationId: 'listCustomers',
    summary: "The active store's customers, a page at a time",
    description:
      'One page `{items, total, totalExact, next, prev}` of the customers whose name, company, email or phone contains `q` (any case), active ones unless `archived` says otherwise, sorted by `sort` and `dir`; follow `next` as `after` and `prev` as `before`, and `skip` up to 100 rows to jump a few pages. Every page costs the same at any size; without `q` the total is exact, with it counted up to 1,000.',
    tag: 'Customers',
    ...storeRoute('customers:read'),
    query: customerListQuerySchema,
    answer: { status: 200, schema: 'CustomerPage', description: 'A page of customers (without their order figures)' },
    extra: { 400: { description: 'A query value out of range, or a page link that is no longer valid', example: MESSAGES.invalidCursor } },
  },
  {
    method: 'get',
    path: '/api/customers/{id}',
    operationId: 'getCustomer',
    summary: 'One customer, with their order figures',
    tag: 'Customers',
    ...storeRoute('customers:read'),
    params: customerId,
    answer: { status: 200, schema: 'Customer', description: 'The customer', etag: true },
    extra: { 404: customerNotFound },
  },
  {
    method: 'patch',
    path: '/api/customers/{id}',
    operationId: 'updateCustomer',
    summary: 'Edit a customer',
    description:
      'The fields sent change; one left out keeps its value. Read-only fields a customer answers (`_id`, `archivedAt`, `createdAt`, `updatedAt`, `__v`, `createdBy`, `updatedBy`, `orders`) are ignored when sent back. An archived customer may be edited too.',
    tag: 'Customers',
    ...storeRoute('customers:update'),
    params: customerId,
    ifMatch: true,
    body: { media: 'json', schema: 'CustomerUpdateRequest' },
    answer: { status: 200, schema: 'Customer', description: 'The updated customer', etag: true },
    extra: {
      404: customerNotFound,
      409: { description: 'A stale If-Match, or another customer of the store has this email', example: MESSAGES.editConflict },
    },
  },
  {
    method: 'delete',
    path: '/api/customers/{id}',
    operationId: 'deleteCustomer',
    summary: 'Delete a customer, or archive one who has orders',
    description:
      'A customer without orders is deleted. One with orders (any status) is archived instead: hidden from the list and from new orders, kept on their orders, restorable; `outcome` says which. Decided in the same transaction as the write, so an order placed for them meanwhile makes it an archive, never an order naming a deleted customer.',
    tag: 'Customers',
    ...storeRoute('customers:delete'),
    params: customerId,
    ifMatch: true,
    answer: { status: 200, schema: 'CustomerRemoved', description: 'Deleted or archived' },
    extra: { 404: customerNotFound },
  },
  {
    method: 'post',
    path: '/api/customers/{id}/restore',
    operationId: 'restoreCustomer',
    summary: 'Restore an archived customer',
    description: 'They are back in the list and may be named by new orders. Restoring an active customer changes nothing.',
    tag: 'Customers',
    ...storeRoute('customers:delete'),
    params: customerId,
    ifMatch: true,
    answer: { status: 200, schema: 'Customer', description: 'The restored customer', etag: true },
    extra: { 404: customerNotFound },
  },
  {
    method: 'get',
    path: '/api/customers/{id}/orders',
    operationId: 'customerOrders',
    summary: "A customer's orders, newest first",
    description: 'One page `{items, total, totalExact, next, prev}` of the orders naming the customer (archived or not), newest first; their count and value are on the customer.',
    tag: 'Customers',
    ...storeRoute('customers:read'),
    params: customerId,
    query: customerOrdersQuerySchema,
    answer: { status: 200, schema: 'CustomerOrderPage', description: 'A page of their orders' },
    extra: { 400: { description: 'A query value out of range, or a page link that is no longer valid', example: MESSAGES.invalidCursor }, 404: customerNotFound },
  },
  {
    method: 'post',
    path: '/api/customers/import',
    operationId: 'importCustomers',
    summary: 'Import customers from a CSV file',
    description: [
      'Multipart: `file` (CSV read as the product import reads it: UTF-8 with or without BOM, UTF-16 with a BOM, or Windows-1252; comma, semicolon or tab separated; any line endings) and an optional `mapping`',
      `(JSON: our customer field → the file's header; without it, headers named like our fields as the export writes them (${CUSTOMER_EXPORT_HEADER.slice(1, 9).join(', ')}) or by a common synonym map themselves: Customer, Customer Name, Company Name, E-mail, Tel, Mobile, VAT, VAT Number, Address, Ship To, Comments…, any case, accents, spacing and punctuation).`,
      'Every row is checked by the customer form\'s rules (a name; an email, when given, an email and unique in the file); only when all pass are they written, in one transaction:',
      'a row whose email names a customer of the store (whatever its case, archived ones too) updates the fields the file maps, the others are new customers. With `dryRun=1` nothing is written and the answer counts what would be and says how the file was read.',
    ].join(' '),
    tag: 'Customers',
    ...storeRoute('customers:create'),
    query: customerImportQuerySchema,
    body: { media: 'multipart', schema: 'CustomerImportForm' },
    answer: { status: 200, schema: 'CustomerImportAnswer', description: 'How many customers were (or would be) created and updated' },
    extra: {
      400: { description: 'No `file` part, a file that is not CSV, or a `mapping` that is not a JSON object of our customer fields', example: IMPORT_MESSAGES.fileRequired },
      403: { description: 'The role cannot both add and edit customers (or a cross-site request)' },
      404: { description: 'The store was deleted while the file was being sent', example: MESSAGES.storeNotFound },
      413: { description: 'The file is larger than IMPORT_MAX_BYTES', example: IMPORT_MESSAGES.tooLarge(IMPORT_MAX_BYTES_DEFAULT) },
      422: {
        description: 'Some rows fail, the name column is missing, a column appears twice, or the file is not CSV: nothing was written. `errors` lists each failing cell by row and column',
        schema: 'ImportErrors',
        example: IMPORT_MESSAGES.rowErrors(2, 2),
      },
    },
  },
  {
    method: 'get',
    path: '/api/customers/export',
    operationId: 'exportCustomers',
    summary: "The active store's customers as CSV",
    description: `A \`text/csv\` attachment (\`customers-YYYY-MM-DD.csv\`), streamed at any size, newest first, archived ones too (with when). ${EXPORT_RULE} The field columns carry the labels the import reads, so the file imports back unchanged (rows matched by email).`,
    tag: 'Customers',
    ...storeRoute('customers:read'),
    query: exportQuerySchema,
    answer: { status: 200, media: csvAttachment, description: 'The customers as CSV' },
  },
  ...SUPPLIER_ROUTES(EXPORT_RULE),
  {
    method: 'get',
    path: '/api/contactus',
    operationId: 'contactDetails',
    summary: "The operator's contact details",
    description:
      'What the server is configured with (CONTACT_EMAIL, CONTACT_PHONE, CONTACT_ADDRESS, CONTACT_SOCIAL); each is null when it is not set.',
    tag: 'Contact',
    auth: 'session',
    answer: { status: 200, schema: 'ContactDetails', description: 'The configured details' },
  },
  {
    method: 'post',
    path: '/api/contactus',
    operationId: 'contactUs',
    summary: 'Write to support',
    description: 'Mailed to support with the user as reply-to.',
    tag: 'Contact',
    auth: 'session',
    body: { media: 'json', schema: 'ContactRequest' },
    answer: { status: 200, schema: 'Message', description: 'Sent' },
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/uploads',
    operationId: 'uploadPhoto',
    summary: 'Upload a profile photo',
    description:
      'One `file` part, JPEG or PNG by its bytes, re-encoded. Answers like a third-party image host: `{url}`.',
    tag: 'Uploads',
    auth: 'session',
    body: { media: 'multipart', schema: 'UploadForm' },
    answer: { status: 201, schema: 'Upload', description: 'Stored; set `url` as the profile photo' },
  },
  {
    method: 'get',
    path: '/uploads/{name}',
    operationId: 'getUpload',
    summary: 'An uploaded image',
    description:
      "A profile photo is served to its owner, a product image to the members of its store (or with one of its API tokens), with `nosniff` and `Content-Security-Policy: default-src 'none'`.",
    tag: 'Uploads',
    auth: 'optional',
    params: { name: { schema: z.string(), description: 'The generated name of `filePath` or `url`' } },
    answer: { status: 200, media: { 'image/jpeg': {}, 'image/png': {} }, description: 'The image' },
    acceptsToken: true,
    extra: {
      401: { description: 'An API token that is unknown, expired or revoked', example: MESSAGES.tokenInvalid },
      404: { description: 'Not an image you may see (or not signed in)', example: MESSAGES.notFound },
    },
  },
  {
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    summary: 'The process answers',
    tag: 'Health',
    noDatabase: true,
    answer: { status: 200, schema: 'Health', description: 'Up' },
  },
  {
    method: 'get',
    path: '/readyz',
    operationId: 'ready',
    summary: 'The process and its database answer',
    tag: 'Health',
    answer: { status: 200, schema: 'Health', description: 'Ready' },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openApiDocument',
    summary: 'This description (OpenAPI 3.1)',
    tag: 'Docs',
    noDatabase: true,
    answer: {
      status: 200,
      media: { 'application/json': { schema: { type: 'object' } } },
      description: 'The OpenAPI document',
    },
  },
  {
    method: 'get',
    path: '/api/docs',
    operationId: 'apiReference',
    summary: 'The browsable API reference',
    tag: 'Docs',
    noDatabase: true,
    answer: { status: 200, media: text('text/html'), description: 'The reference page' },
  },
  {
    method: 'get',
    path: '/api/docs/{asset}',
    operationId: 'apiReferenceAsset',
    summary: 'A script or style sheet of the reference page',
    tag: 'Docs',
    noDatabase: true,
    params: { asset: { schema: z.string(), description: 'The file name' } },
    answer: { status: 200, media: { ...text('text/javascript'), ...text('text/css') }, description: 'The file' },
    extra: { 404: { description: 'No such file', example: MESSAGES.notFound } },
  },
];
