export * from './messages.ts';
export * from './money.ts';
export * from './limits.ts';
export * from './validate.ts';
export * from './envelope.ts';
export * from './schemas/account.ts';
export * from './schemas/site.ts';
export * from './routes.ts';
