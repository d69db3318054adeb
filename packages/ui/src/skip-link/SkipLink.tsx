import type { MouseEvent } from 'react';
import { cn } from '../lib/cn';

export interface SkipLinkProps {
  /** The id of the page's main content (`<main id="main">`). */
  targetId?: string;
  label?: string;
  className?: string;
}

/**
 * "Skip to content": the first thing Tab reaches, hidden until focused (WCAG 2.4.1). It moves the focus itself, not
 * only the scroll position, so the next Tab continues inside the content (a client-side router owns the URL hash).
 */
export function SkipLink({ targetId = 'main', label = 'Skip to content', className }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId) ?? document.querySelector('main');
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      className={cn(
        'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100]',
        'focus:rounded focus:bg-surface focus:px-4 focus:py-3 focus:font-medium focus:text-brand-700 focus:underline focus:shadow-raised',
        className,
      )}
    >
      {label}
    </a>
  );
}
