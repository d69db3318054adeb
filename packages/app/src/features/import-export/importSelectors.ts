import { missingRequiredFields } from '@inventory/contract/rules';
import { createSelector } from '@reduxjs/toolkit';
import type { WithImport } from './importSlice';

/** The labels of required fields the mapping leaves without a column. (Beside the page, which alone needs the rules.) */
export const selectMissingFields = createSelector(
  [(state: WithImport) => state.productImport.mapping, (state: WithImport) => state.productImport.headers],
  missingRequiredFields,
);
