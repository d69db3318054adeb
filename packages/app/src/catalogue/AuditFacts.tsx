import type { Actor } from '@inventory/contract/rules';
import { Fact } from './ItemFacts';

/** 'Jane Doe', or 'Jane Doe via token Stock sync' when the change came through an API token. */
export function actorText(actor: Actor): string {
  return actor.token ? `${actor.name} via token ${actor.token}` : actor.name;
}

/**
 * Who created the product or order and who changed it last, as facts (inside an ItemFacts list). Single-item answers
 * carry them; nothing shows for what the server did not record.
 */
export function AuditFacts({ createdBy, updatedBy }: { createdBy?: Actor | null; updatedBy?: Actor | null }) {
  return (
    <>
      {createdBy ? <Fact label="Created by">{actorText(createdBy)}</Fact> : null}
      {updatedBy ? <Fact label="Last changed by">{actorText(updatedBy)}</Fact> : null}
    </>
  );
}
