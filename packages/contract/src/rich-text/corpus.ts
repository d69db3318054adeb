/*
 * The shared corpus of the rich-text format (test data, kept in test/rich-text-corpus.ts), under its own subpath
 * `@inventory/contract/rich-text/corpus` for ui's stories: ui reaches the contract only through its rich-text
 * subpaths. Not part of the rule set's entry, so nothing ships it.
 */
export * from '../../test/rich-text-corpus';
