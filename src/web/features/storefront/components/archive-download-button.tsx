import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { STOREFRONT_PATHS } from '../../../../shared/contracts/storefront-paths';
import { buildUrl, downloadFile } from '../../../lib/api-client';
import { Button } from '../../../components/button';

const FILTERS = ['search', 'brand', 'status', 'type', 'fabric', 'printable'] as const;

/**
 * Admins: the list's current selection (every published pattern when no status is chosen) as a
 * Salesforce site-import archive, for a merchandiser who imports by hand in Business Manager.
 */
export function ArchiveDownloadButton() {
  const [params] = useSearchParams();
  const download = useMutation({
    mutationFn: () => {
      const query = Object.fromEntries(
        FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])),
      );
      return downloadFile(buildUrl(STOREFRONT_PATHS.archive, query), 'storefront.zip');
    },
    meta: { errorMessage: 'The download failed. Please try again.' },
  });
  return (
    <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
      {download.isPending ? 'Preparing archive…' : 'Storefront archive (.zip)'}
    </Button>
  );
}
