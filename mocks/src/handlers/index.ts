import { contactHandlers } from './contact';
import { fallbackHandlers } from './fallback';
import { orderHandlers } from './orders';
import { productHandlers } from './products';
import { stockHandlers } from './stock';
import { storeHandlers } from './stores';
import { uploadHandlers } from './uploads';
import { userHandlers } from './users';

export { userHandlers } from './users';
export { storeHandlers } from './stores';
export { productHandlers } from './products';
export { orderHandlers } from './orders';
export { stockHandlers } from './stock';
export { uploadHandlers } from './uploads';
export { contactHandlers } from './contact';
export { fallbackHandlers } from './fallback';

/** Every default handler: one array per feature, then the 404 of unknown `/api` paths. */
export const handlers = [
  ...userHandlers,
  ...storeHandlers,
  ...productHandlers,
  ...stockHandlers,
  ...orderHandlers,
  ...uploadHandlers,
  ...contactHandlers,
  ...fallbackHandlers,
];
