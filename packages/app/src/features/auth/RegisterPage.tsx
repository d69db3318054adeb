import type { FormEvent } from 'react';
import { Button, LoadingOverlay, TextField } from '@inventory/ui';
import { UserPlus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { useFormFields } from '../../forms/useFormFields';
import { safeNextPath, withNext } from '../../navigation/safeNextPath';
import { registerRequested } from '../../session/authSlice';
import { selectAuthLoading } from '../../session/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AuthLayout, AuthLink } from './AuthLayout';

/**
 * /register: name, email, password and its confirmation (password2, never sent). `?email=` fills in the email (an
 * invitation's), and `?next=` is where to go once registered (a path of this app; else /dashboard). `?invitation=` (the
 * link's token) registers into the invited store, with no store of one's own; its dashboard follows.
 */
export function RegisterPage() {
  const dispatch = useAppDispatch();
  const isLoading = useAppSelector(selectAuthLoading);
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const invitation = params.get('invitation') ?? undefined;
  const [values, onChange, fieldErrors] = useFormFields({
    name: '',
    email: params.get('email') ?? '',
    password: '',
    password2: '',
  },
  'register');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(registerRequested({ ...values, next, ...(invitation ? { invitation } : {}) }));
  };

  return (
    <AuthLayout
      title="Register"
      icon={<UserPlus />}
      links={
        <>
          <AuthLink to="/">Home</AuthLink>
          <span className="text-ink-muted">
            Already have an account? <AuthLink to={next ? withNext('/login', next) : '/login'}>Login</AuthLink>
          </span>
        </>
      }
    >
      {isLoading ? <LoadingOverlay label="Registering" /> : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          autoFocus
          value={values.name}
          onChange={onChange}
          error={fieldErrors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={onChange}
          error={fieldErrors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          required
          value={values.password}
          onChange={onChange}
          error={fieldErrors.password}
        />
        <TextField
          label="Confirm Password"
          name="password2"
          type="password"
          autoComplete="new-password"
          required
          value={values.password2}
          onChange={onChange}
          error={fieldErrors.password2}
        />
        <Button type="submit" fullWidth loading={isLoading}>
          Register
        </Button>
      </form>
    </AuthLayout>
  );
}
