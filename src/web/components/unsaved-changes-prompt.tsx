import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { hasUnsavedChanges, subscribeUnsavedChanges } from '../lib/unsaved-changes';
import { LeaveDialog } from './leave-dialog';

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

  return (
    <LeaveDialog
      open={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}
