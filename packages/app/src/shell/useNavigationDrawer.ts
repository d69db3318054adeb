import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** The width from which the sidebar is shown beside the content (tailwind's `md`); below it, the drawer. */
const TABLET_QUERY = '(min-width: 768px)';

/**
 * Whether the navigation drawer is open. It closes on navigation (a link in it was followed) and when the window
 * grows to the tablet width, where the drawer's menu button is hidden and the sidebar shows instead.
 */
export function useNavigationDrawer() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    // Adjusted during render, so the drawer never shows over the new page.
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    const tablet = window.matchMedia(TABLET_QUERY);
    const onChange = () => {
      if (tablet.matches) setOpen(false);
    };
    tablet.addEventListener('change', onChange);
    return () => tablet.removeEventListener('change', onChange);
  }, []);

  return { open, setOpen };
}
