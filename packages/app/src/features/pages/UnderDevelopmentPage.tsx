import { MESSAGES } from '@inventory/contract/rules';
import { Card, EmptyState, PageHeader } from '@inventory/ui';
import { Construction } from 'lucide-react';
import { usePageTitle } from '../../page/usePageTitle';

/** A signed-in screen that only says it is under development. */
export function UnderDevelopmentPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} className="mb-0" />
      <Card>
        <EmptyState message={MESSAGES.underDevelopment} icon={<Construction />} />
      </Card>
    </div>
  );
}

/** /invoices */
export function InvoicesPage() {
  return <UnderDevelopmentPage title="Invoices" />;
}
