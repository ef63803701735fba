import { useQuery } from '@tanstack/react-query';
import {
  RELEASE_PATHS,
  releaseScheduledText,
  type PatternRelease,
} from '../../../../shared/contracts/releases';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * "Scheduled for release Spring 2027 on 15 Jan, 07:00" (docs/releases.md), for whoever sees the
 * pattern. Nothing while it loads, when it has no release to come, or when the call fails (the
 * notice is extra: the screen stays usable).
 */
export function ReleaseNotice({ patternId }: { patternId: number }) {
  const release = useQuery({
    queryKey: queryKeys.patternRelease(patternId),
    queryFn: () => api<{ data: PatternRelease }>(RELEASE_PATHS.ofPattern(patternId)),
  });
  const r = release.data?.data;
  if (!r) return null;
  return (
    <p
      role="status"
      className="rounded-md bg-blue-50 px-3 py-2 text-sm font-medium text-blue-900 ring-1 ring-blue-200"
    >
      {releaseScheduledText(r)} <span className="font-normal text-blue-800">({r.timeZone})</span>
    </p>
  );
}
