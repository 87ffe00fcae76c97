import type { ComponentProps, ReactNode } from 'react';
import { Field, controlA11y } from './field';
import { Input, Textarea } from './input';

/** What the label, hint and error around a control need; `id` ties them to the control. */
export type FieldFrame = { id: string; label: string; error?: string; hint?: ReactNode; optional?: boolean };

type FormInputProps = FieldFrame & Omit<ComponentProps<'input'>, 'id'>;
type FormTextareaProps = FieldFrame & Omit<ComponentProps<'textarea'>, 'id'>;

/** A labelled Input with its hint or error; the aria wiring comes from `controlA11y`. */
export function FormInput({ id, label, error, hint, optional, ...input }: FormInputProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional}>
      <Input {...controlA11y(id, error, Boolean(hint))} {...input} />
    </Field>
  );
}

export function FormTextarea({ id, label, error, hint, optional, ...textarea }: FormTextareaProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional}>
      <Textarea {...controlA11y(id, error, Boolean(hint))} {...textarea} />
    </Field>
  );
}

// In a module of its own so that a screen with text fields only (the sign-in page) does not load Radix Select.
export { FormSelect } from './form-select';
