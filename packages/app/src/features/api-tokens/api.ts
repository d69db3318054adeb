import type { ApiToken, ApiTokenCreated, MessageResponse, TokenCreateBody } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/** The active store's API tokens (owners). Only sagas call these. */
const TOKENS = '/api/stores/active/tokens';

export async function getTokens(): Promise<ApiToken[]> {
  return (await apiClient.get<ApiToken[]>(TOKENS)).data;
}

export async function createToken(body: TokenCreateBody): Promise<ApiTokenCreated> {
  return (await apiClient.post<ApiTokenCreated>(TOKENS, body)).data;
}

export async function revokeToken(id: string): Promise<MessageResponse> {
  return (await apiClient.delete<MessageResponse>(`${TOKENS}/${encodeURIComponent(id)}`)).data;
}
