import type { Change } from '../../../../shared/contracts/lifecycle';

const shown = (v: string | null) => (v === null || v === '' ? '(empty)' : v);

/** The review diff: each changed field, file and size with its value before and after. */
export function ChangesTable({
  changes,
  beforeLabel = 'Before',
  afterLabel = 'After',
  testId,
}: {
  changes: Change[];
  beforeLabel?: string;
  afterLabel?: string;
  testId: string;
}) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead>
          <tr className="border-b border-blue-200">
            <th scope="col" className="py-1 pr-3">
              What
            </th>
            <th scope="col" className="py-1 pr-3">
              {beforeLabel}
            </th>
            <th scope="col" className="py-1">
              {afterLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr
              key={`${c.targetType}-${c.targetKey}-${c.label}`}
              className="border-b border-blue-100 align-top"
            >
              <th scope="row" className="py-1 pr-3 font-semibold">
                {c.label}
              </th>
              <td className="wrap-anywhere py-1 pr-3">{shown(c.before)}</td>
              <td className="wrap-anywhere py-1">{shown(c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
