import type { AppContext } from '../../context.ts';
import { sendToMember } from '../../modules/inbox/index.ts';

const HOUR = 60 * 60 * 1000;

/** A few inbox messages for the demo member, each sent once (dedupe keys), oldest first. */
const DEMO_MESSAGES = [
  {
    key: 'seed:security',
    ageHours: 50,
    title: '账户安全提醒',
    content:
      '为保障您的资金安全，请妥善保管登录密码与支付密码，切勿向任何人透露。\n平台工作人员不会以任何理由向您索要密码或验证码。如发现账户异常，请立即联系在线客服。',
  },
  {
    key: 'seed:cards',
    ageHours: 26,
    title: '绑定取款卡片，提款更便捷',
    content:
      '您可在「安全中心 - 卡片管理」中绑定银行卡或 USDT 地址（TRC20 / ERC20），每种类型最多 5 张。\n绑定时需验证支付密码，卡号仅显示末四位，保障您的信息安全。',
  },
  {
    key: 'seed:welcome',
    ageHours: 1,
    title: '欢迎加入鼎盛娱乐',
    content:
      '尊敬的会员，您好！欢迎加入鼎盛娱乐。\n首次存款即可参与新人优惠活动，更多精彩活动请前往「优惠活动」查看。\n如有任何疑问，请联系在线客服。祝您游戏愉快！',
  },
];

export async function seedDemoInbox(ctx: AppContext, username: string): Promise<void> {
  const member = await ctx.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirst();
  if (!member) return;
  const now = Date.now();
  for (const m of DEMO_MESSAGES) {
    await sendToMember(ctx, Number(member.id), m.title, m.content, { dedupeKey: m.key, at: now - m.ageHours * HOUR });
  }
}
