import { buttonVariants, Heading } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../page/usePageTitle';

/** Unknown paths: a short message and a way home. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 bg-surface-muted p-6 text-center">
      <Heading level={1}>Page not found</Heading>
      <p className="text-ink-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonVariants({ variant: 'primary' })}>
        Go to the home page
      </Link>
    </main>
  );
}
