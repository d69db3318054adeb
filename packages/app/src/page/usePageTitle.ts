import { useEffect } from 'react';

const APP_NAME = 'Inventory';

/** Names the browser tab after the screen (WCAG 2.4.2), e.g. 'Login | Inventory'. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
