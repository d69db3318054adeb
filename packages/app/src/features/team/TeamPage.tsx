import { useCallback, useEffect } from 'react';
import { MESSAGES, can, type Role, type StoreListItem } from '@inventory/contract/rules';
import { ErrorState, PageHeader } from '@inventory/ui';
import { storesRequested } from '../../membership/membershipSlice';
import { RequirePermission, StoresLoading } from '../../membership/RequirePermission';
import { selectActiveStore, selectMembershipStatus, selectRole } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CreateStoreCard } from './CreateStoreCard';
import { InvitationsCard } from './InvitationsCard';
import { InviteCard } from './InviteCard';
import { MembersCard } from './MembersCard';
import { StoreCard } from './StoreCard';
import { teamRequested } from './teamSlice';

function TeamScreen({ store, role }: { store: StoreListItem; role: Role }) {
  const dispatch = useAppDispatch();
  const manages = can(role, 'members:manage');
  const load = useCallback(() => dispatch(teamRequested({ invitations: manages })), [dispatch, manages]);
  // Again for another store (switched, created) or another role.
  useEffect(() => {
    load();
  }, [load, store._id]);

  return (
    <div className="flex flex-col gap-6">
      <StoreCard store={store} role={role} />
      <MembersCard store={store} role={role} onRetry={load} />
      {manages ? <InviteCard role={role} /> : null}
      {manages ? <InvitationsCard /> : null}
      <CreateStoreCard />
    </div>
  );
}

/**
 * /team: the active store (name, your role, delete), its members (roles and removal for those you may manage, Leave
 * store for yourself), the invite form and pending invitations (owners and managers), and Create a store.
 */
export function TeamPage() {
  usePageTitle('Team');
  const dispatch = useAppDispatch();
  const store = useAppSelector(selectActiveStore);
  const role = useAppSelector(selectRole);
  const status = useAppSelector(selectMembershipStatus);

  return (
    <div>
      <PageHeader title="Team" description={store ? `The people who work on ${store.name}` : undefined} />
      <RequirePermission permission="members:read">
        {store && role ? (
          <TeamScreen store={store} role={role} />
        ) : status === 'failed' ? (
          <ErrorState message={MESSAGES.genericError} onRetry={() => dispatch(storesRequested())} />
        ) : (
          <StoresLoading />
        )}
      </RequirePermission>
    </div>
  );
}
