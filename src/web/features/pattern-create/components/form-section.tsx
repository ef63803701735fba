import type { ReactNode } from 'react';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';

interface FormSectionProps {
  title: string;
  defaultOpen?: boolean;
  /** Fields in this section with an error: said on the closed header so nothing is hidden. */
  errorCount?: number;
  children: ReactNode;
}

/**
 * A collapsible section of the submission form. Closed panels stay mounted (hidden), so what was
 * typed or chosen in them is kept and still validated. The form re-keys sections to open them all.
 */
export function FormSection({ title, defaultOpen, errorCount = 0, children }: FormSectionProps) {
  return (
    <Disclosure
      as="section"
      defaultOpen={defaultOpen}
      className="rounded-lg border border-gray-200 bg-white shadow-sm"
    >
      {({ open }) => (
        <>
          <h2>
            <DisclosureButton className="flex w-full items-center gap-3 rounded-lg px-4 py-3 text-left text-lg font-semibold text-ink hover:bg-gray-50 sm:px-6">
              <span className="flex-1">{title}</span>
              {errorCount > 0 && (
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  {errorCount} to fix
                </span>
              )}
              <svg
                aria-hidden
                viewBox="0 0 20 20"
                className={`h-5 w-5 fill-gray-600 transition-transform ${open ? 'rotate-180' : ''}`}
              >
                <path d="M5.5 7.5 10 12l4.5-4.5z" />
              </svg>
            </DisclosureButton>
          </h2>
          <DisclosurePanel unmount={false} className="border-t border-gray-200 px-4 py-5 sm:px-6">
            {children}
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}
