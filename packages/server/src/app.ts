import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiDocsRoutes } from './api-docs/routes';
import { registerBackgroundJobs } from './background-jobs';
import type { Config } from './config';
import { createDb, type Db } from './db';
import { migrateToLatest } from './db/migrate';
import { contactRoutes } from './features/contact/routes';
import { categoryRoutes } from './features/categories/routes';
import { createCategoryService } from './features/categories/service';
import { customerRoutes } from './features/customers/routes';
import { createCustomerService } from './features/customers/service';
import { createContactService } from './features/contact/service';
import { healthRoutes } from './features/health/routes';
import { customerCsvRoutes } from './features/import-export/customer-routes';
import { createCustomerImport } from './features/import-export/customers-import';
import { importExportRoutes } from './features/import-export/routes';
import { createImportService } from './features/import-export/service';
import { supplierCsvRoutes } from './features/import-export/supplier-routes';
import { createSupplierImport } from './features/import-export/suppliers-import';
import { customerOrderRoutes } from './features/orders/customer-orders';
import { storeSettingsRoutes } from './features/store-settings/routes';
import { createStoreSettingsService } from './features/store-settings/settings-service';
import { createTaxRateService } from './features/store-settings/tax-rates-service';
import { orderRoutes } from './features/orders/routes';
import { createCreditNoteService } from './features/invoices/credit-notes';
import { createInvoiceDocuments } from './features/invoices/documents';
import { createNumberingService } from './features/invoices/numbering';
import { createPaymentService } from './features/invoices/payments';
import { createPdfPool } from './pdf/pool';
import { invoiceRoutes } from './features/invoices/routes';
import { reportRoutes } from './features/reports/routes';
import { createReportService } from './features/reports/service';
import { createInvoiceService } from './features/invoices/service';
import { createOrderService } from './features/orders/service';
import { createFulfilmentService } from './features/orders/lines/fulfilment-service';
import { fulfilmentRoutes } from './features/orders/lines/fulfilment-routes';
import { orderInvoicingRoutes } from './features/orders/lines/invoicing-routes';
import { createOrderInvoicing } from './features/orders/lines/invoicing-service';
import { productRoutes } from './features/products/routes';
import { sanitizeDescription } from './features/products/sanitize';
import { createProductService } from './features/products/service';
import { storeRoutes } from './features/stores/routes';
import { createProductLinkService } from './features/suppliers/product-links';
import { supplierRoutes } from './features/suppliers/routes';
import { createReceiving } from './features/purchase-orders/receiving';
import { createPurchaseOrderMail } from './features/purchase-orders/mail';
import { purchaseOrderRoutes } from './features/purchase-orders/routes';
import { createPurchaseOrderService } from './features/purchase-orders/service';
import { createSuggestions } from './features/purchase-orders/suggestions';
import { createSupplierService } from './features/suppliers/service';
import { createStoreService } from './features/stores/service';
import { uploadRoutes } from './features/uploads/routes';
import { userRoutes } from './features/users/routes';
import { createPasswords } from './features/users/passwords';
import { createUserService } from './features/users/service';
import { registerApiCacheControl } from './http/cache-control';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/errors';
import { registerJsonParser } from './http/json';
import { registerMultipart } from './http/multipart';
import { registerSecurity } from './http/security';
import { registerStaticApp } from './http/static-app';
import { createIdempotency } from './idempotency';
import { createStockAlerts, registerStockAlerts } from './stock/alerts';
import { createListCache } from './list-cache';
import { createPublicUrls } from './public-urls';
import { createFileMailer, createSmtpMailer, type Mailer } from './mail';
import { createMailOutbox, type MailAttachments, registerMailOutbox } from './mail/outbox-sender';
import { createRateLimiter } from './rate-limit/limiter';
import { RATE_LIMITS, type RateLimitRules } from './rate-limit/rules';
import { type AuthDeps, createSessionStore, registerAuth, sessionCookiePolicy } from './session';
import { registerStoreAccess, type StoreAccessDeps } from './stores/access';
import { createApiTokens } from './stores/api-tokens';
import { createUploadService } from './uploads/service';
import { type UploadStore, uploadStoreFor } from './uploads/store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database; destroyed on close when the app created it. */
    db: Db;
  }
}

