import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { cardsRoutes } from './routes.ts';
import { createCardsService, type CardsDeps } from './service.ts';
import { createCardVault, loadCardKey } from './vault.ts';

export type { CardsService } from './service.ts';
export { toCardItem } from './service.ts';
export { hasAnyBank, insertBanks } from './repo.ts';
export { createCardVault, loadCardKey, type CardVault } from './vault.ts';
export { hasCardEnding } from './ownership.ts';
// issue 10: withdrawals' risk note (same card number on another member)
export { otherHoldersOf } from './sharing.ts';

/** Members' bank cards and USDT addresses, and the bank types offered for them. */
export function createCards(ctx: AppContext, deps: Omit<CardsDeps, 'vault'>) {
  const vault = createCardVault(loadCardKey(ctx.config));
  const service = createCardsService(ctx, { ...deps, vault });
  return {
    service,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => cardsRoutes(app, service, requireMember),
  };
}
