/**
 * One polite live region for the whole page, made on first use and kept: screen readers only announce changes to a
 * region they already know, so the text is set a moment after the region exists (and cleared first, so the same
 * message twice is read twice).
 */
const REGION_ID = 'ds-announcer';
const SETTLE_MS = 100;

let pending: ReturnType<typeof setTimeout> | undefined;

function liveRegion(): HTMLElement {
  const existing = document.getElementById(REGION_ID);
  if (existing) return existing;
  const region = document.createElement('div');
  region.id = REGION_ID;
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  // The visually hidden pattern (as VisuallyHidden): read, never seen.
  region.style.cssText =
    'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0';
  document.body.append(region);
  return region;
}

/** Reads `message` to screen-reader users without moving focus (page titles after navigation, progress). */
export function announce(message: string): void {
  if (typeof document === 'undefined') return;
  const region = liveRegion();
  region.textContent = '';
  clearTimeout(pending);
  pending = setTimeout(() => {
    region.textContent = message;
  }, SETTLE_MS);
}
