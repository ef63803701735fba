import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { IMPORT_MSG } from '../../../../shared/contracts/imports';
import { ImportWizard } from './import-wizard';

const setup = () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ImportWizard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // "All files" in the browser's dialog: the accept attribute does not stop a pick.
  return userEvent.setup({ applyAccept: false });
};
const sheetInput = () => screen.getByLabelText(/Sheet \(CSV or XLSX\)/) as HTMLInputElement;
const zipInput = () => screen.getByLabelText(/Files \(one ZIP/) as HTMLInputElement;

describe('ImportWizard: the files are checked when picked (issue 34)', () => {
  it('refuses a text file chosen as the sheet at its field at once, and keeps a real CSV', async () => {
    const user = setup();
    await user.upload(
      sheetInput(),
      new File(['just some notes'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(IMPORT_MSG.sheetType)).toBeTruthy();
    expect(sheetInput().files).toHaveLength(0);
    expect(sheetInput().getAttribute('aria-invalid')).toBe('true');

    await user.upload(sheetInput(), new File(['\u0000\u0001binary'], 'renamed.csv'));
    expect(await screen.findByText(IMPORT_MSG.sheetType)).toBeTruthy();
    await user.upload(sheetInput(), new File(['not a zip'], 'fake.xlsx'));
    expect(await screen.findByText(IMPORT_MSG.sheetType)).toBeTruthy();

    await user.upload(sheetInput(), new File(['Pattern ID;Pattern Name\nM1;Top\n'], 'sheet.csv'));
    await waitFor(() => expect(screen.queryByText(IMPORT_MSG.sheetType)).toBeNull());
  });

  it('refuses a ZIP that is not one, and accepts a real one', async () => {
    const user = setup();
    await user.upload(zipInput(), new File(['%PDF-1.7'], 'files.zip'));
    expect(await screen.findByText(IMPORT_MSG.zipType)).toBeTruthy();
    await user.upload(
      zipInput(),
      new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06, 0, 0])], 'files.zip'),
    );
    await waitFor(() => expect(screen.queryByText(IMPORT_MSG.zipType)).toBeNull());
  });
});
