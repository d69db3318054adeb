import { fallbackHandlers } from './fallback';
import { userHandlers } from './users';

export { userHandlers } from './users';
export { fallbackHandlers } from './fallback';

/** Every default handler: one array per feature (products, orders, contact, uploads come later), then the 404. */
export const handlers = [...userHandlers, ...fallbackHandlers];
