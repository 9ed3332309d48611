/**
 * Our members' names at the providers: a prefix and the member id (never the username), so two
 * members can never collide and a name says which member it is. Sites sharing one provider
 * account pick different prefixes (VENUE_PLAYER_PREFIX).
 */
export function playerName(prefix: string, memberId: number): string {
  return `${prefix}${memberId}`;
}

/** The member id a player name stands for, or null when it is not one of ours. */
export function memberIdOfPlayer(prefix: string, player: string): number | null {
  if (!player.startsWith(prefix)) return null;
  const rest = player.slice(prefix.length);
  if (!/^[1-9]\d{0,15}$/.test(rest)) return null;
  const id = Number(rest);
  return Number.isSafeInteger(id) ? id : null;
}
