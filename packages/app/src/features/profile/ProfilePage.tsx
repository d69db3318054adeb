import { useCallback, useEffect } from 'react';
import { MESSAGES, type User } from '@inventory/contract/rules';
import { Avatar, Card, ErrorState, PageHeader, Spinner, buttonVariants } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { selectUser } from '../../session/selectors';
import { photoSrc } from './photo';
import { profileRequested } from './profileSlice';
import { selectProfileLoad } from './selectors';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
      <dt className="w-20 shrink-0 font-semibold text-ink">{label}</dt>
      <dd className="m-0 break-words text-ink-muted">{value.trim() ? value : 'Not set'}</dd>
    </div>
  );
}

function ProfileCard({ user }: { user: User }) {
  return (
    <Card>
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <Avatar name={user.name} src={photoSrc(user.photo)} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <dl className="m-0 flex flex-col gap-3">
            <Detail label="Name" value={user.name} />
            <Detail label="Email" value={user.email} />
            <Detail label="Phone" value={user.phone} />
            <Detail label="Bio" value={user.bio} />
          </dl>
          <div>
            <Link to="/edit-profile" className={buttonVariants()}>
              Edit Profile
            </Link>
          </div>
        </div>
      </div>
    </Card>
  );
}

/** /profile: the user's photo, name, email, phone and bio, loaded on open, with an Edit Profile link. */
export function ProfilePage() {
  usePageTitle('Profile');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const load = useAppSelector(selectProfileLoad);
  const reload = useCallback(() => dispatch(profileRequested()), [dispatch]);

  useEffect(() => {
    reload();
  }, [reload]);

  let body;
  if (load === 'failed') body = <ErrorState message={MESSAGES.profileLoadFailed} onRetry={reload} />;
  // A user already held shows at once while it is refreshed.
  else if (!user) body = <Spinner size="lg" label="Loading your profile" className="self-center py-10" />;
  else body = <ProfileCard user={user} />;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title="Profile" className="mb-0" />
      {body}
    </div>
  );
}
