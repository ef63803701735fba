import { useEffect } from 'react';
import { PatternListScreen } from '../../../features/pattern-list/components/pattern-list-screen';

/** /app/show-records: My Patterns. */
export function Component() {
  useEffect(() => {
    document.title = 'My Patterns · Partner Portal';
  }, []);
  return <PatternListScreen />;
}
