import type { InvitationPreview, Store } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/** The invitation link's calls. Only sagas call these. */
const one = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

export async function previewInvitation(token: string): Promise<InvitationPreview> {
  return (await apiClient.get<InvitationPreview>(one(token))).data;
}

export async function acceptInvitation(token: string): Promise<Store> {
  return (await apiClient.post<Store>(`${one(token)}/accept`)).data;
}
