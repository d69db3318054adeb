import { Spinner } from '@inventory/ui';

/** Centered spinner for whole-page waits: the first route load and the protected routes' session check. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-surface-muted">
      <Spinner size="lg" label={label} />
    </main>
  );
}
