import type { Config } from '../../config.ts';
import { createSandboxAdapter } from './sandbox/adapter.ts';
import type { VenueAdapter } from './types.ts';

/**
 * The game providers this server talks to, by name (venues.provider). Today only the sandbox;
 * a real aggregator is one more adapter here.
 */
export interface VenueRegistry {
  get(provider: string): VenueAdapter | undefined;
  all(): VenueAdapter[];
}

export function createVenueRegistry(adapters: VenueAdapter[]): VenueRegistry {
  const byName = new Map(adapters.map((a) => [a.provider, a]));
  return {
    get: (provider) => byName.get(provider),
    all: () => [...byName.values()],
  };
}

/**
 * The adapters the configuration asks for. The sandbox is reached over HTTP only: at SANDBOX_URL,
 * or by default at this process's own listening address (`ownAddress`, known once it listens).
 */
export function venueAdaptersFromConfig(config: Config, ownAddress: () => string): VenueAdapter[] {
  const adapters: VenueAdapter[] = [];
  if (config.sandbox || config.sandboxUrl) {
    adapters.push(
      createSandboxAdapter({
        baseUrl: config.sandboxUrl ?? (() => `${ownAddress()}/sandbox`),
        secret: config.sandboxSecret,
        timeoutMs: config.venueTimeoutMs,
      }),
    );
  }
  return adapters;
}
