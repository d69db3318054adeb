import { useState } from 'react';
import { formatPercent, MESSAGES, type TaxRate } from '@inventory/contract/rules';
import { Badge, Button, Card, ConfirmDialog, DataTable, type DataTableColumn, Heading } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { rateDefaultRequested, rateDeleteRequested, rateSaveRequested, selectStoreSettingsState } from './storeSettingsSlice';
import { TaxRateForm } from './TaxRateForm';

/**
 * The store's tax rates, highest first: the default marked; owners add, edit, make one the default and delete (each
 * at the version the list shows), others read.
 */
export function TaxRatesCard({ rates, readOnly }: { rates: TaxRate[]; readOnly: boolean }) {
  const dispatch = useAppDispatch();
  const { rateBusy, rateFormDone } = useAppSelector(selectStoreSettingsState);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const edited = rates.find((rate) => rate._id === editing) ?? null;

  const columns: DataTableColumn<TaxRate>[] = [
    { key: 'name', header: 'Name', cell: (rate) => rate.name, sticky: true },
    { key: 'percent', header: 'Rate', cell: (rate) => formatPercent(rate.percent) },
    {
      key: 'default',
      header: 'Default',
      cell: (rate) =>
        rate.isDefault ? (
          <Badge tone="success">Default</Badge>
        ) : readOnly ? null : (
          <Button type="button" variant="ghost" size="sm" loading={rateBusy === rate._id} onClick={() => dispatch(rateDefaultRequested(rate))}>
            Make default<span className="sr-only"> {rate.name}</span>
          </Button>
        ),
    },
    ...(readOnly
      ? []
      : [
          {
            key: 'actions',
            header: 'Action',
            cell: (rate: TaxRate) => (
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(rate._id)}>
                  Edit<span className="sr-only"> {rate.name}</span>
                </Button>
                <Button type="button" variant="danger" size="sm" onClick={() => setDeleting(rate)}>
                  Delete<span className="sr-only"> {rate.name}</span>
                </Button>
              </div>
            ),
          },
        ]),
  ];

  return (
    <Card title="Tax rates">
      <div className="flex flex-col gap-6">
        <DataTable caption="Tax rates" columns={columns} rows={rates} getRowId={(rate) => rate._id} emptyMessage="-- No tax rate yet: add the rates your documents charge." />
        {readOnly ? (
          <p className="m-0 text-sm text-ink-muted">Only the store&apos;s owners change the tax rates.</p>
        ) : (
          <div className="flex flex-col gap-4">
            <Heading level={3}>{edited ? `Edit ${edited.name}` : 'Add a tax rate'}</Heading>
            <TaxRateForm
              key={`${edited?._id ?? 'new'}-${rateFormDone}`}
              rate={edited}
              busy={rateBusy === (edited?._id ?? 'new')}
              onSubmit={(intent) => dispatch(rateSaveRequested(intent))}
              onCancel={edited ? () => setEditing(null) : undefined}
            />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={MESSAGES.deleteTaxRateTitle}
        message={deleting ? MESSAGES.deleteTaxRateMessage(deleting.name) : ''}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => {
          if (deleting) dispatch(rateDeleteRequested(deleting));
          if (deleting?._id === editing) setEditing(null);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
