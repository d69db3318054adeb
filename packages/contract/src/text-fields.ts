import { isValidEmail } from './email';
import { MESSAGES } from './messages';
import { hasDirectionControls, isBlank, singleLineProblem } from './validation';

/**
 * The rules of a form of text fields kept as a record of a store (a customer, a supplier): each field trimmed, with a
 * longest length; single-line fields hold no control or text-direction characters, multi-line ones (an address,
 * notes) no control characters but line breaks and tabs; one field must not be blank; an email field, when given, is
 * an email (the account's rule). Each record's module declares its fields once and runs these.
 */
export interface TextFieldsDeclaration<K extends string> {
  /** The fields in the form's order (errors are reported in it). */
  keys: readonly K[];
  /** How each field is named to people (messages, a CSV's header row, the form's labels). */
  labels: Record<K, string>;
  limits: Record<K, number>;
  /** Fields that may hold line breaks; the others are single-line fields. */
  multiline: ReadonlySet<K>;
  /** The field that must not be blank, and the message when it is. */
  required: { key: K; message: string };
  /** The field that holds an email when given. */
  email?: K;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * The rule of a text that may span lines (an address, notes): line breaks and tabs pass, other control characters
 * and text-direction controls do not. The message naming the field, or null.
 */
export function multiLineProblem(field: string, value: string): string | null {
  if (CONTROL_BUT_LINE_BREAKS.test(value)) return MESSAGES.controlCharactersInText(field);
  if (hasDirectionControls(value)) return MESSAGES.directionControls(field);
  return null;
}

/** A field as it is kept: trimmed; a multi-line one with its lines' line endings as `\n`. */
export function textFieldValue(multiline: boolean, value: string | undefined | null): string {
  const text = (value ?? '').trim();
  return multiline ? text.replace(/\r\n?/g, '\n') : text;
}

/** Every field of a form as kept ('' for one not given). */
export function textFieldValues<K extends string>(declaration: TextFieldsDeclaration<K>, fields: Partial<Record<K, string>>): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const key of declaration.keys) values[key] = textFieldValue(declaration.multiline.has(key), fields[key]);
  return values;
}

/**
 * The form's rules, an error per field in the form's order. `presentOnly`: an edit's fields, where a field left out
 * keeps its value (which passed these rules) and is not checked.
 */
export function textFieldErrors<K extends string>(
  declaration: TextFieldsDeclaration<K>,
  fields: Partial<Record<K, string>>,
  { presentOnly = false } = {},
): Partial<Record<K, string>> {
  const values = textFieldValues(declaration, fields);
  const errors: Partial<Record<K, string>> = {};
  for (const key of declaration.keys) {
    if (presentOnly && fields[key] === undefined) continue;
    const value = values[key];
    const label = declaration.labels[key];
    if (key === declaration.required.key && isBlank(value)) {
      errors[key] = declaration.required.message;
      continue;
    }
    const problem = declaration.multiline.has(key) ? multiLineProblem(label, value) : singleLineProblem(label, value);
    if (problem) errors[key] = problem;
    else if (value.length > declaration.limits[key]) errors[key] = MESSAGES.fieldTooLong(label, declaration.limits[key]);
    else if (key === declaration.email && value !== '' && !isValidEmail(value)) errors[key] = MESSAGES.invalidEmail;
  }
  return errors;
}

/** The messages each field of a form answers for its own rules (fieldOfMessage puts them under the field). */
export function textFieldMessages<K extends string>(declaration: TextFieldsDeclaration<K>, key: K): string[] {
  const label = declaration.labels[key];
  const lines = declaration.multiline.has(key) ? MESSAGES.controlCharactersInText(label) : MESSAGES.controlCharacters(label);
  return [MESSAGES.fieldTooLong(label, declaration.limits[key]), lines, MESSAGES.directionControls(label), MESSAGES.textRequired(label)];
}
