import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useAuth } from '../../../lib/auth';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { usePattern } from '../../../features/pattern-detail/api/get-pattern';
import { PatternHeader } from '../../../features/pattern-detail/components/pattern-header';
import { PatternStorefrontStatus } from '../../../features/storefront/components/pattern-storefront-status';
import { StatusPanel } from '../../../features/lifecycle/components/status-panel';
import { PatternDetailsSection } from '../../../features/pattern-detail/components/pattern-details-section';
import { FilesPanel } from '../../../features/pattern-detail/components/files-panel';
import { PdfThumb } from '../../../features/pattern-detail/components/pdf-thumb';
import { SizesTable } from '../../../features/sizes/components/sizes-table';
import { useReview } from '../../../features/lifecycle/api/get-review';
import { ReviewBanner } from '../../../features/lifecycle/components/review-banner';
import { UnpublishedBanner } from '../../../features/lifecycle/components/unpublished-banner';
import { ChangedSincePanel } from '../../../features/lifecycle/components/changed-since-panel';
import { ChangesTable } from '../../../features/lifecycle/components/changes-table';
import { useLiveChanges } from '../../../features/pattern-detail/api/get-live-changes';
import { LiveVersionPanel } from '../../../features/pattern-detail/components/live-version-panel';
import { ActivityList } from '../../../features/lifecycle/components/activity-list';
import { NoteCallout, notesByTarget } from '../../../features/lifecycle/components/note-callout';
import { useSizes } from '../../../features/sizes/api/list-sizes';
import type { ReviewNote } from '../../../../shared/contracts/lifecycle';
import type { Size } from '../../../../shared/contracts/sizes';
import type { PatternFile } from '../../../../shared/contracts/files';

const TABS = ['pattern', 'activity'] as const;
const tabClass =
  'rounded-md px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-black/5 data-selected:bg-ink data-selected:text-brand focus:outline-none data-focus-visible:outline-2 data-focus-visible:outline-blue-700';

/** /app/show-records/{ID}: one pattern with its status, review notes, fields, files and sizes; its activity in a second tab (?tab=activity). */
export function Component() {
  // The route's loader has fetched the pattern, or sent its refusal to the error boundary (router.tsx).
  const id = Number(useParams().id);
  const pattern = usePattern(id);
  const review = useReview(id);
  // Shared with the sizes table (same query): which sizes and size PDFs a note can sit beside.
  const sizes = useSizes(id, pattern.data !== undefined);
  // A published pattern with an edit waiting (in review, sent back, or not sent yet): what is live.
  const editWaiting =
    pattern.data?.SFCC_Status === 'published' &&
    (pattern.data.editStatus !== null || pattern.data.editedAfter === 'publishing');
  const live = useLiveChanges(id, editWaiting);
  const { isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = Math.max(0, TABS.indexOf((params.get('tab') ?? 'pattern') as (typeof TABS)[number]));
  const title = pattern.data
    ? `${pattern.data.SFCC_Pattern_ID} · ${pattern.data.Pattern_Name}`
    : 'Pattern';
  useEffect(() => {
    document.title = `${title} · Partner Portal`;
  }, [title]);

  if (!pattern.data) return <LoadingOverlay label="Loading pattern…" />;

  const p = pattern.data;
  const r = review.data;
  const fieldNotes = notesByTarget(r?.request?.notes, 'field');
  // A file's notes sit in its card, a size's (and its PDF's) under its row; notes on a file or
  // size the pattern no longer has (replaced, removed, deleted) above the cards or the table.
  const fileNotes = notesByTarget(r?.request?.notes, 'file');
  const sizeNotes = notesByTarget(r?.request?.notes, 'size');
  const sizeRows = sizes.data?.data;
  const shownFiles = new Set([
    ...p.files.map((f) => String(f.id)),
    ...(sizeRows ?? []).flatMap((s) => (s.pdf ? [String(s.pdf.id)] : [])),
  ]);
  const shownSizes = new Set((sizeRows ?? []).map((s) => String(s.ID)));
  const gone = (byTarget: Record<string, ReviewNote[]>, shown: Set<string>) =>
    sizeRows ? Object.entries(byTarget).flatMap(([k, n]) => (shown.has(k) ? [] : n)) : [];
  const notesOfSize = (s: Size) => {
    const n = [...(sizeNotes[s.ID] ?? []), ...((s.pdf && fileNotes[s.pdf.id]) || [])];
    return n.length ? <NoteCallout notes={n} withLabel /> : null;
  };
  const notesOfFile = (f: PatternFile) =>
    fileNotes[f.id] ? <NoteCallout notes={fileNotes[f.id]!} /> : null;
  const annotations = Object.fromEntries(
    Object.entries(fieldNotes).map(([k, notes]) => [k, <NoteCallout key={k} notes={notes} />]),
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <PatternHeader pattern={p} />
      <PatternStorefrontStatus id={p.ID} isAdmin={isAdmin} />
      {r?.request && <ReviewBanner patternId={p.ID} request={r.request} />}
      {r?.unpublished && <UnpublishedBanner unpublished={r.unpublished} />}
      <TabGroup
        selectedIndex={tab}
        onChange={(i) => setParams(i === 0 || !TABS[i] ? {} : { tab: TABS[i] }, { replace: true })}
      >
        <TabList
          className="flex flex-wrap gap-2 rounded-lg bg-white p-1.5 shadow-sm ring-1 ring-gray-200"
          aria-label="Pattern sections"
        >
          <Tab className={tabClass}>Pattern</Tab>
          <Tab className={tabClass}>Activity</Tab>
        </TabList>
        <TabPanels className="mt-6">
          <TabPanel className="flex flex-col gap-6">
            {editWaiting && (
              <LiveVersionPanel
                live={live.data}
                error={live.error}
                onRetry={() => void live.refetch()}
                diff={(l) => (
                  <ChangesTable
                    changes={l.changes}
                    beforeLabel="Live"
                    afterLabel="Waiting edit"
                    testId="live-changes"
                  />
                )}
              />
            )}
            {isAdmin && r?.changedSinceReview && (
              <ChangedSincePanel changed={r.changedSinceReview} />
            )}
            <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
              <div className="order-2 flex min-w-0 flex-col gap-6 lg:order-1">
                <PatternDetailsSection pattern={p} annotations={annotations} />
              </div>
              <div className="order-1 lg:order-2">
                <StatusPanel pattern={p} review={r} />
              </div>
            </div>
            <SizesTable
              patternId={p.ID}
              annotation={<NoteCallout notes={gone(sizeNotes, shownSizes)} withLabel />}
              sizeNote={notesOfSize}
              pdfThumb={(pdf) => <PdfThumb file={pdf} compact />}
            />
            <FilesPanel
              pattern={p}
              annotation={<NoteCallout notes={gone(fileNotes, shownFiles)} withLabel />}
              fileNote={notesOfFile}
            />
          </TabPanel>
          <TabPanel>
            <section
              aria-labelledby="activity-heading"
              className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
            >
              <h2 id="activity-heading" className="mb-3 text-xl font-bold">
                Activity
              </h2>
              <ActivityList patternId={p.ID} />
            </section>
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
