import type { ReactNode } from 'react';
import { Heading } from '@inventory/ui';
import { Link, type LinkProps } from 'react-router-dom';
import { usePageTitle } from '../../page/usePageTitle';

export interface AuthLayoutProps {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  /** Links under the form (Home, Login, Register...). */
  links: ReactNode;
}

/** The public forms' frame: a centred card with an icon, the page's h1, the form and its links. */
export function AuthLayout({ title, icon, children, links }: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-surface-muted p-4">
      <div className="w-full max-w-md rounded-lg bg-surface p-8 shadow-card">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span
            aria-hidden="true"
            className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-6"
          >
            {icon}
          </span>
          <Heading level={1}>{title}</Heading>
        </div>
        {children}
        <nav aria-label={`${title} links`} className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
          {links}
        </nav>
      </div>
    </main>
  );
}

/** A text link in the auth cards. */
export function AuthLink(props: LinkProps) {
  return (
    <Link
      {...props}
      className="rounded font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    />
  );
}
