import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SUPPORT_PATHS,
  type SupportListParams,
  type SupportListResponse,
} from '../../../../shared/contracts/support';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const supportMessagesQuery = (params: SupportListParams) => ({
  queryKey: queryKeys.supportMessageList(params),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<SupportListResponse>(SUPPORT_PATHS.messages, { query: { ...params }, signal }),
});

/** Admins' inbox, one page; the previous page stays on screen while the next one loads. */
export function useSupportMessages(params: SupportListParams) {
  return useQuery({ ...supportMessagesQuery(params), placeholderData: keepPreviousData });
}
