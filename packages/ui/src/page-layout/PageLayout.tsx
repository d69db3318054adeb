import { type ReactNode } from 'react';

export interface PageLayoutProps {
  sidebar: ReactNode;
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame: the sidebar full height on the left; on the right the header on top,
 * the scrollable `<main>` and the footer at the bottom.
 */
export function PageLayout({ sidebar, header, footer, children }: PageLayoutProps) {
  return (
    <div className="flex h-screen w-full overflow-hidden bg-surface-muted">
      <div className="flex h-full shrink-0">{sidebar}</div>
      <div className="flex min-w-0 flex-1 flex-col">
        {header}
        <main className="min-h-0 flex-1 overflow-y-auto p-6">{children}</main>
        {footer}
      </div>
    </div>
  );
}
