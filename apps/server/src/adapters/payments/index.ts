export * from './types.ts';
export { createPaymentRegistry, paymentGatewaysFromConfig, type PaymentRegistry } from './registry.ts';
