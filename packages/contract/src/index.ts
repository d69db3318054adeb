// The schemas first: rules.ts re-exports their names as types only, and the first `export *` of a name is the one kept.
export * from './schemas';
export * from './rules';
export * from './openapi';
export * from './rich-text';
