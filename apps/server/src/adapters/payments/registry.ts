import type { Config } from '../../config.ts';
import { createSandboxGateway } from './sandbox/client.ts';
import type { PaymentGateway } from './types.ts';

export interface PaymentRegistry {
  get(name: string): PaymentGateway | undefined;
  all(): PaymentGateway[];
}

export function createPaymentRegistry(gateways: PaymentGateway[]): PaymentRegistry {
  const byName = new Map(gateways.map((g) => [g.name, g]));
  return { get: (name) => byName.get(name), all: () => [...byName.values()] };
}

/**
 * The gateways the configuration asks for. The sandbox gateway is reached over HTTP only: at
 * SANDBOX_URL/pay, or by default at this process's own listening address.
 */
export function paymentGatewaysFromConfig(config: Config, ownAddress: () => string): PaymentGateway[] {
  const gateways: PaymentGateway[] = [];
  if (config.sandbox || config.sandboxUrl) {
    gateways.push(
      createSandboxGateway({
        baseUrl: () => `${config.sandboxUrl ?? `${ownAddress()}/sandbox`}/pay`,
        secret: config.paymentSecret,
        timeoutMs: config.venueTimeoutMs,
        previousSecret: config.paymentSecretOld, // issue 23: secret rotation's grace window
        previousUntil: config.secretGraceUntil,
      }),
    );
  }
  return gateways;
}
