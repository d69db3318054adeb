import { z } from 'zod';
import { MESSAGES } from '../messages';
import { hasControlCharacters } from '../validation';

/**
 * A query parameter's text, with the body's rules: no NUL (the body's message) and no other control character. Every
 * text a query or a path carries starts from it, so a hostile parameter is a 400 with a message, never a database error.
 */
export const queryText = (field: string) =>
  z
    .string({ error: MESSAGES.invalidListQuery })
    .refine((value) => !value.includes('\u0000'), MESSAGES.nulCharacter)
    .refine((value) => !hasControlCharacters(value), MESSAGES.controlCharacters(field));
