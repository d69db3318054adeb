import { CATALOGUE_FIELDS, type CatalogueFieldDeclaration } from './catalogue-fields';
import { IMPORT_FIELDS, IMPORT_MESSAGES, type ImportFieldDeclaration, type ImportMapping } from './csv';
import { can, forbiddenMessage, type Role } from './stores';

/**
 * Catalogue fields only some roles may see or set (a declaration's `read` and `write`, catalogue-fields.ts: the cost,
 * docs/decisions/0031-product-cost.md). One rule for every path: the server and the mocks shape each product answer
 * and export with it and refuse what a role may not write; the app hides the same fields.
 */

const declared = (key: string): CatalogueFieldDeclaration | undefined =>
  (CATALOGUE_FIELDS as readonly CatalogueFieldDeclaration[]).find((field) => field.key === key);

/** Whether `role` sees the catalogue field `key` (a field without its own `read`: whoever reads the catalogue). */
export function seesField(role: Role, key: string): boolean {
  const field = declared(key);
  return field?.read === undefined || can(role, field.read);
}

/** Whether `role` may set the catalogue field `key` (beyond editing the catalogue). */
export function setsField(role: Role, key: string): boolean {
  const field = declared(key);
  return field?.write === undefined || can(role, field.write);
}

/** The catalogue's fields `role` sees, in their order (the products export's columns for that role). */
export const catalogueFieldsSeenBy = (role: Role) => CATALOGUE_FIELDS.filter((field) => seesField(role, field.key));

/** The keys of the catalogue's fields `role` may not see ([] for owners and managers): what tells its view apart. */
export const unseenFields = (role: Role): string[] =>
  CATALOGUE_FIELDS.filter((field) => !seesField(role, field.key)).map((field) => field.key);

/**
 * A product (or any object with its keys) as `role` may see it: the fields it may not see are absent, not null, so an
 * answer never says whether there is something hidden.
 */
export function productSeenBy<T extends object>(role: Role, product: T): T {
  let seen: T | null = null;
  for (const field of CATALOGUE_FIELDS) {
    if (!(field.key in product) || seesField(role, field.key)) continue;
    seen ??= { ...product };
    delete (seen as Record<string, unknown>)[field.key];
  }
  return seen ?? product;
}

/**
 * The 403 message for a request that sends fields `role` may not set (the multipart fields' names), or null. Sent at
 * all counts, blank too: such a role never had the field to send back.
 */
export function fieldsWriteRefusal(role: Role, sent: Iterable<string>): string | null {
  for (const key of sent) {
    const permission = declared(key)?.write;
    if (permission !== undefined && !can(role, permission)) return forbiddenMessage(role, permission);
  }
  return null;
}

/** The import's fields `role` may map a column to (the app's mapping screen). */
export const importFieldsFor = (role: Role): ImportFieldDeclaration[] =>
  IMPORT_FIELDS.filter((field) => setsField(role, field.field));

/**
 * An import whose mapping (given, or guessed from the header) sets a field `role` may not set is refused whole, before
 * anything is written: the 403 message naming the column, or null.
 */
export function importMappingRefusal(role: Role, mapping: ImportMapping): string | null {
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field.key];
    const permission = declared(field.field)?.write;
    if (header === undefined || permission === undefined || can(role, permission)) continue;
    return IMPORT_MESSAGES.columnNotAllowed(forbiddenMessage(role, permission), header, field.label);
  }
  return null;
}
