import { activityApplySchema, emptyBodySchema, fenToYuan, getFanshuiSchema, pageOnlySchema, PROMO_MSG } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { applyForActivity, memberApplications } from './applications.ts';
import type { PromotionsDeps } from './deps.ts';
import { grabRedPacket, redPacketInfo, redPacketRecords } from './red-packets.ts';
import { claimRebates, rebateList } from './rebates.ts';
import { vipProgress } from './vip.ts';

/** The member calls of spec section 7 (rebates, red packets, activity applications) and /vip's progress. */
export function promotionsRoutes(app: FastifyInstance, deps: PromotionsDeps, requireMember: (req: FastifyRequest) => Promise<void>) {
  const guarded = { preHandler: requireMember };
  const me = (req: FastifyRequest) => memberOf(req).memberId;

  app.post('/api/getfanshui', guarded, async (req) => ok(await rebateList(deps, me(req), parse(getFanshuiSchema, req.body), deps.now())));
  app.post('/api/dofanshui', guarded, async (req) => {
    parse(emptyBodySchema, req.body);
    const { claim_no, amount } = await claimRebates(deps, me(req), deps.now());
    return ok({ claim_no, money: fenToYuan(amount) }, PROMO_MSG.claimOk);
  });

  // the red packet calls as the original front-end makes them (issue 19): GET today's allowance
  // and rules (/hongbao, /welfare), POST the member's records paged, POST a grab.
  // Guests (no Authorization header at all) read the rules with no allowance; a token that is
  // sent must be valid (401 otherwise, so the site's expiry flow still runs). A page sent along
  // (the original's /welfare does) is read and has no effect.
  app.get('/api/userredpacket', async (req) => {
    if (req.headers.authorization !== undefined) await requireMember(req);
    parse(pageOnlySchema, req.query);
    return ok(await redPacketInfo(deps, req.member ? me(req) : null, deps.now()));
  });
  app.post('/api/redpacket', guarded, async (req) => ok(await redPacketRecords(deps.db, me(req), parse(pageOnlySchema, req.body).page)));
  app.post('/api/douserredpacket', guarded, async (req) => {
    parse(emptyBodySchema, req.body);
    await deps.refuseOnBreak?.(me(req), 'redPacket'); // issue 22
    return ok(await grabRedPacket(deps, me(req), deps.now()), PROMO_MSG.grabOk);
  });

  app.post('/api/activityApplyLog', guarded, async (req) => ok(await memberApplications(deps.db, me(req), parse(pageOnlySchema, req.body).page)));
  app.post('/api/activityApply', guarded, async (req) => {
    const { id } = parse(activityApplySchema, req.body);
    await deps.refuseOnBreak?.(me(req), 'activity'); // issue 22
    return ok(await applyForActivity(deps, me(req), id, deps.now()), PROMO_MSG.applyOk);
  });

  app.post('/api/vipprogress', guarded, async (req) => {
    parse(emptyBodySchema, req.body);
    return ok(await vipProgress(deps, me(req), deps.now()));
  });
}
