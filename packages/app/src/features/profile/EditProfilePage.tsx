import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES, type User } from '@inventory/contract/rules';
import { Button, Card, ImageField, PageHeader, Spinner, TextArea, TextField } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { selectUser } from '../../session/selectors';
import { useFormFields } from '../../forms/useFormFields';
import { ChangePasswordCard } from './ChangePasswordCard';
import { photoProblem, photoSrc } from './photo';
import { editProfileOpened, profileSaveRequested } from './profileSlice';
import { selectProfileSaving } from './selectors';

function EditProfileForm({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectProfileSaving);
  const [values, onChange, fieldErrors] = useFormFields({ name: user.name, phone: user.phone, bio: user.bio }, 'profile');
  const [photoFile, setPhotoFile] = useState<File | null>(null);
  // Shown as soon as a file is chosen; the save saga refuses the same file again, so nothing is uploaded or saved.
  const photoError = photoFile ? (photoProblem(photoFile) ?? undefined) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(profileSaveRequested({ ...values, photo: user.photo, photoFile }));
  };

  return (
    <Card title="Profile Details">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" name="name" autoComplete="name" required value={values.name} onChange={onChange} error={fieldErrors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          value={user.email}
          disabled
          readOnly
          hint={MESSAGES.emailCannotChange}
        />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={onChange} error={fieldErrors.phone} />
        <TextArea label="Bio" name="bio" rows={5} value={values.bio} onChange={onChange} />
        <ImageField
          label="Photo"
          name="photo"
          previewUrl={photoSrc(user.photo)}
          emptyText="No photo set."
          hint="JPG, JPEG or PNG, at most 5 MB."
          error={photoError}
          onFileChange={setPhotoFile}
        />
        <div>
          <Button type="submit" loading={saving}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /edit-profile: the profile form (email fixed) and the change-password card. */
export function EditProfilePage() {
  usePageTitle('Edit Profile');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);

  // No email held (a direct visit or a reload): the saga loads the user first and goes to /profile only if none
  // can be had (see editProfileOpenedSaga). Until then a spinner, never an empty form.
  useEffect(() => {
    dispatch(editProfileOpened());
  }, [dispatch]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Edit Profile" className="mb-0" />
      {user?.email ? (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <EditProfileForm key={user._id} user={user} />
          <ChangePasswordCard />
        </div>
      ) : (
        <Spinner size="lg" label="Loading your profile" className="self-center py-10" />
      )}
    </div>
  );
}
