import { fenToYuan, GAME_MSG, type GameUrlInput, type GameUrlReply } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { isVenueError, type VenueRegistry } from '../../adapters/venues/index.ts';
import { refuse } from '../../http/envelope.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { Transfers } from '../transfers/index.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { gameUrl } from './urls.ts';

/**
 * POST /api/getGameUrl (spec section 4, game launch): the venue and game must be known and open;
 * with auto-transfer on, the member's money follows into the venue first; the provider's URL is
 * made absolute and put under the URL rule (urls.ts).
 */
export function createLauncher(
  ctx: AppContext,
  deps: { registry: VenueRegistry; catalogue: Catalogue; transfers: Transfers; accounts: AccountsService; mayPlay?: (memberId: number) => Promise<void> },
) {
  const { registry, catalogue, transfers, accounts } = deps;
  // the in-process sandbox answers root-relative URLs on the site's own origin
  const inProcess = ctx.config.sandbox && !ctx.config.sandboxUrl;

  return async function launch(memberId: number, input: GameUrlInput): Promise<GameUrlReply> {
    const venue = await catalogue.venue(input.plat_name);
    const adapter = venue && registry.get(venue.provider);
    if (!venue || !adapter || venue.listed !== 1) refuse(GAME_MSG.unknownVenue);
    if (venue.state !== 1) refuse(GAME_MSG.venueMaintenance);
    const game = input.game_code ? await catalogue.game(venue.platform, input.game_code) : await catalogue.lobby(venue.platform);
    if (!game) refuse(input.game_code ? GAME_MSG.unknownGame : GAME_MSG.gameMaintenance);
    if (game.app_state !== 1) refuse(GAME_MSG.gameMaintenance);
    // issue 22: a break or a reached loss limit keeps the game closed (auto-transfer included)
    await deps.mayPlay?.(memberId);

    // what auto-transfer moved is told to the member (issue 15): the header would otherwise read ¥0.00
    let autoTransfer: GameUrlReply['auto_transfer'] = null;
    // issue 38: a seamless venue plays from the central wallet: 自动免转 does not apply to it
    if (venue.mode !== 'seamless' && (await accounts.autoTransferOn(memberId))) {
      const { moved } = await transfers.autoTransfer(memberId, venue);
      if (moved && (moved.status === 1 || moved.status === 2)) {
        autoTransfer = { platform: venue.platform, name: venue.name, amount: fenToYuan(moved.transfer.amount), status: moved.status };
      }
    }

    let raw: string;
    try {
      const player = await transfers.players.ensure(adapter, memberId);
      raw = await adapter.launchUrl({ player, platform: venue.platform, gameCode: game.game_code, mobile: input.is_mobile_url });
    } catch (e) {
      if (isVenueError(e) && e.code === 'game_maintenance') refuse(GAME_MSG.gameMaintenance);
      if (isVenueError(e)) {
        ctx.log.warn({ err: e, platform: venue.platform }, 'game launch failed');
        refuse(GAME_MSG.launchFailed);
      }
      throw e;
    }
    // PUBLIC_URL, never the request's Host header (issue 14): without it the in-process sandbox's
    // root-relative URL stays relative, and the member's browser resolves it on the site's origin
    const site = ctx.config.publicUrl;
    const relativeBase = inProcess ? site : (ctx.config.sandboxUrl ?? site);
    if (!relativeBase && raw.startsWith('/') && !raw.startsWith('//')) return { url: raw, auto_transfer: autoTransfer };
    // no site origin known: only loopback addresses keep their scheme, everything else is https
    const own = site ?? 'http://localhost';
    return { url: gameUrl(raw, { requestOrigin: own, relativeBase: relativeBase ?? own }, venue), auto_transfer: autoTransfer };
  };
}
