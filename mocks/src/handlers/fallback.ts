import { MESSAGES } from '@inventory/contract';
import { http } from 'msw';
import { api, errorResponse } from '../http';

/** Unknown `/api/*` paths answer 404 JSON like the server. Must come after every feature's handlers. */
export const fallbackHandlers = [http.all(api('/*'), () => errorResponse(404, MESSAGES.notFound))];
