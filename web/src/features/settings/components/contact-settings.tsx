import { useContactInfo } from '../api/get-contact-info';
import { useContactEdit } from '../hooks/use-contact-edit';
import { CONTACT_FIELDS } from '../utils/contact-fields';
import { ContactEditDialog } from './contact-edit-dialog';
import { ContactInfoCard } from './contact-info-card';
import { PasswordGateDialog } from './password-gate-dialog';

/** The contact card; for a manager also the edit flow (field → password gate → edit dialog → save). */
export function ContactSettings({ canEdit }: { canEdit: boolean }) {
  const contact = useContactInfo();
  const edit = useContactEdit();
  const { state } = edit;

  return (
    <>
      <ContactInfoCard
        contact={contact.data}
        isLoading={contact.isPending && !contact.isError}
        isError={contact.isError}
        onRetry={() => void contact.refetch()}
        retrying={contact.isFetching}
        onEdit={canEdit ? edit.choose : undefined}
      />
      {canEdit && state.step !== 'idle' && (
        <PasswordGateDialog
          open={state.step === 'gate'}
          fieldLabel={CONTACT_FIELDS[state.field].label}
          onCancel={edit.close}
          onVerified={edit.verified}
        />
      )}
      {canEdit && state.step === 'edit' && (
        <ContactEditDialog
          open
          field={state.field}
          contact={contact.data ?? null}
          password={state.password}
          onClose={edit.close}
        />
      )}
    </>
  );
}
