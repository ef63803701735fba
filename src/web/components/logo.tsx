import { Link } from 'react-router';

/** The portal's mark (the favicon's "P", inverted so it reads on the yellow header) and name; always leads home. `compact`: the name is for screen readers only below 440 px. */
export function Logo({ onNavigate, compact }: { onNavigate?: () => void; compact?: boolean }) {
  return (
    <Link
      to="/app/dashboard"
      onClick={onNavigate}
      className="flex shrink-0 items-center gap-2 rounded-md text-ink"
    >
      <svg aria-hidden viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="6" fill="#1a1a1a" />
        <path d="M8 24V8h9a5 5 0 0 1 0 10h-5v6z" fill="#fce300" />
      </svg>
      {/* compact: on a narrow phone the mark alone, leaving room for the header's counter (issue 34) */}
      <span
        className={`text-lg leading-tight font-extrabold tracking-tight ${compact ? 'max-[439px]:sr-only' : ''}`}
      >
        Partner Portal
      </span>
    </Link>
  );
}
