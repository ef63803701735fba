import { AddPatternForm } from '../../../features/pattern-create/components/add-pattern-form';

/** /app/add-record (signed-in users): the Pattern Submission Form. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Add Pattern · Partner Portal</title>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Pattern Submission Form</h1>
      <p className="mt-2 max-w-3xl text-gray-700">
        Fill the fields of the pattern, add its sizes with one pattern PDF each, and attach the
        instructions and photos. Fields marked{' '}
        <span className="text-red-600" aria-hidden>
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="mt-6">
        <AddPatternForm />
      </div>
    </div>
  );
}
