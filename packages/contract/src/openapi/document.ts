import { API_TOKEN_PREFIX, can, ROLES } from '../stores';
import { SESSION_COOKIE_NAME } from '../constants';
import { FAILURES, type FailureStatus, HEADERS, jsonContent } from './answers';
import { buildComponentSchemas } from './components';
import { inlineSchema } from './json-schema';
import { API_ROUTES, type RouteSpec, type TagName } from './routes';
import type {
  HeaderObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  RequestBodyObject,
  JsonSchema,
  ResponseObject,
} from './types';

export interface DocumentInfo {
  title: string;
  version: string;
  description?: string;
}

const SESSION_SCHEME = 'sessionCookie';
const TOKEN_SCHEME = 'bearerToken';

const TAGS: Record<TagName, string> = {
  Users: 'Register, sign in and out, reset and change the password, the profile',
  Stores:
    'Stores and teams: the stores you belong to and your role in each, the active store, members, invitations and API tokens',
  Settings: "The active store's details for its documents (legal name, address, logo, payment terms, bank details, currency) and its tax rates",
  Products: "The active store's catalogue: multipart with an optional image; versioned (ETag / If-Match)",
  Categories: "The active store's categories: each product's category is one of them, matched whatever its case and accents; renamed and merged in one transaction",
  Orders: "The active store's orders: JSON; versioned (ETag / If-Match)",
  Customers: "The active store's customers: JSON; versioned (ETag / If-Match); archived rather than deleted once they have orders",
  Suppliers: "The active store's suppliers and each product's suppliers: JSON; suppliers versioned (ETag / If-Match) and archived rather than deleted once products name them",
  Purchasing:
    "The active store's purchase orders, their receipts, what is on order and \"Order these\": JSON; purchase orders versioned (ETag / If-Match), edited only while drafts",
  Invoices: "The active store's invoices: drafts by hand, issued with gapless numbers and never changed after, credit notes, payments, the PDF and its mail",
  Reports: 'Bill Reports for owners and managers: sales with cost and margin, taxes collected, receivables by age, stock value at any past date; each as JSON and CSV',
  Contact: 'Messages to support',
  Uploads: 'Profile photos and the images of products',
  Health: 'Liveness and readiness probes',
  Docs: 'This description and its reference page',
};

const OVERVIEW = [
  `Sign in with \`POST /api/users/login\` (or register): the answer sets the \`${SESSION_COOKIE_NAME}\` cookie, which`,
  'every signed-in route needs. Any answer to a signed-in request may refresh it (sliding expiry) or clear it.',
  'Every failure answers `{"message": "..."}` with a message fit to show the user; a 500 adds the `requestId` it was',
  'logged under. Request bodies are JSON unless a route says multipart; fields that are not writable are refused',
  'with 400, except that edits accept and ignore the read-only fields the server itself answers (`_id`, `sku`,',
  '`createdAt`, `updatedAt`, `__v`, `createdBy`, `updatedBy`; `email` on the profile), so a client can send back the object it fetched.',
  'Products and orders carry `ETag: "<version>"`; send it back as `If-Match` when editing or deleting to get 409',
  'instead of overwriting a change you have not seen (without `If-Match` the last write wins).',
  'Products and orders belong to a store; a session works on its active store (`PUT /api/stores/active` switches),',
  'and each member has a role there: owner, manager, staff or viewer. A call the role does not allow answers 403 with',
  "a message saying so; another store's item answers 404. Scripts use an API token instead of the cookie",
  '(`Authorization: Bearer <token>`, made by an owner under `/api/stores/active/tokens`): it acts on its store with',
  'its role on every route marked with the `bearerToken` scheme, needs no cross-site checks (it carries no cookie),',
  'and is rate limited like sign-in.',
].join(' ');

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** The failures a route can answer: those its traits imply, those it names, and the 500 every route shares. */
function failuresOf(route: RouteSpec): FailureStatus[] {
  const bodyCapable = BODY_METHODS.has(route.method);
  const statuses: (FailureStatus | false | undefined)[] = [
    // Query parameters are checked like a body: a hostile or out-of-range one is a 400 with a message.
    (bodyCapable || route.query !== undefined || route.extra?.[400] !== undefined) && 400,
    (route.auth === 'session' || route.auth === 'store' || route.extra?.[401] !== undefined) && 401,
    (bodyCapable || route.changesState || route.auth === 'store' || route.permission !== undefined || route.extra?.[403] !== undefined) && 403,
    route.extra?.[404] !== undefined && 404,
    // Any write of a store's may find its store (or the product it names) deleted meanwhile: 409, nothing written.
    (route.ifMatch || (bodyCapable && route.auth === 'store') || route.extra?.[409] !== undefined) && 409,
    (bodyCapable || route.extra?.[413] !== undefined) && 413,
    bodyCapable && 415,
    (route.idempotent || route.extra?.[422] !== undefined) && 422,
    // API tokens have a request rate of their own, and failed token attempts are counted like failed sign-ins.
    (route.rateLimited || route.auth === 'store' || route.acceptsToken) && 429,
    500,
    !route.noDatabase && 503,
  ];
  return statuses.filter((status): status is FailureStatus => typeof status === 'number');
}

