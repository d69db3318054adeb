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
  /** Shown first, before the welcome (e.g. the menu button of the navigation drawer on small screens). */
  navigation?: ReactNode;
}

/** The signed-in header: 'Welcome, {name}', any extra controls, and a Logout button. */
export function Header({ name, onLogout, loggingOut = false, actions, navigation }: HeaderProps) {
  return (
    <header className="flex h-header shrink-0 items-center justify-between gap-2 border-b border-line bg-surface px-2 sm:px-4 md:gap-4 md:px-6">
      {navigation}
      <p className="min-w-0 flex-1 truncate text-base text-ink md:text-lg">
        Welcome, <strong className="font-semibold text-brand-700">{name}</strong>
      </p>
      <div className="flex min-w-0 shrink-0 items-center gap-2 md:gap-3">
        {actions}
        <Button variant="danger" size="sm" onClick={onLogout} loading={loggingOut} loadingText="Logging out…">
          {loggingOut ? null : <LogOut aria-hidden="true" className="size-4" />}
          {/* On a phone the icon alone keeps the header on one line; the name stays for assistive technology. */}
          <span className="max-sm:sr-only">Logout</span>
        </Button>
      </div>
    </header>
  );
}
