import { useEffect, useRef, useState } from 'react';

/**
 * After a submit that validation refused, the focus goes to the first field marked aria-invalid
 * (once React has rendered the errors), not left on the submit button: a keyboard or screen-reader
 * user lands on what to fix. A field with its message under it (Field, controlA11y) is heard with it
 * (aria-describedby). Add user and change password show no message under their fields: the reason is
 * said once, by the toast (a live region), as the till discount's is (it focuses its input itself).
 */
export function useInvalidFieldFocus<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)')?.focus();
  }, [refusals]);
  return { ref, focusFirstInvalid: () => setRefusals((count) => count + 1) };
}
