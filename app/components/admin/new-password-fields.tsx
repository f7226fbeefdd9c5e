/**
 * Choosing a password (accepting an invitation, resetting a forgotten one):
 * the password and its repetition, and the checks the browser can make
 * before the server applies the whole policy (a common password, say).
 */
import { NEW_PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT } from '../../../common/schemas/auth.ts';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';

export const PASSWORDS_DIFFER = 'The two passwords do not match';

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** What is wrong with the `password` and `confirm` fields of the form, or null. */
export function newPasswordProblem(form: FormData): NewPasswordErrors | null {
  const password = String(form.get('password') ?? '');
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return { password: NEW_PASSWORD_TOO_SHORT };
  if (password !== String(form.get('confirm') ?? '')) return { confirm: PASSWORDS_DIFFER };
  return null;
}

export function NewPasswordFields({
  errors,
  label,
  confirmLabel,
}: {
  errors: NewPasswordErrors;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <Field id="password" label={label} error={errors.password} hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters.`}>
        {(control) => (
          <Input
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={NEW_PASSWORD_MIN_LENGTH}
            required
          />
        )}
      </Field>
      <Field id="confirm" label={confirmLabel} error={errors.confirm}>
        {(control) => <Input {...control} name="confirm" type="password" autoComplete="new-password" required />}
      </Field>
    </>
  );
}
