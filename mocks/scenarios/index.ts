/**
 * The shared API scenarios: they run against the MSW handlers (mocks/test/scenarios.msw.test.ts) and against the
 * real server (the server's runner), so the mocks behind the stories cannot drift from what the server does.
 * They assert only what the server guarantees: status codes, messages and shapes.
 *
 * A runner:
 *   for (const scenario of scenarios) {
 *     it(scenario.name, () =>
 *       scenario.run(createScenarioClient(baseUrl), { readResetLink, readInvitationLink }));
 *   }
 */
import { categoryScenarios } from './categories';
import { contactScenarios } from './contact';
import { costScenarios } from './cost';
import { csvScenarios } from './csv';
import { customerScenarios } from './customers';
import { invoiceScenarios } from './invoices';
import { reportScenarios } from './reports';
import { listScenarios } from './lists';
import { orderScenarios } from './orders';
import { productArchiveScenarios } from './product-archive';
import { productScenarios } from './products';
import { salesOrderScenarios } from './sales-orders';
import { purchaseOrderScenarios } from './purchase-orders';
import { stockScenarios } from './stock';
import { storeScenarios } from './stores';
import { storeSettingsScenarios } from './store-settings';
import { supplierScenarios } from './suppliers';
import { uploadScenarios } from './uploads';
import { userScenarios } from './users';
import type { Scenario } from './types';

export {
  createScenarioClient,
  parseSetCookie,
  raw,
  type RawBody,
  type RequestOptions,
  type ScenarioClient,
  type ScenarioClientOptions,
  type ScenarioResponse,
} from './client';
export type { Scenario, ScenarioContext } from './types';
export { createRouteCoverage, routeOf, type RouteCoverage } from './coverage';
export { resetTokenFromLink, uniqueEmail } from './users';
export { invitationTokenFromLink } from './stores';
export { TINY_JPEG_BASE64, TINY_PNG_BASE64, bytesOf, formOf, type FilePart } from './support';

/** Every scenario, in order: one array per feature. */
export const scenarios: Scenario[] = [
  ...userScenarios,
  ...storeScenarios,
  ...productScenarios,
  ...productArchiveScenarios,
  ...costScenarios,
  ...categoryScenarios,
  ...orderScenarios,
  ...salesOrderScenarios,
  ...customerScenarios,
  ...storeSettingsScenarios,
  ...invoiceScenarios,
  ...reportScenarios,
  ...supplierScenarios,
  ...purchaseOrderScenarios,
  ...listScenarios,
  ...stockScenarios,
  ...csvScenarios,
  ...uploadScenarios,
  ...contactScenarios,
];
