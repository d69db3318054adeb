import { Card, Heading } from '@inventory/ui';
import { usePageTitle } from '../../app/usePageTitle';

export interface PlaceholderPageProps {
  title: string;
  /** What the page says for now; screens of later issues replace these pages. */
  note?: string;
}

/** A signed-in page with its title only (or the spec's 'under development' note). */
export function PlaceholderPage({ title, note }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <div className="flex flex-col gap-6">
      <Heading level={1}>{title}</Heading>
      {note ? (
        <Card>
          <p className="text-ink-muted">{note}</p>
        </Card>
      ) : null}
    </div>
  );
}
