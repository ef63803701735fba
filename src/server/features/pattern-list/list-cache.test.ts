import { describe, expect, it } from 'vitest';
import { ListAnswers } from './list-cache';

describe('ListAnswers', () => {
  const at = () => {
    const v = { now: 1 };
    return { v, answers: new ListAnswers(() => v.now, { entries: 3, bytes: 100, body: 40 }) };
  };

  it('answers a kept body only while the data version stands', () => {
    const { v, answers } = at();
    answers.set('a', 'body a', answers.stamp());
    expect(answers.get('a')).toBe('body a');
    v.now++;
    expect(answers.get('a')).toBeUndefined();
    expect(answers.size).toBe(0);
  });

  it('does not keep a body whose read overlapped a change', () => {
    const { v, answers } = at();
    const stamp = answers.stamp();
    v.now++; // a write sent while the read was out
    answers.set('a', 'body a', stamp);
    expect(answers.get('a')).toBeUndefined();
  });

  it('keeps at most its entries and bytes, the least recently used going first, and no large body', () => {
    const { answers } = at();
    const stamp = answers.stamp();
    for (const k of ['a', 'b', 'c']) answers.set(k, `body ${k}`, stamp);
    expect(answers.get('a')).toBe('body a'); // a is now the most recently used
    answers.set('d', 'body d', stamp);
    expect(answers.get('b')).toBeUndefined();
    expect(answers.size).toBe(3);
    answers.set('big', 'x'.repeat(41), stamp);
    expect(answers.get('big')).toBeUndefined();
    for (const k of ['e', 'f', 'g']) answers.set(k, 'y'.repeat(35), stamp);
    expect(answers.size).toBe(2); // 3 × 35 bytes is over 100
    expect(answers.get('e')).toBeUndefined();
  });
});
