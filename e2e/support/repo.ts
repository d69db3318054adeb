import { join } from 'node:path';

/** The repository root, where the built server and the app's sources live. */
export const REPO_ROOT = join(import.meta.dirname, '..', '..');
