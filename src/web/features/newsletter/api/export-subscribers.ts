import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewsletterSummary } from '../../../../shared/contracts/newsletter';
import { NEWSLETTER_PATHS } from '../../../../shared/contracts/newsletter-paths';
import { api, downloadFile } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const newsletterSummaryQuery = () => ({
  queryKey: queryKeys.newsletterSummary,
  queryFn: () => api<NewsletterSummary>(NEWSLETTER_PATHS.summary),
});

export function useNewsletterSummary() {
  return useQuery(newsletterSummaryQuery());
}

/** Admins: saves the list as CSV under the server's file name. */
export function useExportSubscribers() {
  return useMutation({
    mutationFn: () => downloadFile(NEWSLETTER_PATHS.exportCsv, 'newsletter-subscribers.csv'),
    meta: { errorMessage: 'The list could not be exported.' },
  });
}
