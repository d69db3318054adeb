import type { FormEvent } from 'react';
import { Button, Card, TextField } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useFormFields } from '../../forms/useFormFields';
import { passwordChangeRequested } from './profileSlice';
import { selectChangingPassword } from './selectors';

/** The change-password card of /edit-profile: old, new and confirm; the saga validates, calls and toasts. */
export function ChangePasswordCard() {
  const dispatch = useAppDispatch();
  const changing = useAppSelector(selectChangingPassword);
  const [values, onChange, fieldErrors] = useFormFields({ oldPassword: '', password: '', password2: '' }, 'changePassword');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(passwordChangeRequested(values));
  };

  return (
    <Card title="Change Password">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Old Password"
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          required
          value={values.oldPassword}
          onChange={onChange}
          error={fieldErrors.oldPassword}
        />
        <TextField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={onChange}
          error={fieldErrors.password}
        />
        <TextField
          label="Confirm New Password"
          name="password2"
          type="password"
          autoComplete="new-password"
          required
          value={values.password2}
          onChange={onChange}
          error={fieldErrors.password2}
        />
        <div>
          <Button type="submit" loading={changing}>
            Change Password
          </Button>
        </div>
      </form>
    </Card>
  );
}
