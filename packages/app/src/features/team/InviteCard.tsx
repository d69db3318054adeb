import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, ROLE_SUMMARIES, assignableRoles, validateInvitation, type Role } from '@inventory/contract/rules';
import { Button, Card, Select, TextField } from '@inventory/ui';
import { Send } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectBusyForm, selectFormDone, selectFormErrors } from './selectors';
import { formEdited, inviteRequested } from './teamSlice';

function InviteForm({ role }: { role: Role }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectBusyForm) === 'invite';
  const serverError = useAppSelector(selectFormErrors).invite;
  const roles = assignableRoles(role);
  const [email, setEmail] = useState('');
  const [invitedRole, setInvitedRole] = useState<Role>(roles.includes('staff') ? 'staff' : (roles[0] ?? 'viewer'));
  const [emailError, setEmailError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateInvitation(email);
    setEmailError(invalid);
    if (invalid) {
      document.getElementById('invite-email')?.focus();
      return;
    }
    dispatch(inviteRequested({ email, role: invitedRole }));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <TextField
        id="invite-email"
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(null);
          if (serverError) dispatch(formEdited('invite'));
        }}
        error={emailError ?? serverError}
        wrapperClassName="min-w-64 flex-1"
      />
      <Select
        label="Role"
        name="role"
        options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        value={invitedRole}
        onChange={(event) => setInvitedRole(event.target.value as Role)}
        hint={ROLE_SUMMARIES[invitedRole]}
        wrapperClassName="w-72"
      />
      <Button type="submit" loading={busy} className="mt-7">
        {busy ? null : <Send aria-hidden="true" className="size-4" />}
        Send invitation
      </Button>
    </form>
  );
}

/** Invite by email with a role the actor may give; the invitee gets a link by mail. The form empties once sent. */
export function InviteCard({ role }: { role: Role }) {
  const done = useAppSelector(selectFormDone).invite;
  return (
    <Card title="Invite a member">
      <p className="mt-0 mb-4 text-ink-muted">They get a link by email that works for 7 days.</p>
      <InviteForm key={done} role={role} />
    </Card>
  );
}
