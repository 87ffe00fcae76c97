import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContactInfo, ContactInfoResponse } from '@shop/contracts';
import { ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormInput, FormTextarea } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useInvalidFieldFocus } from '@/components/ui/use-invalid-field-focus';
import { toast, toastError } from '@/components/toast/use-toast';
import { contactInfoQueryOptions } from '../api/get-contact-info';
import { useUpdateContactInfo } from '../api/update-contact-info';
import {
  CONTACT_FIELDS,
  CONTACT_FIELD_ORDER,
  EMPTY_CONTACT,
  validateContact,
  type ContactField,
} from '../utils/contact-fields';

type ContactEditDialogProps = {
  open: boolean;
  field: ContactField;
  /** The saved details; null until set, when every field has to be filled in at once. */
  contact: ContactInfoResponse | null;
  /** The password the gate verified; sent with the save, which the server checks again. */
  password: string;
  onClose: () => void;
};

export function ContactEditDialog({ open, field, contact, password, onClose }: ContactEditDialogProps) {
  const label = CONTACT_FIELDS[field].label;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="contact-edit-dialog" data-field={field} focusFirstField>
        <DialogHeader>
          <DialogTitle>{contact ? `Edit ${label}` : 'Set Contact Information'}</DialogTitle>
          <DialogDescription>
            {contact
              ? `Update the shop's ${field === 'whatsapp' ? label : label.toLowerCase()} shown to customers and on receipts.`
              : 'No contact details are saved yet: fill in all four to save them.'}
          </DialogDescription>
        </DialogHeader>
        <ContactEditForm field={field} contact={contact} password={password} onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

const fieldsOf = (contact: ContactInfoResponse | null): ContactInfo =>
  contact
    ? { email: contact.email, phone: contact.phone, whatsapp: contact.whatsapp, address: contact.address }
    : EMPTY_CONTACT;

function ContactEditForm({ field, contact, password, onClose }: Omit<ContactEditDialogProps, 'open'>) {
  const [values, setValues] = useState<ContactInfo>(() => fieldsOf(contact));
  // What the edit is made to: the server saves only the fields changed from it, so another manager's
  // save meanwhile is kept; an edit of a field they changed too is refused (409) and said under it.
  const [basedOn, setBasedOn] = useState<ContactInfo>(() => fieldsOf(contact));
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const update = useUpdateContactInfo();
  const queryClient = useQueryClient();
  const invalidFocus = useInvalidFieldFocus();
  const shown = contact ? [field] : CONTACT_FIELD_ORDER;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(CONTACT_FIELD_ORDER.map((key) => [key, values[key].trim()])) as ContactInfo;
    const found = validateContact(trimmed);
    const empty = shown.some((key) => !trimmed[key]);
    const firstError = shown.map((key) => found[key]).find(Boolean);
    if (empty || firstError) {
      setErrors(found);
      invalidFocus.focusFirstInvalid();
      toastError(
        empty ? 'Please enter a valid value.' : (firstError ?? 'Please enter a valid value.'),
        'Invalid Input',
      );
      return;
    }
    update.mutate(
      { ...trimmed, password, basedOn },
      {
        onSuccess: () => {
          toast({ title: 'Contact information updated', description: `The shop's contact details were saved.` });
          onClose();
        },
        onError: (error) => {
          toastError('Failed to update contact information.');
          if (error instanceof ApiError && error.status === 409) void showChangedMeanwhile(error.serverMessage);
        },
        onSettled: () => update.reset(),
      },
    );
  };

  /** Another manager changed the field meanwhile: the card shows theirs, and saving again replaces it. */
  const showChangedMeanwhile = async (reason: string | null) => {
    const saved = await queryClient.fetchQuery({ ...contactInfoQueryOptions(), staleTime: 0 }).catch(() => null);
    if (saved) setBasedOn(fieldsOf(saved));
    setErrors({ [field]: reason ?? 'Failed to update contact information.' });
    invalidFocus.focusFirstInvalid();
  };

  return (
    <form ref={invalidFocus.ref} onSubmit={onSubmit} noValidate>
      <fieldset disabled={update.isPending} className="space-y-4">
        {shown.map((key) => {
          const meta = CONTACT_FIELDS[key];
          const common = {
            id: `contact-${key}`,
            label: meta.label,
            error: errors[key],
            hint: meta.hint,
            placeholder: meta.placeholder,
            value: values[key],
            onChange: (event: { target: { value: string } }) => {
              setValues((current) => ({ ...current, [key]: event.target.value }));
              setErrors((current) => ({ ...current, [key]: undefined }));
            },
          };
          return meta.inputType === 'textarea' ? (
            <FormTextarea key={key} {...common} rows={3} />
          ) : (
            <FormInput
              key={key}
              {...common}
              type={meta.inputType}
              inputMode={meta.inputType === 'email' ? 'email' : 'tel'}
              autoComplete={meta.inputType === 'email' ? 'email' : 'tel'}
            />
          );
        })}
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending} data-testid="save-contact">
          {update.isPending && <Spinner />}
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}
