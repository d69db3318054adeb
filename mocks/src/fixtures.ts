import type { SeedUserInput } from './db';

/**
 * Fixture data for stories and tests. Everything renders offline: the demo photo is a file of `mocks/public`
 * (served as a static dir by Storybook and `npm run dev:mock`), and its `/uploads/` path passes the server's photo
 * rule, so saving the profile unchanged works as it does against the real server.
 */
export const DEMO_PHOTO_URL = '/uploads/demo-avatar.png';

/** Seeded by `resetMockDb()` (unless `{ seed: false }`), so `npm run dev:mock` has an account to sign in with. */
export const demoUser = {
  _id: '64b7f0c2a1d3e4f5a6b7c8d9',
  name: 'Jane Doe',
  email: 'jane@example.com',
  password: 'secret123',
  phone: '+1 555 0100',
  bio: 'Runs the stock room at a small IT-equipment shop.',
  photo: DEMO_PHOTO_URL,
} as const satisfies SeedUserInput;

/** A second account, for stories or tests that need two users. Not seeded by default. */
export const otherUser = {
  _id: '64b7f0c2a1d3e4f5a6b7c8da',
  name: 'John Smith',
  email: 'john@example.com',
  password: 'secret456',
  phone: '',
  bio: '',
  photo: '',
} as const satisfies SeedUserInput;

/** A name longer than NAME_TRUNCATE_LENGTH, for the header's truncation. */
export const longNameUser = {
  name: 'Maximiliana Featherstonehaugh',
  email: 'maximiliana@example.com',
  password: 'secret789',
} as const satisfies SeedUserInput;
