import type { FormEvent } from 'react';
import { Button, LoadingOverlay, TextField } from '@inventory/ui';
import { LogIn } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { useFormFields } from '../../forms/useFormFields';
import { safeNextPath, withNext } from '../../navigation/safeNextPath';
import { loginRequested } from '../../session/authSlice';
import { selectAuthLoading } from '../../session/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AuthLayout, AuthLink } from './AuthLayout';

/**
 * /login: email and password; the saga validates (toasts the first problem), signs in and goes to /dashboard, or to
 * `?next=` when that is a path of this app (e.g. back to an invitation). `?email=` fills in the email.
 */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector(selectAuthLoading);
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [values, onChange, fieldErrors] = useFormFields({ email: params.get('email') ?? '', password: '' }, 'login');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(loginRequested({ ...values, next }));
  };

  return (
    <AuthLayout
      title="Login"
      icon={<LogIn />}
      links={
        <>
          <AuthLink to="/">Home</AuthLink>
          <AuthLink to={next ? withNext('/register', next) : '/register'}>Register</AuthLink>
        </>
      }
    >
      {isLoading ? <LoadingOverlay label="Logging in" /> : null}
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
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={onChange}
          error={fieldErrors.password}
        />
        <div className="-mt-2 text-right text-sm">
          <AuthLink to="/forgot">Forgot Password</AuthLink>
        </div>
        <Button type="submit" fullWidth loading={isLoading}>
          Login
        </Button>
      </form>
    </AuthLayout>
  );
}
