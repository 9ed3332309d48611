import type {
  BalanceResponse,
  BalancesResponse,
  BetRecordsResponse,
  CatalogueResponse,
  CreatePlayerResponse,
  LaunchResponse,
  TransferResponse,
  TransferStatusResponse,
} from '@casino/sandbox';
import { VenueError, type VenueAdapter, type VenueTransferRequest } from '../types.ts';
import { balanceAnswer, balancesAnswer, betPage, checkedBet, statusAnswer, transferAnswer } from './answers.ts';
import { createSandboxClient, type SandboxClientOptions } from './client.ts';
import { toBet, toCatalogue, toSeamlessRound, toTransferResult, toTransferStatus } from './transform.ts';

/**
 * The sandbox game provider behind the VenueAdapter interface. One provider serves every
 * sandbox venue; a venue is a `platform` in each call.
 */
export function createSandboxAdapter(opts: SandboxClientOptions): VenueAdapter {
  const { call, setVenueMode, seamlessRounds } = createSandboxClient(opts);
  const transfer = (name: 'deposit' | 'withdraw') => async (t: VenueTransferRequest) =>
    toTransferResult(
      transferAnswer(await call<TransferResponse>(name, { username: t.player, platform: t.platform, transfer_id: t.transferId, amount_fen: t.amountFen }), t, name),
    );

  return {
    provider: 'sandbox',

    async ensurePlayer(player) {
      await call<CreatePlayerResponse>('player/create', { username: player });
    },

    deposit: transfer('deposit'),
    withdraw: transfer('withdraw'),

    async transferStatus(transferId) {
      return toTransferStatus(statusAnswer(await call<TransferStatusResponse>('transfer/status', { transfer_id: transferId }), transferId));
    },

    async balance(player, platform, o) {
      try {
        return balanceAnswer(await call<BalanceResponse>('balance', { username: player, platform }, o?.timeoutMs), player, platform);
      } catch (e) {
        if (e instanceof VenueError && e.code === 'player_not_found') return 0;
        throw e;
      }
    },

    async balances(player, o) {
      try {
        return balancesAnswer(await call<BalancesResponse>('balances', { username: player }, o?.timeoutMs), player);
      } catch (e) {
        // a player never created holds nothing anywhere
        if (e instanceof VenueError && e.code === 'player_not_found') return new Map();
        throw e;
      }
    },

    async launchUrl(l) {
      const r = await call<LaunchResponse>('launch', { username: l.player, platform: l.platform, game_code: l.gameCode, is_mobile: l.mobile ? 1 : 0 });
      return r.url;
    },

    async betsSince(platform, cursor, limit) {
      const r = betPage(await call<BetRecordsResponse>('bets', { platform, cursor, limit }));
      return { bets: r.records.map((b) => checkedBet(toBet(b), platform)), nextCursor: r.next_cursor, hasMore: r.has_more };
    },

    async catalogue() {
      // the catalogue is a big answer read rarely: give it more time than a money call
      return toCatalogue(await call<CatalogueResponse>('catalogue', {}, Math.max(opts.timeoutMs, 10_000)));
    },

    // issue 38: seamless venues
    async setVenueMode(platform, mode) {
      await setVenueMode(platform, mode);
    },

    async seamlessRounds(platform, from, to) {
      return (await seamlessRounds(platform, from, to)).map(toSeamlessRound);
    },
  };
}
