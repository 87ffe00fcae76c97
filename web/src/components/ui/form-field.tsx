import type { ComponentProps, ReactNode } from 'react';
import { Field, controlA11y } from './field';
import { Input, Textarea } from './input';
import { SelectField } from './select';

/** What the label, hint and error around a control need; `id` ties them to the control. */
type FieldFrame = { id: string; label: string; error?: string; hint?: ReactNode; optional?: boolean };

type FormInputProps = FieldFrame & Omit<ComponentProps<'input'>, 'id'>;
type FormTextareaProps = FieldFrame & Omit<ComponentProps<'textarea'>, 'id'>;
type FormSelectProps = FieldFrame & Omit<ComponentProps<typeof SelectField>, 'id'>;

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

export function FormSelect({ id, label, error, hint, optional, ...select }: FormSelectProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional}>
      <SelectField {...controlA11y(id, error, Boolean(hint))} {...select} />
    </Field>
  );
}
