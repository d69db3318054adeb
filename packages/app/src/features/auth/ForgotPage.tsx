import type { FormEvent } from 'react';
import { Button, LoadingOverlay, TextField } from '@inventory/ui';
import { Mail } from 'lucide-react';
import { useFormFields } from '../../forms/useFormFields';
import { forgotRequested } from '../../session/authSlice';
import { selectAuthLoading } from '../../session/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AuthLayout, AuthLink } from './AuthLayout';

/** /forgot: asks for a reset mail; the server's answer is toasted. */
export function ForgotPage() {
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector(selectAuthLoading);
  const [values, onChange, fieldErrors] = useFormFields({ email: '' }, 'forgot');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(forgotRequested(values));
  };

  return (
    <AuthLayout
      title="Forgot Password"
      icon={<Mail />}
      links={
        <>
          <AuthLink to="/">Home</AuthLink>
          <AuthLink to="/login">Login</AuthLink>
        </>
      }
    >
      {isLoading ? <LoadingOverlay label="Sending the reset email" /> : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          value={values.email}
          onChange={onChange}
          error={fieldErrors.email}
        />
        <Button type="submit" fullWidth loading={isLoading}>
          Get Reset Email
        </Button>
      </form>
    </AuthLayout>
  );
}
