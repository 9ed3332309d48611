import type { GatewayType, SifangConfig } from '@casino/contract';
import type { Config } from '../../config.ts';
import { createSandboxGateway } from './sandbox/client.ts';
import { createSifangGateway } from './sifang/gateway.ts';
import { GatewayError, type PaymentGateway } from './types.ts';

/** What a payment channel (issue 21) needs from its adapter, keys already opened. */
export interface ChannelGatewaySpec {
  id: number;
  gatewayType: GatewayType;
  merchantId: string;
  signKey: string;
  /** '' = signKey */
  notifyKey: string;
  sifang: SifangConfig | null;
  /** our method code -> the gateway's */
  codes: Record<string, string>;
}

export type ChannelGatewayFactory = (spec: ChannelGatewaySpec) => PaymentGateway;

/**
 * The adapter of a channel: the generic 四方 one with the channel's settings, or the signed-JSON
 * sandbox gateway with the channel's key as its merchant secret (reached where the legacy
 * sandbox gateway is). A channel whose adapter cannot be built refuses every order, so routing
 * moves on to the next channel.
 */
export function channelGatewayFactory(config: Config, ownAddress: () => string): ChannelGatewayFactory {
  return (spec) => {
    if (spec.gatewayType === 'sifang' && spec.sifang) {
      return createSifangGateway({ name: `sifang:${spec.id}`, merchantId: spec.merchantId, signKey: spec.signKey, notifyKey: spec.notifyKey, config: spec.sifang, codes: spec.codes, timeoutMs: config.venueTimeoutMs });
    }
    if (spec.gatewayType === 'sandbox' && (config.sandbox || config.sandboxUrl)) {
      return createSandboxGateway({ name: `sandbox:${spec.id}`, baseUrl: () => `${config.sandboxUrl ?? `${ownAddress()}/sandbox`}/pay`, secret: spec.signKey, timeoutMs: config.venueTimeoutMs });
    }
    return unusable(`${spec.gatewayType}:${spec.id}`);
  };
}

function unusable(name: string): PaymentGateway {
  const fail = async (): Promise<never> => {
    throw new GatewayError('refused', `${name}: no adapter can serve this channel here`);
  };
  return { name, ack: 'success', createOrder: fail, queryOrder: fail, verifyNotify: () => ({ ok: false, problem: 'bad_signature' }) };
}
