import { useEffect, useRef, useState } from 'react';

/**
 * After a submit a form refused, moves the focus (and so the screen) to its first invalid field: on a phone the
 * button is at the bottom of a long form, and the field that needs fixing may be screens above it. Put `ref` on the
 * <form> and call `afterSubmit` once a submit has settled; a submit that went through leaves no invalid field, so
 * the focus stays where it was.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    if (submits > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits]);
  return { ref, afterSubmit: () => setSubmits((n) => n + 1) };
}
