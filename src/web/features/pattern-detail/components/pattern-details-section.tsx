import { useState } from 'react';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { Button } from '../../../components/button';
import { PatternEditForm } from './pattern-edit-form';
import { PatternFieldsView } from './pattern-fields-view';

/** Basic Pattern Details: read mode, or edit mode with the submission form's rules. */
export function PatternDetailsSection({ pattern }: { pattern: PatternDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="details-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id="details-heading" className="text-xl font-bold">
          Basic Pattern Details
        </h2>
        {!editing && (
          <Button variant="secondary" className="shrink-0 whitespace-nowrap" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        )}
      </div>
      {editing ? <PatternEditForm pattern={pattern} onDone={() => setEditing(false)} /> : <PatternFieldsView pattern={pattern} />}
    </section>
  );
}
