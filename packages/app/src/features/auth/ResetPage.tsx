import type { FormEvent } from 'react';
import { Button, LoadingOverlay, TextField } from '@inventory/ui';
import { KeyRound } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { useFormFields } from '../../forms/useFormFields';
import { resetRequested } from '../../session/authSlice';
import { selectAuthLoading } from '../../session/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AuthLayout, AuthLink } from './AuthLayout';

/** /resetpassword/:resetToken: a new password and its confirmation; on success the saga goes to /login. */
export function ResetPage() {
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector(selectAuthLoading);
  const { resetToken = '' } = useParams();
  const [values, onChange, fieldErrors] = useFormFields({ password: '', password2: '' }, 'reset');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(resetRequested({ resetToken, ...values }));
  };

  return (
    <AuthLayout
      title="Reset Password"
      icon={<KeyRound />}
      links={
        <>
          <AuthLink to="/">Home</AuthLink>
          <AuthLink to="/login">Login</AuthLink>
        </>
      }
    >
      {isLoading ? <LoadingOverlay label="Resetting your password" /> : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          required
          autoFocus
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
        <Button type="submit" fullWidth loading={isLoading}>
          Reset Password
        </Button>
      </form>
    </AuthLayout>
  );
}
