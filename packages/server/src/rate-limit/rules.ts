/** A fixed window: at most `limit` counted events per `windowMs` (so at most 2 × limit across one window boundary). */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The limits, counted in the database so every server process shares them; over a limit the answer is 429.
 * Login counts attempts and gives one back on success, so only failures stay counted; the account's failures are
 * cleared by a successful login or a password reset. Reset has its own generous per-address limits and no per-account
 * one, so an attacker who locks an account's login cannot also lock its owner out of resetting the password.
 */
export const RATE_LIMITS = {
  /** Failed logins per account (the lowercased email, registered or not). */
  loginAccount: { limit: 5, windowMs: 15 * MINUTE },
  /** Failed logins per client address. */
  loginAddress: { limit: 20, windowMs: 15 * MINUTE },
  /**
   * Registrations per client address. A shop onboarding its staff registers them from one office address (invitations
   * are accepted by registering), so this allows a team's worth an hour while still stopping scripted sign-ups.
   */
  register: { limit: 30, windowMs: 60 * MINUTE },
  /** Reset mails asked for, per client address. */
  forgotPassword: { limit: 10, windowMs: 15 * MINUTE },
  /** Reset attempts per client address. */
  resetPassword: { limit: 20, windowMs: 15 * MINUTE },
  /** Contact messages per user. */
  contact: { limit: 10, windowMs: 60 * MINUTE },
  /** Requests with an unknown, expired or revoked API token, per client address (like failed logins). */
  apiTokenFailures: { limit: 20, windowMs: 15 * MINUTE },
  /** Requests per API token. */
  apiToken: { limit: 600, windowMs: MINUTE },
  /** Invitations sent, per store. */
  invitations: { limit: 50, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimitRules = Record<RateLimitName, RateLimitRule>;
