import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { Button } from '../../../components/button';
import { PatternEditForm } from './pattern-edit-form';
import { PatternFieldsView } from './pattern-fields-view';

/** Basic Pattern Details: read mode, or edit mode with the submission form's rules. */
export function PatternDetailsSection({
  pattern,
  annotations,
}: {
  pattern: PatternDetail;
  annotations?: Partial<Record<string, ReactNode>>;
}) {
  const [editing, setEditing] = useState(false);
  const section = useRef<HTMLElement>(null);
  // The form is much taller than the read view: after Save or Cancel at its bottom the page would be left
  // showing the sizes below, so go back to the pattern's top (its name and status change with a save, so
  // the section's own position is not yet final); focus returns to 'Edit details' (its button is gone).
  const returning = useRef(false);
  const stopEditing = () => {
    returning.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !returning.current) return;
    returning.current = false;
    if (section.current && section.current.getBoundingClientRect().top < 80)
      window.scrollTo({ top: 0 });
    section.current
      ?.querySelector<HTMLButtonElement>('[data-edit-details]')
      ?.focus({ preventScroll: true });
  }, [editing]);
  return (
    <section
      ref={section}
      aria-labelledby="details-heading"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id="details-heading" className="text-xl font-bold">
          Basic Pattern Details
        </h2>
        {!editing && (
          <Button
            data-edit-details
            variant="secondary"
            className="shrink-0 whitespace-nowrap"
            onClick={() => setEditing(true)}
          >
            Edit details
          </Button>
        )}
      </div>
      {editing ? (
        <PatternEditForm pattern={pattern} onDone={stopEditing} />
      ) : (
        <PatternFieldsView pattern={pattern} annotations={annotations} />
      )}
    </section>
  );
}
