export * from './constants';
export * from './email';
export * from './messages';
export * from './schemas';
export * from './types';
export * from './validation';
