import { useState, type FormEvent } from 'react';
import { Button, Card, TextField } from '@inventory/ui';
import { Plus } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectBusyForm, selectFormDone, selectFormErrors } from './selectors';
import { formEdited, storeCreateRequested } from './teamSlice';

function CreateStoreForm() {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectBusyForm) === 'create';
  const error = useAppSelector(selectFormErrors).create;
  const [name, setName] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(storeCreateRequested(name));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <TextField
        label="New store name"
        name="newStoreName"
        required
        autoComplete="off"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (error) dispatch(formEdited('create'));
        }}
        error={error}
        wrapperClassName="min-w-64 flex-1"
      />
      <Button type="submit" variant="secondary" loading={busy} className="mt-7">
        {busy ? null : <Plus aria-hidden="true" className="size-4" />}
        Create store
      </Button>
    </form>
  );
}

/** A new store of your own: it starts empty, you are its owner, and it becomes your active store. */
export function CreateStoreCard() {
  const done = useAppSelector(selectFormDone).create;
  return (
    <Card title="Create a store">
      <p className="mt-0 mb-4 text-ink-muted">
        A new store starts empty, with you as its owner, and becomes your active store. Switch between your stores in
        the header.
      </p>
      <CreateStoreForm key={done} />
    </Card>
  );
}
