import type { z } from 'zod';
import type {
  apiErrorSchema,
  messageResponseSchema,
  uploadResponseSchema,
  userResponseSchema,
} from './schemas/responses';

/** What the API answers, inferred from the response schemas (schemas/responses.ts). Ids are `_id`. */
export type User = z.infer<typeof userResponseSchema>;

/** A failure's body: the message to show, and on a 500 the id the failure was logged under. */
export type ApiError = z.infer<typeof apiErrorSchema>;

export type MessageResponse = z.infer<typeof messageResponseSchema>;

export interface LoginPayload {
  email: string;
  password: string;
}

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
  /** The token of the invitation link registered through: joins its store instead of making one. */
  invitation?: string;
}

/** The register form also holds the confirmation; only RegisterPayload is sent. */
export interface RegisterForm extends RegisterPayload {
  password2: string;
}

export interface ForgotPayload {
  email: string;
}

export interface ResetPayload {
  password: string;
  password2: string;
}

export interface UpdateUserPayload {
  name: string;
  phone: string;
  bio: string;
  photo: string;
}

export interface ChangePasswordPayload {
  oldPassword: string;
  password: string;
}

export interface ChangePasswordForm extends ChangePasswordPayload {
  password2: string;
}

/** Response of the photo upload route, shaped like the third-party image host's. */
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
