import { useState } from 'react';
import { LIST_VIEW_KEY } from '../first-rows';

export type ListView = 'table' | 'grid';

/** The list's view, remembered on this device. */
export function useListView(): [ListView, (v: ListView) => void] {
  const [view, setView] = useState<ListView>(() =>
    localStorage.getItem(LIST_VIEW_KEY) === 'grid' ? 'grid' : 'table',
  );
  return [
    view,
    (v) => {
      localStorage.setItem(LIST_VIEW_KEY, v);
      setView(v);
    },
  ];
}

const button =
  'px-3 py-1.5 text-sm font-semibold first:rounded-l-md last:rounded-r-md aria-pressed:bg-ink aria-pressed:text-white';

export function ViewToggle({ view, onChange }: { view: ListView; onChange(v: ListView): void }) {
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-md border border-gray-300 bg-white shadow-sm"
    >
      <button
        type="button"
        className={button}
        aria-pressed={view === 'table'}
        onClick={() => onChange('table')}
      >
        Table
      </button>
      <button
        type="button"
        className={`${button} border-l border-gray-300`}
        aria-pressed={view === 'grid'}
        onClick={() => onChange('grid')}
      >
        Grid
      </button>
    </div>
  );
}
