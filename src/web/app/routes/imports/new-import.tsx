import { ImportWizard } from '../../../features/imports/components/import-wizard';

/** /app/imports/new: the import wizard. */
export function Component() {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8 sm:px-6">
      <title>Import Patterns · Partner Portal</title>
      <h1 className="text-2xl font-bold sm:text-3xl">Import patterns</h1>
      <p className="text-sm text-gray-700">
        Everything is checked before anything is saved; you see the report first and then choose to
        import.
      </p>
      <ImportWizard />
    </div>
  );
}
