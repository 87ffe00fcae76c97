import { useState } from 'react';
import type { ContactField } from '../utils/contact-fields';

type ContactEditState =
  { step: 'idle' } | { step: 'gate'; field: ContactField } | { step: 'edit'; field: ContactField; password: string };

/**
 * Spec section 4: choose a field, verify the manager's password, edit, save. The verified password
 * lives only in this state until the save (the server checks it again) and is dropped on close.
 */
export function useContactEdit() {
  const [state, setState] = useState<ContactEditState>({ step: 'idle' });
  return {
    state,
    choose: (field: ContactField) => setState({ step: 'gate', field }),
    verified: (password: string) =>
      setState((current) => (current.step === 'gate' ? { step: 'edit', field: current.field, password } : current)),
    close: () => setState({ step: 'idle' }),
  };
}
