import { recordRemovalOf } from '@inventory/contract';
import { notifyMockDbChange, stampChange, type StoredActor } from '../db';

/** A record that is archived rather than deleted once others name it (a customer, a supplier), as the mocks keep it. */
type ArchivableRecord = Parameters<typeof stampChange>[0] & { archivedAt: string | null };

/**
 * Delete a record nothing names (`drop` takes it out of its collection), or archive one that `references` records
 * name (the contract's recordRemovalOf), as the server's archivable-records.ts does. What happened, as the API says it.
 */
export function removeOrArchive(record: ArchivableRecord, references: number, drop: () => void, actor: StoredActor): 'deleted' | 'archived' {
  if (recordRemovalOf(references) === 'delete') {
    drop();
    notifyMockDbChange();
    return 'deleted';
  }
  if (record.archivedAt === null) {
    const at = new Date().toISOString();
    record.archivedAt = at;
    stampChange(record, actor, at);
    notifyMockDbChange();
  }
  return 'archived';
}

/** An archived record active again (an active one stays as it is). */
export function restoreArchived(record: ArchivableRecord, actor: StoredActor): void {
  if (record.archivedAt === null) return;
  record.archivedAt = null;
  stampChange(record, actor);
  notifyMockDbChange();
}
