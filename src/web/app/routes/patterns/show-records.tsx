import { useEffect } from 'react';
import { PatternListScreen } from '../../../features/pattern-list/components/pattern-list-screen';
import { ArchiveDownloadButton } from '../../../features/storefront/components/archive-download-button';
import { useAuth } from '../../../lib/auth';

/** /app/show-records: My Patterns (admins also download the selection as a storefront archive). */
export function Component() {
  const { isAdmin } = useAuth();
  useEffect(() => {
    document.title = 'My Patterns · Partner Portal';
  }, []);
  return (
    <>
      <PatternListScreen />
      {isAdmin ? (
        <div className="mx-auto flex w-full max-w-7xl justify-end px-4 pb-6 sm:px-6">
          <ArchiveDownloadButton />
        </div>
      ) : null}
    </>
  );
}
