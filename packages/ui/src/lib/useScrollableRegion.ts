import { useEffect, useRef } from 'react';

/**
 * A box that scrolls sideways (a wide table on a phone) must be reachable with the keyboard, or its hidden columns
 * are out of reach (WCAG 2.1.1; axe's scrollable-region-focusable). While — and only while — its content is wider
 * than the box, the box becomes a named, focusable region, so arrow keys scroll it; otherwise it adds no tab stop.
 */
export function useScrollableRegion<T extends HTMLElement>(label: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute('tabindex', '0');
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', label);
      } else {
        box.removeAttribute('tabindex');
        box.removeAttribute('role');
        box.removeAttribute('aria-label');
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [label]);
  return ref;
}
