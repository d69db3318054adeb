export * from './catalogue';
export * from './constants';
export * from './contact';
export * from './email';
export * from './messages';
export * from './schemas';
export * from './types';
export * from './validation';
