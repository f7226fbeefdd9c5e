/**
 * The code of an authenticator app, wherever one is asked for: the second
 * step of signing in, turning two-factor on, making new recovery codes.
 */
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';

export function TotpCodeField({ id, autoFocus }: { id: string; autoFocus?: boolean }) {
  return (
    <Field id={id} label="Authentication code">
      {(control) => (
        <Input
          {...control}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          // Apps show the six digits in two groups; the space typed between them is allowed.
          pattern="[0-9 ]*"
          maxLength={7}
          autoFocus={autoFocus}
          required
        />
      )}
    </Field>
  );
}
