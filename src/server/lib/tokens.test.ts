import { describe, expect, it } from 'vitest';
import { hashToken, requestId } from './tokens';

describe('tokens', () => {
  it('hashes a token to its SHA-256 in hex', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('gives request ids of 16 hex characters, all different past a refill of the pool', () => {
    const ids = Array.from({ length: 2000 }, requestId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
