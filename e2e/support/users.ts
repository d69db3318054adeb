import { randomUUID } from 'node:crypto';

export function newUser() {
  const id = randomUUID().slice(0, 8);
  return { name: `Jane ${id}`, email: `jane.${id}@example.com`, password: `secret-${id}` };
}
