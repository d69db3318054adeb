import { buildOpenApiDocument, type OpenApiDocument } from '@inventory/contract';
import pkg from '../../package.json';

/** "@inventory/server" names the product "Inventory": the title is its API, the version the server's. */
const product = pkg.name.replace(/^@([^/]+)\/.*$/, '$1');
const title = `${product.charAt(0).toUpperCase()}${product.slice(1)} API`;

let document: OpenApiDocument | undefined;
let serialised: string | undefined;

/** The description this server serves, built on first use (it is pure: the same for every process of a version). */
export function apiDocument(): OpenApiDocument {
  document ??= buildOpenApiDocument({ title, version: pkg.version });
  return document;
}

export function apiDocumentJson(): string {
  serialised ??= JSON.stringify(apiDocument());
  return serialised;
}