export interface AppDeps {
  /** Use this database instead of opening the configured one (the caller then owns and destroys it). */
  db?: Db;
  mailer?: Mailer;
  /** Where upload bytes go; by default files under DATA_DIR/uploads on SQLite, the database on PostgreSQL. */
  uploadStore?: UploadStore;
  now?: () => Date;
  /** Overrides of the rate limits (rate-limit/rules.ts); tests use small or huge ones. */
  rateLimits?: Partial<RateLimitRules>;
  /** Bound (bytes) of the cached product and order lists of this process; tests use small ones. */
  listCacheBytes?: number;
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/** The whole server as a Fastify instance, migrations applied, not listening. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.oldPassword', '*.password2'],
        censor: '[redacted]',
      },
    },
    genReqId: () => randomUUID(),
    requestIdLogLabel: 'requestId',
    bodyLimit: JSON_BODY_LIMIT,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    // Long enough for any reset token a client may send, so an over-long one gets the reset message, not a 404.
    routerOptions: { maxParamLength: 512 },
    // request.ip (rate limits, logs) is the socket's peer unless TRUST_PROXY names the proxies to believe.
    trustProxy: config.trustProxy,
  });

  const ownsDb = deps.db === undefined;
  const db = deps.db ?? createDb(config.database);
  app.decorate('db', db);
  const mailer =
    deps.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createFileMailer(config.dataDir, config.mailFrom, app.log));

  app.addHook('onClose', async () => {
    await mailer.close?.();
    if (ownsDb) await db.destroy();
  });

  try {
    await migrateToLatest(db);
  } catch (error) {
    await app.close();
    throw error;
  }

  // Before any route: compression hooks are attached as each route is added (http/compression.ts).
  await registerCompression(app);
  // text/plain is a "simple" content type a cross-site form can send without a preflight: the API takes JSON only.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  // multipart/form-data for the product and upload routes only; it has its own limits (http/multipart-errors.ts).
  await registerMultipart(app);

  await app.register(fastifyCookie);
  registerAuth(app);
  registerStoreAccess(app);
  registerErrorHandler(app);
  registerSecurity(app, { publicOrigin: config.publicOrigin, corsOrigins: config.corsOrigins });
  registerApiCacheControl(app);

  const now = deps.now ?? (() => new Date());
  const urls = createPublicUrls(config.publicUrl);
  const sessions = createSessionStore(db, urls, now);
  const limiter = createRateLimiter({
    db,
    rules: { register: { ...RATE_LIMITS.register, limit: config.registrationsPerHour }, ...deps.rateLimits },
    now,
  });
  const uploadStore = deps.uploadStore ?? uploadStoreFor(config, db);
  const uploads = createUploadService({ db, store: uploadStore, log: app.log, now });
  // After the hook that closes the mailer and the database: closing waits for these jobs first.
  const jobs = registerBackgroundJobs(app);
  // Every mail goes through the outbox (docs/decisions/0036-mail-outbox.md); registered after the jobs, it stops
  // claiming first, and mail a closing job still writes waits in the database for the next poll of any process.
  const mailAttachments: MailAttachments = new Map();
  const mail = createMailOutbox({ db, mailer, log: app.log, now, attachments: mailAttachments });
  registerStockAlerts(app, createStockAlerts({ db, mail, appUrl: config.appUrl, log: app.log, now }));
  registerMailOutbox(app, mail, config.outboxIntervalMs);
  const users = createUserService({
    db,
    sessions,
    mail,
    uploads,
    urls,
    appUrl: config.appUrl,
    limiter,
    passwords: createPasswords(config.passwordHashCost),
    jobs,
    now,
  });
  const products = createProductService({ db, uploads, urls, now });
  const orders = createOrderService({ db, now });
  const contact = createContactService({ db, mail, supportEmail: config.supportEmail, limiter, now });
  const authDeps: AuthDeps = { sessions, cookie: sessionCookiePolicy(config) };
  const access: StoreAccessDeps = { db, auth: authDeps, tokens: createApiTokens({ db, limiter, now }), limiter, now };
  const stores = createStoreService({ db, sessions, mail, uploads, limiter, appUrl: config.appUrl, now });

  await app.register(healthRoutes, { db });
  await app.register(userRoutes, { prefix: '/api/users', users, authDeps });
  const listCache = createListCache(deps.listCacheBytes);
  await app.register(storeRoutes, { stores, access });
  const idempotency = createIdempotency(db, now);
  await app.register(productRoutes, { prefix: '/api/products', products, access, db, listCache, urls, idempotency, now });
  await app.register(orderRoutes, { prefix: '/api/orders', orders, access, db, listCache, idempotency });
  await app.register(categoryRoutes, { prefix: '/api/categories', categories: createCategoryService({ db, now }), access });
  const customers = createCustomerService({ db, now });
  await app.register(customerRoutes, { prefix: '/api/customers', customers, access, idempotency });
  await app.register(customerOrderRoutes, { access, db });
  await app.register(fulfilmentRoutes, { fulfilment: createFulfilmentService({ db, now }), access, db });
  const pdfs = createPdfPool();
  app.addHook('onClose', () => pdfs.close());
  const suppliers = createSupplierService({ db, now });
  await app.register(supplierRoutes, { suppliers, links: createProductLinkService({ db, now }), access, idempotency });
  await app.register(purchaseOrderRoutes, {
    purchaseOrders: createPurchaseOrderService({ db, now }),
    receiving: createReceiving({ db, now }),
    suggestions: createSuggestions({ db, now }),
    mail: createPurchaseOrderMail({ db, mail, pdfs, uploads: uploadStore }),
    idempotency,
    access,
    db,
  });
  const imports = createImportService({ db, sanitize: sanitizeDescription, jobs, now });
  await app.register(importExportRoutes, { imports, access, db, maxBytes: config.importMaxBytes, now });
  const customerImport = createCustomerImport({ db, now });
  await app.register(customerCsvRoutes, { customerImport, access, db, maxBytes: config.importMaxBytes, now });
  const settings = createStoreSettingsService({ db, uploads, urls, now });
  await app.register(storeSettingsRoutes, { settings, taxRates: createTaxRateService({ db, now }), access });
  const invoices = createInvoiceService({ db, now });
  const invoiceDocuments = createInvoiceDocuments({ db, invoices, pdfs, uploads: uploadStore, mail });
  mailAttachments.set('invoice', invoiceDocuments.attachments);
  await app.register(invoiceRoutes, {
    invoices,
    creditNotes: createCreditNoteService({ db, now }),
    payments: createPaymentService({ db, now }),
    documents: invoiceDocuments,
    numbering: createNumberingService({ db }),
    access,
    idempotency,
  });
  await app.register(orderInvoicingRoutes, { invoicing: createOrderInvoicing({ db, createDraft: invoices.createFromLines }), access });
  await app.register(reportRoutes, { reports: createReportService({ db, now }), access });
  const supplierImport = createSupplierImport({ db, now });
  await app.register(supplierCsvRoutes, { supplierImport, access, db, maxBytes: config.importMaxBytes, now });
  await app.register(contactRoutes, { prefix: '/api', contact, details: config.contact, authDeps });
  await app.register(uploadRoutes, { uploads, authDeps, access, urls });
  await app.register(apiDocsRoutes);
  await registerStaticApp(app, config.appDist);

  return app;
}
