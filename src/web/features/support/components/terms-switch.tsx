import { useState } from 'react';
import { Field, Label, Switch } from '@headlessui/react';
import { TermsDialog } from './terms-dialog';

interface TermsSwitchProps {
  accepted: boolean;
  onChange(accepted: boolean): void;
}

/**
 * The terms switch (spec section 4): clicking it when off opens the 'Term & Policy' modal, where
 * Accept turns it on and Reject leaves it off; clicking it when on turns it off.
 */
export function TermsSwitch({ accepted, onChange }: TermsSwitchProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Field className="flex items-center gap-3">
        <Switch
          checked={accepted}
          onChange={(next) => (next ? setOpen(true) : onChange(false))}
          className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-gray-300 transition-colors data-checked:bg-ink data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-blue-700"
        >
          <span
            aria-hidden
            className="inline-block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5.5 group-data-checked:bg-brand"
          />
        </Switch>
        <Label className="cursor-pointer text-sm text-gray-800">
          I accept the Term &amp; Policy
        </Label>
      </Field>
      {/* Outside the Field, so the modal's text is not read as the switch's description. */}
      <TermsDialog
        open={open}
        onAccept={() => {
          onChange(true);
          setOpen(false);
        }}
        onReject={() => setOpen(false)}
      />
    </>
  );
}
