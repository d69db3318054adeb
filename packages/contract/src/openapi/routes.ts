import { z } from 'zod';
import { idParamsSchema } from '../catalogue';
import { LIMITS } from '../constants';
import { DEFAULT_AVATAR_PATH } from '../avatar';
import { MESSAGES } from '../messages';
import { schemaRef } from './json-schema';
import type { HttpMethod, MediaTypeObject } from './types';

export type TagName = 'Users' | 'Products' | 'Orders' | 'Contact' | 'Uploads' | 'Health' | 'Docs';

/** Failures a route answers beyond those its traits imply, each with what it means on that route. */
export type ExtraStatus = 400 | 401 | 404 | 409;

export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI path template: `{id}`, not `:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: TagName;
  /** `session`: signed-in only, 401 otherwise. `optional`: answers either way, reading the session when there is one. */
  auth?: 'session' | 'optional';
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
  extra?: Partial<Record<ExtraStatus, { description: string; example?: string }>>;
}

const productId = { id: { schema: idParamsSchema.shape.id, description: "The product's `_id`" } };
const orderId = { id: { schema: idParamsSchema.shape.id, description: "The order's `_id`" } };
const text = (type: string): Record<string, MediaTypeObject> => ({ [type]: {} });

const productNotFound = { description: 'No product of yours has this id', example: MESSAGES.productNotFound };
const orderNotFound = { description: 'No order of yours has this id', example: MESSAGES.orderNotFound };
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
    method: 'post',
    path: '/api/products',
    operationId: 'createProduct',
    summary: 'Add a product',
    description:
      'The text fields are checked before the image is read; the image (JPEG or PNG by its bytes) is re-encoded.',
    tag: 'Products',
    auth: 'session',
    body: { media: 'multipart', schema: 'ProductForm' },
    answer: { status: 201, schema: 'Product', description: 'The new product', etag: true },
  },
  {
    method: 'get',
    path: '/api/products',
    operationId: 'listProducts',
    summary: 'Your products',
    tag: 'Products',
    auth: 'session',
    list: true,
    answer: { status: 200, schema: 'ProductList', description: 'Every product of the signed-in user' },
  },
  {
    method: 'get',
    path: '/api/products/{id}',
    operationId: 'getProduct',
    summary: 'One product',
    tag: 'Products',
    auth: 'session',
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
      'All text fields are sent again; the SKU never changes. Read-only fields a product answers (`_id`, `sku`, `createdAt`, `updatedAt`, `__v`, and `image` as text) are ignored when sent back. Without an image file the image is kept.',
    tag: 'Products',
    auth: 'session',
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
    auth: 'session',
    params: productId,
    ifMatch: true,
    answer: { status: 200, schema: 'Message', description: 'Deleted' },
    extra: { 404: productNotFound },
  },
  {
    method: 'post',
    path: '/api/orders',
    operationId: 'createOrder',
    summary: 'Add an order',
    description: 'The server makes the SKU from the category.',
    tag: 'Orders',
    auth: 'session',
    body: { media: 'json', schema: 'OrderRequest' },
    answer: { status: 201, schema: 'Order', description: 'The new order', etag: true },
  },
  {
    method: 'get',
    path: '/api/orders',
    operationId: 'listOrders',
    summary: 'Your orders',
    tag: 'Orders',
    auth: 'session',
    list: true,
    answer: { status: 200, schema: 'OrderList', description: 'Every order of the signed-in user' },
  },
  {
    method: 'get',
    path: '/api/orders/{id}',
    operationId: 'getOrder',
    summary: 'One order',
    tag: 'Orders',
    auth: 'session',
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
    auth: 'session',
    description:
      'Read-only fields an order answers (`_id`, `sku`, `createdAt`, `updatedAt`, `__v`) are ignored when sent back.',
    params: orderId,
    ifMatch: true,
    body: { media: 'json', schema: 'OrderUpdateRequest' },
    answer: { status: 200, schema: 'Order', description: 'The updated order', etag: true },
    extra: { 404: orderNotFound },
  },
  {
    method: 'delete',
    path: '/api/orders/{id}',
    operationId: 'deleteOrder',
    summary: 'Delete an order',
    tag: 'Orders',
    auth: 'session',
    params: orderId,
    ifMatch: true,
    answer: { status: 200, schema: 'Message', description: 'Deleted' },
    extra: { 404: orderNotFound },
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
    description: "Served to its owner only, with `nosniff` and `Content-Security-Policy: default-src 'none'`.",
    tag: 'Uploads',
    auth: 'optional',
    params: { name: { schema: z.string(), description: 'The generated name of `filePath` or `url`' } },
    answer: { status: 200, media: { 'image/jpeg': {}, 'image/png': {} }, description: 'The image' },
    extra: {
      404: { description: 'Not an image of the signed-in user (or not signed in)', example: MESSAGES.notFound },
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