function failure(route: RouteSpec, status: FailureStatus): ResponseObject {
  const own = status === 400 || status === 401 || status === 403 || status === 404 || status === 409 || status === 413 || status === 422 ? route.extra?.[status] : undefined;
  const generic = FAILURES[status];
  if (!own) return generic;
  return { ...generic, description: own.description, content: jsonContent(own.schema ?? 'Error', own.schema ? undefined : own.example) };
}

function success(route: RouteSpec): ResponseObject {
  const { answer } = route;
  const headers: Record<string, HeaderObject> = {};
  if (answer.etag) headers.ETag = HEADERS.etag;
  if (route.list) Object.assign(headers, { ETag: HEADERS.listEtag, 'Cache-Control': HEADERS.listCacheControl });
  if (answer.cookie === 'session') headers['Set-Cookie'] = HEADERS.sessionCookie;
  if (answer.cookie === 'cleared') headers['Set-Cookie'] = HEADERS.clearedCookie;
  Object.assign(headers, answer.headers);
  return {
    description: answer.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: answer.media ?? jsonContent(answer.schema ?? 'Message'),
  };
}

function parametersOf(route: RouteSpec): ParameterObject[] {
  const parameters: ParameterObject[] = Object.entries(route.params ?? {}).map(([name, param]) => ({
    name,
    in: 'path',
    required: true,
    description: param.description,
    schema: inlineSchema(param.schema),
  }));
  const query = route.query ? inlineSchema(route.query) : undefined;
  for (const [name, schema] of Object.entries((query?.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    parameters.push({ name, in: 'query', required: false, description: (schema.description as string | undefined) ?? name, schema });
  }
  if (route.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Any 1–200 visible characters, new for each create (e.g. a UUID). A retry with the same key gets the first answer again and creates nothing (no stock taken twice); keys are kept at least 24 hours per store.',
      schema: { type: 'string', minLength: 1, maxLength: 200 },
    });
  }
  if (route.ifMatch) {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'The `ETag` the edit is based on (or `*`): 409 if the item changed since. Without it the last write wins.',
      schema: { type: 'string' },
    });
  }
  if (route.list) {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: "The list's last `ETag`: 304 with no body while the list is unchanged.",
      schema: { type: 'string' },
    });
  }
  return parameters;
}

function requestBodyOf(route: RouteSpec): RequestBodyObject | undefined {
  if (!route.body) return undefined;
  const schema = { $ref: `#/components/schemas/${route.body.schema}` };
  if (route.body.media === 'json') return { required: true, content: { 'application/json': { schema } } };
  const csv = route.body.schema.endsWith('ImportForm');
  const file = route.body.schema === 'UploadForm' || csv ? 'file' : 'image';
  return {
    required: true,
    content: { 'multipart/form-data': { schema, encoding: { [file]: { contentType: csv ? 'text/csv' : 'image/jpeg, image/png' } } } },
  };
}

/** The route's own description, and which roles may call it. */
function descriptionOf(route: RouteSpec): string | undefined {
  const { permission } = route;
  const roles = permission ? ROLES.filter((role) => can(role, permission)) : [];
  const who = roles.length > 0 && roles.length < ROLES.length ? `Roles: ${roles.join(', ')}.` : undefined;
  const parts = [route.description, who].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function operationOf(route: RouteSpec): OperationObject {
  const responses: Record<string, ResponseObject> = { [route.answer.status]: success(route) };
  if (route.list)
    responses['304'] = {
      description: 'The list is unchanged since the `If-None-Match` tag (no body)',
      headers: { ETag: HEADERS.listEtag },
    };
  for (const status of failuresOf(route)) responses[status] = failure(route, status);
  const parameters = parametersOf(route);
  const requestBody = requestBodyOf(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(descriptionOf(route) ? { description: descriptionOf(route) } : {}),
    tags: [route.tag],
    ...(route.auth === 'session' ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    ...(route.auth === 'store' ? { security: [{ [SESSION_SCHEME]: [] }, { [TOKEN_SCHEME]: [] }] } : {}),
    ...(route.auth === 'optional'
      ? { security: [{}, { [SESSION_SCHEME]: [] }, ...(route.acceptsToken ? [{ [TOKEN_SCHEME]: [] }] : [])] }
      : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 description of the whole API, from the route table and the contract's schemas. */
export function buildOpenApiDocument(info: DocumentInfo, routes: RouteSpec[] = API_ROUTES): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is described twice`);
    item[route.method] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: info.description ? `${info.description}\n\n${OVERVIEW}` : OVERVIEW,
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: buildComponentSchemas(),
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_NAME,
          description:
            'The opaque session id set by login and register: HttpOnly, SameSite=Lax (None with CROSS_SITE_COOKIES).',
        },
        [TOKEN_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: `An API token of the store (\`${API_TOKEN_PREFIX}…\`), made by an owner; it acts with its own role.`,
        },
      },
    },
  };
}
