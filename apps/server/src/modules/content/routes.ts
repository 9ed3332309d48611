import {
  activityDetailSchema,
  activityListSchema,
  activityTypeSchema,
  articleSchema,
  bannerListSchema,
  CODE,
  CONTENT_MSG,
  homeNoticeSchema,
  MSG,
  noticeListSchema,
  sponsorsSchema,
  supportTicketSchema,
  userVipSchema,
} from '@casino/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError, envelopeOf, ok } from '../../http/envelope.ts';
import { answerTooLarge } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { requestOrigin } from '../../http/site-url.ts';
import { sendImage } from '../../lib/images.ts';
import type { SiteService } from '../site/index.ts';
import { mediaSvg } from './media.ts';
import { PICTURE_NAME, PICTURE_URL_PREFIX, pictureDir } from './upload.ts';
import { agentPage, downloadPage, partnerPage, supportPage } from './pages.ts';
import { SUPPORT_SCRIPT, SUPPORT_SCRIPT_PATH } from './support-script.ts';
import { PAGE_CSP } from '../../http/security-headers.ts';
import type { ContentService } from './service.ts';

const MEDIA_CACHE = 'public, max-age=2592000';
/** a picture opened on its own may not run anything */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'";

/** tickets from one address: 5 per 10 minutes, then 10 minutes' wait */
export const TICKET_RULE = { name: 'support_ticket', points: 5, durationSec: 600, blockSec: 600 };

/** issue 20: what the agents module lends the content pages (wired in app.ts) */
export interface ContentAgentHooks {
  /** the default plan as the agent page's rows: [members, net profit, rate] */
  agentTiers?: () => Promise<[string, string, string][]>;
  /** the agent portal's address when the request carries an agent's session, else null */
  agentPortalFor?: (req: FastifyRequest) => Promise<string | null>;
}

export function contentRoutes(app: FastifyInstance, ctx: AppContext, content: ContentService, site: SiteService, agents: ContentAgentHooks = {}) {
  const brand = async () => (await site.settings()).title;
  const ticketLimiter = ctx.limiter(TICKET_RULE);
  // PUBLIC_URL, or root-relative links: never the request's Host header, which a caller chooses (issue 14)
  const origin = ctx.config.publicUrl ?? '';

  app.post('/api/bannerList', async (req) => ok(await content.banners(parse(bannerListSchema, req.body).type)));
  app.post('/api/homenotice', async (req) => {
    parse(homeNoticeSchema, req.body);
    return ok(await content.homeNotice());
  });
  app.post('/api/noticeList', async (req) => ok(await content.notices(parse(noticeListSchema, req.body).page)));
  app.post('/api/activitytype', async (req) => {
    parse(activityTypeSchema, req.body);
    return ok(await content.activityTypes());
  });
  app.post('/api/activitylist', async (req) => {
    const q = parse(activityListSchema, req.body);
    return ok(await content.activities(q.type, q.page));
  });
  // the spec's spelling
  app.post('/api/activitydeatil', async (req) => ok(await content.activity(parse(activityDetailSchema, req.body).id)));
  app.post('/api/article', async (req) => ok(await content.article(parse(articleSchema, req.body).type)));
  app.post('/api/uservip', async (req) => {
    parse(userVipSchema, req.body);
    return ok(await content.vipLevels());
  });
  app.post('/api/getservicerurl', async (req) => ok({ url: await content.serviceUrl(origin) }));
  // issue 20: an agent (its session sent along) is pointed at its portal; everyone else at the programme page
  app.get('/api/getAgentLoginUrl', async (req) => ok({ url: (await agents.agentPortalFor?.(req)) ?? (await content.agentLoginUrl(origin)) }));
  // code 200 only when there is another address to go to (the original client navigates to it)
  // (issue 33: "another" is seen from PUBLIC_URL and from the origin the request reached: the
  // original client opens data.url even when it is the page it is on, and would reload for ever)
  app.get('/api/getVisitUrl', async (req) => {
    const url = await content.visitUrl(origin, requestOrigin(req) ?? '');
    return url ? ok({ url }) : envelopeOf(CODE.notFound, CONTENT_MSG.noVisitUrl);
  });
  app.post('/api/sponsors', async (req) => {
    parse(sponsorsSchema, req.body);
    return ok(await content.sponsors(origin));
  });

  // ---- pictures and our own small pages -----------------------------------------------------

  app.get<{ Params: { folder: string; file: string } }>('/media/:folder/:file', async (req, reply) => {
    const m = /^([a-z0-9-]{1,40})\.svg$/.exec(req.params.file);
    const svg = m ? mediaSvg(req.params.folder, m[1]) : null;
    if (!svg) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', MEDIA_CACHE).header('Content-Security-Policy', MEDIA_CSP).send(svg);
  });

  // issue 13: pictures operators uploaded, with the type their bytes were judged to be (the
  // extension records it), never sniffed by the browser, and a policy that lets them run nothing
  app.get<{ Params: { name: string } }>(`${PICTURE_URL_PREFIX}:name`, async (req, reply) => sendImage(reply, pictureDir(ctx.config.dataDir), req.params.name, PICTURE_NAME));

  // every page we render carries PAGE_CSP: no inline script runs on it (issue 14)
  const html = (reply: FastifyReply, page: string) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Content-Security-Policy', PAGE_CSP).send(page);
  app.get(SUPPORT_SCRIPT_PATH, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SUPPORT_SCRIPT),
  );
  app.get('/support/', async (_req, reply) => html(reply, supportPage(await brand())));
  app.get('/support/agent', async (_req, reply) => html(reply, agentPage(await brand(), await agents.agentTiers?.())));
  app.get('/download/', async (_req, reply) => html(reply, downloadPage(await brand(), '/#/')));
  app.get<{ Params: { type: string } }>('/partners/:type', async (req, reply) => {
    const s = /^[12]$/.test(req.params.type) ? await content.sponsor(Number(req.params.type)) : null;
    if (!s) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return html(reply, partnerPage(await brand(), s));
  });

  // the support page's form; answers the envelope like /api does
  app.post(
    '/support/api/ticket',
    {
      bodyLimit: 8 * 1024,
      errorHandler(error: FastifyError, request, reply) {
        if (error instanceof ApiError) return reply.code(200).send(envelopeOf(error.code, error.message));
        const status = error.statusCode ?? 500;
        if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answerTooLarge(request, reply, true);
        if (status >= 400 && status < 500) return reply.code(200).send(envelopeOf(CODE.invalid, MSG.badRequest));
        request.log.error({ err: error }, 'support ticket failed');
        return reply.code(200).send(envelopeOf(CODE.error, MSG.serverError));
      },
    },
    async (req) => {
      await ticketLimiter.assertOpen(req.ip);
      const input = parse(supportTicketSchema, req.body);
      await ticketLimiter.hit(req.ip);
      await content.saveTicket(input, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
      return ok(null, CONTENT_MSG.ticketOk);
    },
  );
}
