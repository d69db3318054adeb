import type { ReactNode } from 'react';
import { can, forbiddenMessage, type Permission, type Role } from '@inventory/contract/rules';
import { buttonVariants, Card, Spinner } from '@inventory/ui';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../store/hooks';
import { selectRole } from './selectors';

export interface ForbiddenStateProps {
  role: Role;
  permission: Permission;
  backHref?: string;
  backLabel?: string;
}

/** What a screen shows instead of an action the role does not allow: the contract's message and a way back. */
export function ForbiddenState({
  role,
  permission,
  backHref = '/dashboard',
  backLabel = 'Back to the dashboard',
}: ForbiddenStateProps) {
  return (
    <Card>
      <div role="alert" className="flex flex-col items-start gap-4">
        <p className="m-0 flex items-center gap-2 text-base text-ink">
          <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-danger" />
          {forbiddenMessage(role, permission)}
        </p>
        <Link to={backHref} className={buttonVariants({ variant: 'secondary' })}>
          {backLabel}
        </Link>
      </div>
    </Card>
  );
}

export interface RequirePermissionProps {
  permission: Permission;
  children: ReactNode;
  backHref?: string;
  backLabel?: string;
}

/**
 * Shows `children` unless the role in the active store is known not to allow `permission`: then the forbidden state
 * (never a redirect). While the role is not known yet (the stores load beside the screen), the screen shows: the
 * server decides anyway, and an owner's form does not wait for the role.
 */
export function RequirePermission({ permission, children, backHref, backLabel }: RequirePermissionProps) {
  const role = useAppSelector(selectRole);
  if (role !== null && !can(role, permission)) {
    return <ForbiddenState role={role} permission={permission} backHref={backHref} backLabel={backLabel} />;
  }
  return <>{children}</>;
}

/** A whole-screen wait for the user's stores, for screens that need the active store to show anything. */
export function StoresLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label="Loading your stores" />
    </div>
  );
}
