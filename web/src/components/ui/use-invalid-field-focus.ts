import { useEffect, useRef, useState } from 'react';

/**
 * After a submit that validation refused, the focus goes to the first field marked aria-invalid
 * (once React has rendered the errors), not left on the submit button: a keyboard or screen-reader
 * user lands on what to fix and hears its message (aria-describedby).
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
