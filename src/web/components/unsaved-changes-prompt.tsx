import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { hasUnsavedChanges, subscribeUnsavedChanges } from '../lib/unsaved-changes';

// The dialog (Headless UI) is not part of every screen's first load: it comes with the first unsaved work.
const LeaveDialog = lazy(() => import('./leave-dialog').then((m) => ({ default: m.LeaveDialog })));

/**
 * The one guard for unsaved work (lib/unsaved-changes.ts), mounted once in the layout: a link,
 * the logo or Back asks first; a reload or closing the tab gets the browser's own question.
 * Changing only the query (a list's filters) stays on the screen and asks nothing.
 */
export function UnsavedChangesPrompt() {
  const dirty = useSyncExternalStore(subscribeUnsavedChanges, hasUnsavedChanges);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  // Mounted from the first unsaved work on (the blocker can only ask then) and kept, so it can close.
  const [needed, setNeeded] = useState(false);
  if (dirty && !needed) setNeeded(true);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers ask only when this is set
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LeaveDialog
        open={blocker.state === 'blocked'}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </Suspense>
  );
}
