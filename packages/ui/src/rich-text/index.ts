/*
 * The rich-text field, imported lazily by the app (`@inventory/ui/rich-text`) so draft-js loads only on the
 * product form. Not exported from the package's main index.
 */
export { RichTextField, type RichTextFieldProps } from './RichTextField';
export { htmlToContent, contentToHtml, htmlToEditorState, editorStateToHtml } from './html';
export { sanitizeLinkUrl, sanitizeImageSrc } from './format';
export * as richTextRules from './constants';
