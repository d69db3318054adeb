import { useMemo, useState } from 'react';
import {
  ROLE_LABELS,
  assignableRoles,
  canManageMember,
  type Member,
  type Role,
  type StoreListItem,
  isSoleOwner,
  MESSAGES,
} from '@inventory/contract/rules';
import { Badge, Button, Card, ConfirmDialog, DataTable, ErrorState, Select, type DataTableColumn } from '@inventory/ui';
import { RelativeTime } from '../../dates/RelativeTime';
import { selectUser } from '../../session/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectBusyMember, selectLeaving, selectMembers, selectMembersStatus, selectTeamMessage } from './selectors';
import { memberRemoveRequested, roleChangeRequested } from './teamSlice';

type Pending = { kind: 'remove' | 'leave'; member: Member } | null;

/**
 * The store's members: name, email, role, joined, last activity. Those the actor may manage get a role select and
 * Remove; your own row offers Leave store. Viewers and staff see the list read-only.
 */
export function MembersCard({ store, role, onRetry }: { store: StoreListItem; role: Role; onRetry: () => void }) {
  const dispatch = useAppDispatch();
  const members = useAppSelector(selectMembers);
  const status = useAppSelector(selectMembersStatus);
  const message = useAppSelector(selectTeamMessage);
  const busyMember = useAppSelector(selectBusyMember);
  const leaving = useAppSelector(selectLeaving);
  const me = useAppSelector(selectUser);
  const [pending, setPending] = useState<Pending>(null);

  const columns = useMemo<DataTableColumn<Member>[]>(() => {
    const isMe = (member: Member) => member.userId === me?._id;
    const manageable = (member: Member) => !isMe(member) && canManageMember(role, member.role);
    const options = assignableRoles(role).map((value) => ({ value, label: ROLE_LABELS[value] }));
    return [
      {
        key: 'name',
        header: 'Name',
        sticky: true,
        cell: (member) => (
          <span className="inline-flex items-center gap-2 font-medium">
            {member.name}
            {isMe(member) ? <Badge tone="info">You</Badge> : null}
          </span>
        ),
      },
      { key: 'email', header: 'Email', cell: (member) => member.email },
      {
        key: 'role',
        header: 'Role',
        cell: (member) =>
          manageable(member) ? (
            <Select
              label={`Role of ${member.name}`}
              labelHidden
              name={`role-${member.userId}`}
              options={options}
              value={member.role}
              // Busy, not disabled: a disabled select would drop the keyboard focus it has just been given.
              aria-disabled={busyMember === member.userId || undefined}
              aria-busy={busyMember === member.userId || undefined}
              onChange={(event) => {
                if (busyMember === member.userId) return;
                dispatch(roleChangeRequested({ userId: member.userId, role: event.target.value as Role }));
              }}
              className="h-9 py-1 text-sm"
              wrapperClassName="w-36"
            />
          ) : (
            ROLE_LABELS[member.role]
          ),
      },
      { key: 'joined', header: 'Joined', cell: (member) => <RelativeTime iso={member.joinedAt} /> },
      {
        key: 'active',
        header: 'Last activity',
        cell: (member) => <RelativeTime iso={member.lastActiveAt} fallback="Never" />,
      },
      {
        key: 'action',
        header: <span className="sr-only">Action</span>,
        cell: (member) =>
          isMe(member) && isSoleOwner(members, member.userId) ? (
            // Not offered: the server would refuse it. Say why, where the button would be.
            <span className="block max-w-64 text-sm text-ink-muted">{MESSAGES.lastOwner}</span>
          ) : isMe(member) ? (
            <Button
              variant="secondary"
              size="sm"
              loading={leaving}
              onClick={() => setPending({ kind: 'leave', member })}
            >
              Leave store
            </Button>
          ) : manageable(member) ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-danger hover:bg-danger-soft"
              loading={busyMember === member.userId}
              aria-label={`Remove ${member.name}`}
              onClick={() => setPending({ kind: 'remove', member })}
            >
              Remove
            </Button>
          ) : null,
      },
    ];
  }, [role, me?._id, members, busyMember, leaving, dispatch]);

  return (
    <Card title="Members">
      {status === 'failed' ? (
        <ErrorState message={message} onRetry={onRetry} />
      ) : (
        <DataTable
          columns={columns}
          rows={members}
          getRowId={(member) => member.userId}
          loading={status !== 'loaded'}
          emptyMessage="No members yet."
          pageSize={50}
          caption="Members"
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'leave' ? `Leave ${store.name}?` : `Remove ${pending?.member.name ?? ''}?`}
        message={
          pending?.kind === 'leave'
            ? 'You will no longer see its products and orders. To come back, someone must invite you again.'
            : `${pending?.member.name ?? ''} will no longer see ${store.name}. To come back, they must be invited again.`
        }
        confirmLabel={pending?.kind === 'leave' ? 'Leave store' : 'Remove'}
        tone="danger"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending)
            dispatch(memberRemoveRequested({ userId: pending.member.userId, self: pending.kind === 'leave' }));
          setPending(null);
        }}
      />
    </Card>
  );
}
