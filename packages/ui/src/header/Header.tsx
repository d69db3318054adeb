import type { ReactNode } from 'react';
import { LogOut } from 'lucide-react';
import { Button } from '../button/Button';

export interface HeaderProps {
  name: string;
  onLogout: () => void;
  /** Shows the Logout button busy while the logout call runs. */
  loggingOut?: boolean;
  /** More controls before Logout (e.g. a store switcher). */
  actions?: ReactNode;
}

/** The signed-in header: 'Welcome, {name}', any extra controls, and a Logout button. */
export function Header({ name, onLogout, loggingOut = false, actions }: HeaderProps) {
  return (
    <header className="flex h-header shrink-0 items-center justify-between gap-4 border-b border-line bg-surface px-6">
      <p className="min-w-0 truncate text-lg text-ink">
        Welcome, <strong className="font-semibold text-brand-700">{name}</strong>
      </p>
      <div className="flex shrink-0 items-center gap-3">
        {actions}
        <Button variant="danger" size="sm" onClick={onLogout} loading={loggingOut}>
          {loggingOut ? null : <LogOut aria-hidden="true" className="size-4" />}
          Logout
        </Button>
      </div>
    </header>
  );
}
