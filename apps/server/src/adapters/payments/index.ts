export * from './types.ts';
export { createPaymentRegistry, paymentGatewaysFromConfig, type PaymentRegistry } from './registry.ts';
// issue 21: payment channels' adapters (the generic 四方 one, the sandbox per channel)
export { channelGatewayFactory, type ChannelGatewayFactory, type ChannelGatewaySpec } from './channel.ts';
export { createSifangGateway, type SifangGatewayOptions } from './sifang/gateway.ts';
export { sign as sifangSign, verify as sifangVerify, signText as sifangSignText, type SifangSignType } from './sifang/sign.ts';
