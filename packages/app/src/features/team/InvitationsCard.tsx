import { useMemo } from 'react';
import { ROLE_LABELS, type Invitation } from '@inventory/contract/rules';
import { Button, Card, DataTable, ErrorState, type DataTableColumn } from '@inventory/ui';
import { RelativeTime } from '../../dates/RelativeTime';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectInvitations, selectInvitationsStatus, selectTeamMessage } from './selectors';
import { invitationRevokeRequested, invitationsRequested } from './teamSlice';

/** Invitations not yet accepted, revoked or expired; Revoke stops a link at once (it may be sent again). */
export function InvitationsCard() {
  const dispatch = useAppDispatch();
  const invitations = useAppSelector(selectInvitations);
  const status = useAppSelector(selectInvitationsStatus);
  const message = useAppSelector(selectTeamMessage);

  const columns = useMemo<DataTableColumn<Invitation>[]>(
    () => [
      { key: 'email', header: 'Email', sticky: true, cell: (invitation) => invitation.email },
      { key: 'role', header: 'Role', cell: (invitation) => ROLE_LABELS[invitation.role] },
      { key: 'by', header: 'Invited by', cell: (invitation) => invitation.invitedBy },
      { key: 'sent', header: 'Sent', cell: (invitation) => <RelativeTime iso={invitation.createdAt} /> },
      { key: 'expires', header: 'Expires', cell: (invitation) => <RelativeTime iso={invitation.expiresAt} /> },
      {
        key: 'action',
        header: <span className="sr-only">Action</span>,
        cell: (invitation) => (
          <Button
            variant="ghost"
            size="sm"
            className="text-danger hover:bg-danger-soft"
            aria-label={`Revoke the invitation to ${invitation.email}`}
            onClick={() => dispatch(invitationRevokeRequested(invitation._id))}
          >
            Revoke
          </Button>
        ),
      },
    ],
    [dispatch],
  );

  return (
    <Card title="Pending invitations">
      {status === 'failed' ? (
        <ErrorState message={message} onRetry={() => dispatch(invitationsRequested())} />
      ) : (
        <DataTable
          columns={columns}
          rows={invitations}
          getRowId={(invitation) => invitation._id}
          loading={status !== 'loaded'}
          emptyMessage="No pending invitations."
          pageSize={50}
          caption="Pending invitations"
        />
      )}
    </Card>
  );
}
