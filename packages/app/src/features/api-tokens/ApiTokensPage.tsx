import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  MESSAGES,
  ROLE_LABELS,
  ROLE_SUMMARIES,
  tokenRoles,
  validateTokenExpiry,
  type ApiToken,
  type ApiTokenCreated,
  type Role,
} from '@inventory/contract/rules';
import {
  Button,
  Card,
  ConfirmDialog,
  DataTable,
  ErrorState,
  PageHeader,
  Select,
  TextField,
  type DataTableColumn,
} from '@inventory/ui';
import { Copy, KeyRound, TriangleAlert } from 'lucide-react';
import { RelativeTime } from '../../dates/RelativeTime';
import { RequirePermission, StoresLoading } from '../../membership/RequirePermission';
import { selectActiveStore, selectRole } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { apiClient } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  createdTokenDismissed,
  formEdited,
  selectCreatedCount,
  selectCreatedToken,
  selectRevoking,
  selectTokenCreating,
  selectTokenFormError,
  selectTokens,
  selectTokensMessage,
  selectTokensStatus,
  tokenCreateRequested,
  tokenRevokeRequested,
  tokensRequested,
} from './apiTokensSlice';
import { expiryOf } from './expiry';

const EXPIRY_MESSAGES: string[] = [MESSAGES.tokenExpiryInvalid, MESSAGES.tokenExpiryPast];

/** Today as YYYY-MM-DD in the user's time zone (the date input's earliest day). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The token just made, with its secret: shown this once, with Copy and a warning. */
function CreatedToken({ created }: { created: ApiTokenCreated }) {
  const dispatch = useAppDispatch();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onCopy = () => {
    navigator.clipboard.writeText(created.token).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };
  return (
    <Card title={`New token: ${created.name}`} className="border-2 border-warning">
      <div className="flex flex-col gap-4">
        <p className="m-0 flex items-start gap-2 font-medium text-ink">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
          Copy this token now. It is not shown again: only its name, role and dates are kept.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label="Token"
            name="token"
            readOnly
            value={created.token}
            onFocus={(event) => event.target.select()}
            className="font-mono text-sm"
            wrapperClassName="min-w-80 flex-1"
          />
          <Button onClick={onCopy}>
            <Copy aria-hidden="true" className="size-4" />
            Copy
          </Button>
          <Button variant="secondary" onClick={() => dispatch(createdTokenDismissed())}>
            Done
          </Button>
        </div>
        <p role="status" className="m-0 min-h-5 text-sm text-ink-muted">
          {copy === 'copied'
            ? 'Copied to the clipboard.'
            : copy === 'failed'
              ? 'Could not copy: select the token and copy it yourself.'
              : ''}
        </p>
        <p className="m-0 text-sm text-ink-muted">
          Send it as <code className="rounded bg-surface-sunken px-1">Authorization: Bearer &lt;token&gt;</code>. It
          acts as {ROLE_LABELS[created.role]} on this store.
        </p>
      </div>
    </Card>
  );
}

function CreateTokenForm({ role }: { role: Role }) {
  const dispatch = useAppDispatch();
  const creating = useAppSelector(selectTokenCreating);
  const serverError = useAppSelector(selectTokenFormError);
  const roles = tokenRoles(role);
  const [name, setName] = useState('');
  const [tokenRole, setTokenRole] = useState<Role>(roles.includes('viewer') ? 'viewer' : (roles[0] ?? 'viewer'));
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<{ name?: string; expiresOn?: string }>({});
  const edited = () => {
    if (serverError) dispatch(formEdited());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim() === '' ? MESSAGES.tokenNameRequired : undefined,
      expiresOn: validateTokenExpiry(expiryOf(expiresOn), new Date()) ?? undefined,
    };
    setErrors(found);
    if (found.name || found.expiresOn) {
      document.getElementById(found.name ? 'token-name' : 'token-expires')?.focus();
      return;
    }
    dispatch(tokenCreateRequested({ name, role: tokenRole, expiresOn }));
  };

  const expiryServerError = serverError && EXPIRY_MESSAGES.includes(serverError) ? serverError : undefined;
  const nameServerError = serverError && !expiryServerError ? serverError : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <TextField
        id="token-name"
        label="Token name"
        name="tokenName"
        required
        autoComplete="off"
        hint="What uses it, e.g. Stock sync."
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
          edited();
        }}
        error={errors.name ?? nameServerError}
        wrapperClassName="min-w-56 flex-1"
      />
      <Select
        label="Role"
        name="tokenRole"
        options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        value={tokenRole}
        onChange={(event) => setTokenRole(event.target.value as Role)}
        hint={ROLE_SUMMARIES[tokenRole]}
        wrapperClassName="w-64"
      />
      <TextField
        id="token-expires"
        label="Expires on (optional)"
        name="expiresOn"
        type="date"
        min={today()}
        hint="Empty: it works until revoked."
        value={expiresOn}
        onChange={(event) => {
          setExpiresOn(event.target.value);
          setErrors((current) => ({ ...current, expiresOn: undefined }));
          edited();
        }}
        error={errors.expiresOn ?? expiryServerError}
        wrapperClassName="w-52"
      />
      <Button type="submit" loading={creating} className="mt-7">
        {creating ? null : <KeyRound aria-hidden="true" className="size-4" />}
        Create token
      </Button>
    </form>
  );
}

