export * from './types.ts';
export { createVenueRegistry, venueAdaptersFromConfig, type VenueRegistry } from './registry.ts';
export { memberIdOfPlayer, playerName } from './players.ts';
