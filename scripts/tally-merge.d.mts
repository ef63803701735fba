export interface Occurrence {
  key?: string;
  project: string;
  name: string;
  state: string;
  reason?: string;
  elsewhere?: string;
}

export function merge(
  occurrences: Occurrence[],
):
  | { state: 'passed' }
  | { state: 'failed'; name: string }
  | { state: 'skipped'; name: string; reason: string };