function TokensTable() {
  const dispatch = useAppDispatch();
  const tokens = useAppSelector(selectTokens);
  const status = useAppSelector(selectTokensStatus);
  const message = useAppSelector(selectTokensMessage);
  const revoking = useAppSelector(selectRevoking);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);

  const columns = useMemo<DataTableColumn<ApiToken>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        sticky: true,
        cell: (token) => <span className="font-medium">{token.name}</span>,
      },
      { key: 'role', header: 'Role', cell: (token) => ROLE_LABELS[token.role] },
      { key: 'by', header: 'Created by', cell: (token) => token.createdBy },
      { key: 'created', header: 'Created', cell: (token) => <RelativeTime iso={token.createdAt} /> },
      { key: 'expires', header: 'Expires', cell: (token) => <RelativeTime iso={token.expiresAt} fallback="Never" /> },
      { key: 'used', header: 'Last used', cell: (token) => <RelativeTime iso={token.lastUsedAt} fallback="Never" /> },
      {
        key: 'action',
        header: <span className="sr-only">Action</span>,
        cell: (token) => (
          <Button
            variant="ghost"
            size="sm"
            className="text-danger hover:bg-danger-soft"
            aria-label={`Revoke ${token.name}`}
            loading={revoking === token._id}
            onClick={() => setToRevoke(token)}
          >
            Revoke
          </Button>
        ),
      },
    ],
    [revoking],
  );

  return (
    <Card title="Tokens">
      {status === 'failed' ? (
        <ErrorState message={message} onRetry={() => dispatch(tokensRequested())} />
      ) : (
        <DataTable
          columns={columns}
          rows={tokens}
          getRowId={(token) => token._id}
          loading={status !== 'loaded'}
          emptyMessage="No API tokens yet."
          pageSize={50}
          caption="API tokens"
        />
      )}
      <ConfirmDialog
        open={toRevoke !== null}
        title={`Revoke ${toRevoke?.name ?? ''}?`}
        message="Scripts using this token stop working at once. This cannot be undone."
        confirmLabel="Revoke"
        tone="danger"
        onCancel={() => setToRevoke(null)}
        onConfirm={() => {
          if (toRevoke) dispatch(tokenRevokeRequested(toRevoke._id));
          setToRevoke(null);
        }}
      />
    </Card>
  );
}

function ApiTokensScreen({ role }: { role: Role }) {
  const dispatch = useAppDispatch();
  const created = useAppSelector(selectCreatedToken);
  const createdCount = useAppSelector(selectCreatedCount);
  const store = useAppSelector(selectActiveStore);
  useEffect(() => {
    dispatch(tokensRequested());
  }, [dispatch, store?._id]);
  // The secret is shown on this visit only.
  useEffect(() => () => void dispatch(createdTokenDismissed()), [dispatch]);

  return (
    <div className="flex flex-col gap-6">
      {created ? <CreatedToken created={created} /> : null}
      <Card title="Create a token">
        <CreateTokenForm key={createdCount} role={role} />
      </Card>
      <TokensTable />
    </div>
  );
}

/** /api-tokens (owners): the active store's tokens, a form to make one (its secret shown once), and revoke. */
/** Where the API's reference lives (on the API's origin), and a first request to try a token with. */
function ApiReference() {
  const base = apiClient.defaults.baseURL || window.location.origin;
  return (
    <Card title="Using a token">
      <div className="flex flex-col gap-3 text-sm text-ink">
        <p className="m-0">
          Send it as a bearer token. Every call, its parameters and answers are in the{' '}
          <a href={`${base}/api/docs`} className="font-medium text-brand-700 underline">
            API reference
          </a>
          .
        </p>
        {/* Focusable: on a phone the line scrolls sideways, and a keyboard must be able to scroll it. */}
        <pre tabIndex={0} aria-label="Example request" className="m-0 overflow-x-auto rounded-md bg-surface-sunken p-3 text-xs">
          <code>{`curl -H "Authorization: Bearer <your token>" "${base}/api/products?limit=20"`}</code>
        </pre>
      </div>
    </Card>
  );
}

export function ApiTokensPage() {
  usePageTitle('API Tokens');
  const role = useAppSelector(selectRole);
  const store = useAppSelector(selectActiveStore);
  return (
    <div>
      <PageHeader
        title="API Tokens"
        description={
          store
            ? `Scripts and other programs use a token instead of signing in. A token works on ${store.name} with its own role.`
            : undefined
        }
      />
      <RequirePermission permission="tokens:manage">
        {role ? <ApiTokensScreen role={role} /> : <StoresLoading />}
        <div className="mt-6">
          <ApiReference />
        </div>
      </RequirePermission>
    </div>
  );
}
