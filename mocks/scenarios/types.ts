import type { ScenarioClient } from './client';

/** What differs by target. Each runner supplies it. */
export interface ScenarioContext {
  /**
   * The newest password-reset link mailed to `email` (matched case-insensitively), as text containing
   * `/resetpassword/<token>` (a full URL is fine). Rejects when there is none.
   * MSW runner: the mock outbox (`mockDb.outbox`). Server runner: the newest `.eml` under `DATA_DIR/mail` addressed
   * to `email`, with the link extracted from its body.
   */
  readResetLink(email: string): Promise<string>;
  /**
   * The newest invitation link mailed to `email` (matched case-insensitively), as text containing
   * `/invitations/<token>` (a full URL is fine). Rejects when there is none.
   * MSW runner: the mock outbox. Server runner: the newest `.eml` under `DATA_DIR/mail` addressed to `email` that
   * holds an `/invitations/` link (sent after the answer, like the reset mail: wait for queued jobs first).
   */
  readInvitationLink(email: string): Promise<string>;
}

export interface Scenario {
  name: string;
  /** Starts from a fresh client with an empty jar, on an API whose other users are unknown to it. */
  run(client: ScenarioClient, ctx: ScenarioContext): Promise<void>;
}
