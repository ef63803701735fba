/** Full-screen overlay with a spinner while a screen loads or work is in progress. */
export function LoadingOverlay({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/70"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <div className="flex flex-col items-center gap-3">
        <span
          className="h-12 w-12 animate-spin rounded-full border-4 border-gray-300 border-t-brand-dark"
          aria-hidden
        />
        <span className="text-sm font-medium text-gray-700">{label}</span>
      </div>
    </div>
  );
}
