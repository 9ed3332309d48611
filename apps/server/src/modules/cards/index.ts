import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { cardsRoutes } from './routes.ts';
import { createCardsService, type CardsDeps } from './service.ts';
import { cardVaultOf } from './vault.ts';

export type { CardsService } from './service.ts';
export { toCardItem } from './service.ts';
export { hasAnyBank, insertBanks } from './repo.ts';
export { cardVaultOf, createCardVault, loadCardKey, type CardVault } from './vault.ts';
export { normalizedNumber } from './service.ts'; // issue 23: the key-rotation command recomputes fingerprints
export { hasCardEnding } from './ownership.ts';
// issue 10: withdrawals' risk note (same card number on another member)
export { otherHoldersOf } from './sharing.ts';

/** Members' bank cards and USDT addresses, and the bank types offered for them. */
export function createCards(ctx: AppContext, deps: Omit<CardsDeps, 'vault'>) {
  const vault = cardVaultOf(ctx.config); // issue 23: with the previous key during a rotation
  const service = createCardsService(ctx, { ...deps, vault });
  return {
    service,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => cardsRoutes(app, service, requireMember),
  };
}
