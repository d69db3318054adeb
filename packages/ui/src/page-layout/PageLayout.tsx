import { type ReactNode } from 'react';

export interface PageLayoutProps {
  sidebar: ReactNode;
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame: the sidebar full height on the left; on the right the header on top,
 * the scrollable `<main>` and the footer at the bottom. Below the tablet width (768 px, `md`) the sidebar is not
 * shown: the app offers it as a drawer from the header, and the content gets the full width.
 */
export function PageLayout({ sidebar, header, footer, children }: PageLayoutProps) {
  return (
    <div className="flex h-screen w-full overflow-hidden bg-surface-muted">
      <div className="hidden h-full shrink-0 md:flex">{sidebar}</div>
      <div className="flex min-w-0 flex-1 flex-col">
        {header}
        <main id="main" className="min-h-0 flex-1 overflow-y-auto p-4 md:p-6">
          {children}
        </main>
        {footer}
      </div>
    </div>
  );
}
