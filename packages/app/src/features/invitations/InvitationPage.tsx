import { useEffect } from 'react';
import { INVITATION_PATH, ROLE_LABELS, ROLE_SUMMARIES } from '@inventory/contract/rules';
import { Button, buttonVariants, ErrorState, Heading, Spinner } from '@inventory/ui';
import { LogIn, MailOpen, UserPlus } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { RelativeTime } from '../../dates/RelativeTime';
import { withNext } from '../../navigation/safeNextPath';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { invitationAcceptRequested, invitationRequested, selectInvitation } from './invitationSlice';

function InvitationBody({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const { preview, status, signedIn, message, joining, joinRefused } = useAppSelector(selectInvitation);
  const here = `${INVITATION_PATH}/${token}`;

  if (status === 'invalid' || status === 'failed') {
    return (
      <div className="flex flex-col gap-4">
        <ErrorState
          message={message}
          onRetry={status === 'failed' ? () => dispatch(invitationRequested(token)) : undefined}
        />
        <Link to="/" className={buttonVariants({ variant: 'secondary' })}>
          Go to the home page
        </Link>
      </div>
    );
  }
  if (status !== 'loaded' || !preview) {
    return (
      <div className="flex justify-center py-8">
        <Spinner size="lg" label="Loading the invitation" />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="m-0 text-lg text-ink">
        <strong>{preview.invitedBy}</strong> invited you to join <strong>{preview.storeName}</strong> as{' '}
        <strong>{ROLE_LABELS[preview.role]}</strong>.
      </p>
      <dl className="m-0 flex flex-col gap-1 text-sm text-ink-muted">
        <div>
          <dt className="inline font-semibold text-ink">{ROLE_LABELS[preview.role]}: </dt>
          <dd className="inline">{ROLE_SUMMARIES[preview.role]}</dd>
        </div>
        <div>
          <dt className="inline font-semibold text-ink">For: </dt>
          <dd className="inline">{preview.email}</dd>
        </div>
        <div>
          <dt className="inline font-semibold text-ink">Expires: </dt>
          <dd className="inline">
            <RelativeTime iso={preview.expiresAt} />
          </dd>
        </div>
      </dl>
      {joinRefused ? (
        <p role="alert" className="m-0 rounded-md bg-danger-soft px-4 py-3 font-medium text-danger">
          {message}
        </p>
      ) : null}
      {signedIn ? (
        <Button size="lg" fullWidth loading={joining} onClick={() => dispatch(invitationAcceptRequested(token))}>
          Join {preview.storeName}
        </Button>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="m-0 text-ink">Register or sign in with {preview.email} to join; you come back here after.</p>
          <Link
            to={withNext('/register', here, { email: preview.email, invitation: token })}
            className={buttonVariants({ size: 'lg' })}
          >
            <UserPlus aria-hidden="true" className="size-5" />
            Register
          </Link>
          <Link
            to={withNext('/login', here, { email: preview.email })}
            className={buttonVariants({ variant: 'secondary', size: 'lg' })}
          >
            <LogIn aria-hidden="true" className="size-5" />
            Sign in
          </Link>
        </div>
      )}
    </div>
  );
}

/**
 * /invitations/:token (public): what the mailed link offers. Signed out: Register (the email filled in) or Sign in,
 * both coming back here. Signed in: Join, which makes the store your active one and opens its dashboard. A link that
 * is unknown, used, revoked or expired says so with the server's words.
 */
export function InvitationPage() {
  usePageTitle('Invitation');
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  useEffect(() => {
    dispatch(invitationRequested(token));
  }, [dispatch, token]);

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-surface-muted p-4">
      <div className="w-full max-w-lg rounded-lg bg-surface p-8 shadow-card">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span
            aria-hidden="true"
            className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-6"
          >
            <MailOpen />
          </span>
          <Heading level={1}>Invitation</Heading>
        </div>
        <InvitationBody token={token} />
      </div>
    </main>
  );
}
