import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { IMPORT_MSG, type ImportDetail } from '../../../../shared/contracts/imports';
import { queryKeys } from '../../../lib/query-keys';
import { ImportStatus } from './import-status';

const JOB: ImportDetail = {
  id: 7,
  status: 'checked',
  mode: 'skip',
  sheetName: 'patterns.csv',
  zipName: null,
  createdBy: 'Pat',
  brandName: 'Ditto',
  rows: 300,
  patterns: 202,
  valid: 200,
  created: 0,
  updated: 0,
  skipped: 0,
  failed: 2,
  done: 0,
  total: 0,
  bytesDone: 0,
  bytesTotal: 0,
  files: { total: 0, checked: 0 },
  error: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-11-26T12:00:00.000Z',
  issues: [],
  issuesTruncated: false,
  outcomes: [],
};

/** The screen with the job already loaded (no request is made while it is fresh). */
function show(job: Partial<ImportDetail>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(queryKeys.importJob(7), { ...JOB, ...job });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ImportStatus id={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ImportStatus says what is happening (issue 34)', () => {
  it('while checking: "Checking…" and the rows so far, nothing counted as not imported', () => {
    show({ status: 'checking', done: 120, failed: 0 });
    expect(screen.getByRole('progressbar', { name: 'Checking…' })).toBeTruthy();
    expect(document.body.textContent).toContain('120 rows checked');
    expect(document.body.textContent).not.toMatch(/not imported/);
  });

  it('while importing: "Importing… 40 of 200 patterns", not "2 not imported" before it ends', () => {
    show({ status: 'importing', done: 40, total: 200 });
    expect(screen.getByRole('progressbar', { name: 'Importing…' })).toBeTruthy();
    expect(document.body.textContent).toContain('40 of 200 patterns');
    expect(document.body.textContent).not.toMatch(/not imported/);
    expect(screen.queryByRole('button', { name: /^Import \d+/ })).toBeNull();
  });

  it('checked with patterns ready: offers to import them', () => {
    show({});
    const button = screen.getByRole('button', { name: 'Import 200 patterns' });
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('checked with nothing ready: says so and offers no "Import 0 patterns"', () => {
    show({ valid: 0, failed: 202 });
    expect(screen.queryByRole('button', { name: /^Import / })).toBeNull();
    expect(screen.getByTestId('import-summary').textContent).toContain(IMPORT_MSG.nothingToImport);
  });

  it('done: what was created, updated, skipped and not imported', () => {
    show({ status: 'done', created: 198, failed: 2 });
    expect(screen.getByTestId('import-summary').textContent).toBe(
      '198 created, 0 updated, 0 skipped, 2 not imported.',
    );
  });

  it('after the import: the files still being checked, "N of M files checked", then that all were (issue 31)', () => {
    show({ status: 'done', created: 200, files: { total: 400, checked: 120 } });
    expect(screen.getByRole('progressbar', { name: 'Checking the imported files…' })).toBeTruthy();
    expect(document.body.textContent).toContain('120 of 400 files checked');
    cleanup();
    show({ status: 'done', created: 200, files: { total: 400, checked: 400 } });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('import-files-checked').textContent).toContain(
      'All 400 imported files checked',
    );
  });
});
