import { z } from 'zod';

/**
 * Read-only fields a client sends back on an edit because it posts the whole object it fetched (`_id`, timestamps,
 * …). An edit's strict schema lists them as optional fields of any value, so they pass the unknown-field check and
 * are then dropped: they never change anything, whatever their value. Any other unknown field is still refused.
 */
export function echoedFields<K extends string>(keys: readonly K[]): Record<K, z.ZodOptional<z.ZodUnknown>> {
  const shape = {} as Record<K, z.ZodOptional<z.ZodUnknown>>;
  for (const key of keys) {
    shape[key] = z.unknown().describe('Read-only: accepted when sent back and ignored').optional();
  }
  return shape;
}

/** The body without the echoed fields. */
export function withoutEchoed<T extends object, K extends string>(body: T, keys: readonly K[]): Omit<T, K> {
  const rest = { ...body } as Record<string, unknown>;
  for (const key of keys) delete rest[key];
  return rest as Omit<T, K>;
}
