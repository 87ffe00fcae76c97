import type { ComponentProps } from 'react';
import { Field, controlA11y } from './field';
import type { FieldFrame } from './form-field';
import { SelectField } from './select';

type FormSelectProps = FieldFrame & Omit<ComponentProps<typeof SelectField>, 'id'>;

export function FormSelect({ id, label, error, hint, optional, ...select }: FormSelectProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional}>
      <SelectField {...controlA11y(id, error, Boolean(hint))} {...select} />
    </Field>
  );
}
