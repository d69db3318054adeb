import { useEffect, useRef } from 'react';
import { announce } from '@inventory/ui';
import { useLocation } from 'react-router-dom';

/** How long a new screen may take to draw its heading (its data may still be loading). */
const HEADING_WAIT_MS = 3000;

/**
 * Whether the new screen placed the focus itself (a field, an error) — then it keeps it. The focus left behind on
 * a persisting link of the navigation (sidebar, header) or dropped to <body> with the old screen does not count.
 */
function screenHasFocus(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  const main = document.querySelector('main');
  return main !== null && main.contains(active);
}

function focusHeading(heading: HTMLElement) {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  announce(heading.textContent?.trim() || document.title);
}

/**
 * After a route change (not on the first load) the focus moves to the new screen's `<h1>` and its title is
 * announced, as a full page load would do for screen-reader and keyboard users (WCAG 2.4.3). Waits for the heading
 * when the screen draws it later, and gives up when the screen placed the focus itself or the route changes again.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    let observer: MutationObserver | undefined;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const tryFocus = (): boolean => {
      if (screenHasFocus()) return true;
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      focusHeading(heading);
      return true;
    };
    const stop = () => {
      observer?.disconnect();
      clearTimeout(timeout);
    };
    // After the frame: a closing drawer or menu hands the focus back to its button first (Radix does so on unmount).
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => {
        if (tryFocus()) return;
        observer = new MutationObserver(() => {
          if (tryFocus()) stop();
        });
        observer.observe(document.body, { childList: true, subtree: true });
        timeout = setTimeout(stop, HEADING_WAIT_MS);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [pathname]);
}
