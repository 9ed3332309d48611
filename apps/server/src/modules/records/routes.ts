import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  BET_STATUS_LABEL,
  ENTRY_KIND_NAMES,
  fenToYuan,
  RECORDS_CSV_HEADERS,
  RECORDS_EXPORT_NAMES,
  RECORDS_TRANS_NAMES,
  recordsExportSchema,
  type RecordsExportInput,
} from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../http/auth.ts';
import { parse } from '../../http/validate.ts';
import { fromWireTime, toWireTime } from '../../lib/time.ts';
import { memberBetsBetween } from '../bets/index.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { guardCell } from '../reports/index.ts';
import { memberCentralEntries } from '../wallet/index.ts';

const DAY = 86_400_000;

/** [start, end) in epoch ms of the Beijing days from..to, both included */
export function exportWindow(input: { from: string; to: string }) {
  const start = fromWireTime(`${input.from} 00:00:00`)!;
  const end = fromWireTime(`${input.to} 00:00:00`)! + DAY;
  return { start, end };
}

/** the CSV lines of one export, oldest first, read in batches as the reader takes them */
async function* linesOf(ctx: AppContext, catalogue: Catalogue, memberId: number, input: RecordsExportInput): AsyncGenerator<unknown[]> {
  const { start, end } = exportWindow(input);
  if (input.kind === 'trans') {
    for await (const e of memberCentralEntries(ctx.db, memberId, start, end)) {
      // amounts as numbers (a spreadsheet sums them; a text '-5.00' would be guarded as a formula)
      const yuan = fenToYuan(Math.abs(e.amount));
      yield [toWireTime(e.created_at), RECORDS_TRANS_NAMES[e.kind] ?? ENTRY_KIND_NAMES[e.kind] ?? e.kind, e.amount > 0 ? yuan : '', e.amount < 0 ? yuan : '', e.reference];
    }
    return;
  }
  const names = new Map((await catalogue.venues()).map((v) => [v.platform, v.name]));
  for await (const b of memberBetsBetween(ctx.db, memberId, start, end)) {
    yield [
      toWireTime(b.created_at),
      b.bet_id,
      names.get(b.platform) ?? b.platform,
      b.game_name,
      fenToYuan(b.bet_amount),
      fenToYuan(b.valid_amount),
      fenToYuan(b.win_loss),
      BET_STATUS_LABEL[b.status] ?? String(b.status),
      b.settled_at === null ? '' : toWireTime(b.settled_at),
    ];
  }
}

/**
 * POST /api/records/export {kind, from, to} with the member token. The site posts it and saves
 * the reply as a file (a plain link could not carry the bearer token); a refused call answers
 * the envelope with its Chinese message instead of a file. Streamed like the back-office's
 * report CSV (reports/csv.ts): byte-order mark, header row, formula-looking cells guarded.
 */
export function recordsRoutes(app: FastifyInstance, ctx: AppContext, catalogue: Catalogue, requireMember: (req: FastifyRequest) => Promise<void>) {
  app.post('/api/records/export', { preHandler: requireMember }, async (req, reply) => {
    const input = parse(recordsExportSchema, req.body);
    const memberId = memberOf(req).memberId;
    const out = stringify({ bom: true, header: true, columns: RECORDS_CSV_HEADERS[input.kind], cast: { string: guardCell } });
    pipeline(Readable.from(linesOf(ctx, catalogue, memberId, input), { objectMode: true, highWaterMark: 64 }), out, (err) => {
      if (err) ctx.log.error({ err, memberId, kind: input.kind }, 'member records CSV export failed');
    });
    const name = `${input.kind}-${input.from}_${input.to}.csv`;
    const label = encodeURIComponent(`${RECORDS_EXPORT_NAMES[input.kind]}-${input.from}_${input.to}.csv`);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${label}`)
      .header('cache-control', 'no-store');
    return reply.send(out);
  });
}
