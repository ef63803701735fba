import { useRef, useState } from 'react';

/**
 * Headless UI 2.2 can leave a dialog stuck when `open` flips while its transition is still running
 * (tailwindlabs/headlessui#3892): on a busy page the reversed transition is never seen to end, so the
 * dialog stays mounted, invisible (`data-closed`) and catching every click. Seen here after 'Send to
 * review' answered within the dialog's opening fade. Such a flip remounts the dialog instead (it snaps
 * shut, or opens afresh); a flip after the transition ended keeps its normal fade.
 *
 * Put `ref` and `key` on the `<Dialog>`.
 */
export function useSnapShut(open: boolean) {
  const ref = useRef<HTMLElement>(null);
  const [seen, setSeen] = useState({ open, key: 0 });
  if (seen.open !== open) {
    // The last committed DOM: Headless UI marks a running transition with data-enter / data-leave.
    const inFlight = Boolean(ref.current?.querySelector('[data-enter], [data-leave]'));
    setSeen({ open, key: seen.key + (inFlight ? 1 : 0) });
  }
  return { ref, key: seen.key };
}
