import type {
  ForgotPayload,
  LoginPayload,
  MessageResponse,
  RegisterPayload,
  ResetPayload,
  User,
} from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/** The calls of the signed-out pages. Each returns the response body; only sagas call these. */
const USERS = '/api/users';

export async function register(payload: RegisterPayload): Promise<User> {
  return (await apiClient.post<User>(`${USERS}/register`, payload)).data;
}

export async function login(payload: LoginPayload): Promise<User> {
  return (await apiClient.post<User>(`${USERS}/login`, payload)).data;
}

export async function forgotPassword(payload: ForgotPayload): Promise<MessageResponse> {
  return (await apiClient.post<MessageResponse>(`${USERS}/forgotpassword`, payload)).data;
}

export async function resetPassword(resetToken: string, payload: ResetPayload): Promise<MessageResponse> {
  const path = `${USERS}/resetpassword/${encodeURIComponent(resetToken)}`;
  return (await apiClient.put<MessageResponse>(path, payload)).data;
}
