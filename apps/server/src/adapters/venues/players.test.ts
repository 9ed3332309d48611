import { describe, expect, it } from 'vitest';
import { memberIdOfPlayer, playerName } from './players.ts';

describe('player names at the venues', () => {
  it('come from the member id and lead back to it', () => {
    expect(playerName('cs', 12)).toBe('cs12');
    expect(memberIdOfPlayer('cs', 'cs12')).toBe(12);
    for (const name of ['cs', 'cs0', 'cs012', 'xx12', 'cs12a', 'cs-1', 'CS12', 'cs1234567890123456789']) {
      expect(memberIdOfPlayer('cs', name), name).toBeNull();
    }
  });
});
