import { formatAbsolute, formatRelative } from './formatRelative';

/** A `<time>` that reads relative ('3 days ago') and carries the exact time as its tooltip and datetime. */
export function RelativeTime({ iso, fallback = '' }: { iso: string | null | undefined; fallback?: string }) {
  if (!iso) return <>{fallback}</>;
  return (
    <time dateTime={iso} title={formatAbsolute(iso)}>
      {formatRelative(iso)}
    </time>
  );
}
