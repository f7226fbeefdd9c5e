/**
 * The e-mail address of a public form (contact, newsletter, sponsored post).
 * Each form keeps its own id, label and field name, which its error summary
 * and posted data use.
 */
import type { ReactNode } from 'react';
import { Field } from './ui/field.tsx';
import { Input } from './ui/input.tsx';

export function EmailField({
  id,
  label,
  name = 'email',
  error,
  defaultValue,
  required,
  className,
  inputClassName,
}: {
  id: string;
  label: ReactNode;
  name?: string;
  error?: string | undefined;
  defaultValue?: string | undefined;
  required?: boolean;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type="email"
          required={required}
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={defaultValue}
          className={inputClassName}
        />
      )}
    </Field>
  );
}
