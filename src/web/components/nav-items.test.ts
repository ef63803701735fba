import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navCurrent } from './nav-items';

/** Issue 48 item 3: the bar marks the section a screen belongs to, or none — never About by default. */
describe('navCurrent', () => {
  const marked = (pathname: string) =>
    NAV_ITEMS.filter((i) => navCurrent(pathname, i.to)).map((i) => i.label);

  it('marks each section on its own screens', () => {
    expect(marked('/app/about')).toEqual(['About']);
    expect(marked('/app/show-records/12')).toEqual(['My Patterns']);
    expect(marked('/app/add-record')).toEqual(['Add Patterns']);
  });

  it('marks My Patterns on the Trash and the imports, reached from it', () => {
    expect(marked('/app/trash')).toEqual(['My Patterns']);
    expect(marked('/app/imports')).toEqual(['My Patterns']);
    expect(marked('/app/imports/new')).toEqual(['My Patterns']);
    expect(navCurrent('/app/trash', '/app/show-records')).toBe('true');
  });

  it('marks nothing on screens outside the bar (Integrations, My Account, a 404)', () => {
    expect(marked('/app/integrations')).toEqual([]);
    expect(marked('/app/my-account')).toEqual([]);
    expect(marked('/app/no-such-page')).toEqual([]);
  });
});
