/** Grey placeholder rows while the first page loads, so the table does not jump when it arrives. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} className="border-t border-gray-200" data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="px-3 py-3">
              <span
                className="block h-4 animate-pulse rounded bg-gray-200"
                style={{ width: `${50 + ((r * 7 + c * 13) % 45)}%` }}
              />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
