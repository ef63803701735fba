import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { Breadcrumb } from '../../../components/breadcrumb';
import { DeletePatternButton } from './delete-pattern-button';
import { ReleaseNotice } from './release-notice';

/** Where the user is (My Patterns › Pattern ID), the pattern's name and brand, and its delete action. */
export function PatternHeader({ pattern }: { pattern: PatternDetail }) {
  return (
    <header className="flex flex-col gap-3">
      <Breadcrumb
        items={[
          { label: 'My Patterns', to: '/app/show-records' },
          { label: pattern.SFCC_Pattern_ID },
        ]}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="wrap-anywhere text-2xl font-bold sm:text-3xl">{pattern.Pattern_Name}</h1>
          <p className="text-sm text-gray-700">
            <span className="break-all">{pattern.SFCC_Pattern_ID}</span> · {pattern.brandName}
          </p>
        </div>
        <DeletePatternButton pattern={pattern} />
      </div>
      <ReleaseNotice patternId={pattern.ID} />
    </header>
  );
}
