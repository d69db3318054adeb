/*
 * The rich-text format, once: what the editor writes, and what each of its three readers keeps (the editor's own
 * HTML reader in ui, the server's sanitizer, the mocks' sanitizer). Data and small pure functions only, so every
 * layer can import it (ui imports only this entry of the contract).
 */
export * from './attributes';
export * from './editor';
export * from './empty';
export * from './images';
export * from './indent';
export * from './links';
export * from './quill';
export * from './styles';
export * from './tags';
export * from './plain-text';
