import { IMPORT_FIELDS, importFieldsFor, type ImportMapping, missingRequiredFields } from '@inventory/contract/rules';
import { createSelector } from '@reduxjs/toolkit';
import { selectRole } from '../../membership/selectors';
import type { WithImport } from './importSlice';

/** The labels of required fields the mapping leaves without a column. (Beside the page, which alone needs the rules.) */
export const selectMissingFields = createSelector(
  [(state: WithImport) => state.productImport.mapping, (state: WithImport) => state.productImport.headers],
  missingRequiredFields,
);

/**
 * Our fields the role may fill from a file: not the cost for staff (docs/decisions/0031-product-cost.md; the server
 * refuses a file that maps it). Every field while the role is not known: the server decides.
 */
export const selectImportFields = createSelector([selectRole], (role) => (role === null ? IMPORT_FIELDS : importFieldsFor(role)));

/** The mapping as shown and sent: only the fields the role may fill (a guessed Cost column is left out for staff). */
export const selectSentMapping = createSelector(
  [(state: WithImport) => state.productImport.mapping, selectImportFields],
  (mapping, fields): ImportMapping =>
    Object.fromEntries(fields.flatMap((field) => (mapping[field.key] === undefined ? [] : [[field.key, mapping[field.key]]]))),
);
