import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, ROLE_SUMMARIES, can, type Role, type StoreListItem } from '@inventory/contract/rules';
import { Button, Card, ConfirmDialog, TextField } from '@inventory/ui';
import { Trash2 } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectBusyForm, selectFormDone, selectFormErrors, selectLeaving } from './selectors';
import { formEdited, storeDeleteRequested, storeRenameRequested } from './teamSlice';

function RenameForm({ store }: { store: StoreListItem }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectBusyForm) === 'rename';
  const error = useAppSelector(selectFormErrors).rename;
  const [name, setName] = useState(store.name);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(storeRenameRequested(name));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <TextField
        label="Store name"
        name="storeName"
        required
        autoComplete="organization"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (error) dispatch(formEdited('rename'));
        }}
        error={error}
        wrapperClassName="min-w-64 flex-1"
      />
      <Button type="submit" loading={busy} className="mt-7">
        Save name
      </Button>
    </form>
  );
}

/** The active store: its name (owners rename it), your role and what it allows, and (owners) deleting the store. */
export function StoreCard({ store, role }: { store: StoreListItem; role: Role }) {
  const dispatch = useAppDispatch();
  const done = useAppSelector(selectFormDone).rename;
  const leaving = useAppSelector(selectLeaving);
  const [confirming, setConfirming] = useState(false);
  const owner = can(role, 'store:manage');

  return (
    <Card title="Store">
      <div className="flex flex-col gap-4">
        {owner ? (
          <RenameForm key={`${store._id}-${done}`} store={store} />
        ) : (
          <p className="m-0 text-ink">
            <span className="font-semibold">Store name:</span> {store.name}
          </p>
        )}
        <p className="m-0 text-ink">
          <span className="font-semibold">Your role:</span> {ROLE_LABELS[role]}{' '}
          <span className="text-ink-muted">({ROLE_SUMMARIES[role]})</span>
        </p>
        {owner ? (
          <div>
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)} loading={leaving}>
              {leaving ? null : <Trash2 aria-hidden="true" className="size-4" />}
              Delete store
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${store.name}?`}
        message="This deletes the store with all its products, orders, images, invitations and API tokens, for every member. It cannot be undone."
        confirmLabel="Delete store"
        tone="danger"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          dispatch(storeDeleteRequested());
        }}
      />
    </Card>
  );
}
