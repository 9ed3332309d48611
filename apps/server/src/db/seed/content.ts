import type { AppContext } from '../../context.ts';
import { createContent, mediaPath } from '../../modules/content/index.ts';
import type { SiteService } from '../../modules/site/index.ts';

/**
 * First content of the site (banners, announcements, promotions, articles, VIP table).
 * Inserts only what is missing (seeded rows have a slug, articles a type, levels a number),
 * so operators' edits survive and several processes may run it at once. HTML goes through the
 * content module's store functions, which sanitize it, as a back office's writes will.
 */
export async function seedContent(ctx: AppContext, site: SiteService): Promise<void> {
  const { db } = ctx;
  const content = createContent(ctx, site);
  const brand = (await site.settings()).title;
  const b = (text: string) => text.replaceAll('{brand}', brand);
  const now = Date.now();
  const DAY = 86_400_000;

  await db
    .insertInto('activity_types')
    .values([
      { id: 1, name: '综合', sort: 1 },
      { id: 2, name: '真人', sort: 2 },
      { id: 3, name: '电子', sort: 3 },
      { id: 4, name: '体育', sort: 4 },
      { id: 5, name: '棋牌', sort: 5 },
      { id: 11, name: '捕鱼', sort: 6 },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  for (const [i, a] of ACTIVITIES.entries()) {
    await content.saveActivity(
      { slug: a.slug, type: a.type, title: a.title, banner: mediaPath('activities', a.slug), content: b(a.content), memo: b(a.memo), sort: i + 1 },
      { onlyIfMissing: true },
    );
  }
  const idOf = async (slug: string) => (await db.selectFrom('activities').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
  const link = async (slug: string) => {
    const id = await idOf(slug);
    return id ? `/activityInfo?id=${id}` : '';
  };

  const banners = [
    { slug: 'welcome', title: '新会员首存礼金', link: await link('first-deposit') },
    { slug: 'vip', title: 'VIP十级特权', link: '/vip' },
    { slug: 'sports', title: '体育串关加奖', link: await link('sports-parlay') },
    { slug: 'live', title: '真人视讯每日返水', link: await link('live-rebate') },
    { slug: 'security', title: '资金安全 存取无忧', link: '/boutBallBetInfo?type=8' },
    { slug: 'app', title: 'APP下载', link: '/app' },
  ];
  await db
    .insertInto('banners')
    .values(banners.map((x, i) => ({ slug: x.slug, type: 2, title: x.title, src: mediaPath('banners', x.slug), link: x.link, sort: i + 1, created_at: now })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();

  await db
    .insertInto('notices')
    .values(
      NOTICES.map((n, i) => ({
        slug: n.slug,
        title: b(n.title),
        content: b(n.content),
        on_home: n.home ? 1 : 0,
        // newest first: the later in this list, the older
        sort: NOTICES.length - i,
        created_at: now - i * 2 * DAY,
      })),
    )
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();

  for (const [type, html] of Object.entries(ARTICLES)) {
    await content.saveArticle({ type: Number(type), content: b(html) }, { onlyIfMissing: true });
  }

  // issue 13: content: the sponsorship partners, rows an operator edits from now on
  await content.service.seedSponsors();

  await db
    .insertInto('vip_levels')
    .values(VIP_LEVELS.map(([level, name, rechargeYuan, flowYuan, ...bp]) => ({
      level,
      name,
      recharge_fen: rechargeYuan * 100,
      flow_fen: flowYuan * 100,
      realperson_bp: bp[0],
      sport_bp: bp[1],
      e_sport_bp: bp[2],
      joker_bp: bp[3],
      electron_bp: bp[4],
      lottery_bp: bp[5],
    })))
    .onConflict((oc) => oc.column('level').doNothing())
    .execute();
}

/** level, name, recharge (yuan), flow (yuan), rebate basis points: live, sport, e-sport, card, slots, lottery */
const VIP_LEVELS: [number, string, number, number, number, number, number, number, number, number][] = [
  [1, '青铜会员', 100, 1_000, 40, 40, 40, 50, 60, 30],
  [2, '白银会员', 1_000, 10_000, 50, 50, 50, 60, 70, 40],
  [3, '黄金会员', 5_000, 50_000, 60, 60, 60, 70, 80, 50],
  [4, '铂金会员', 20_000, 200_000, 70, 70, 70, 80, 90, 60],
  [5, '钻石会员', 50_000, 500_000, 80, 80, 80, 90, 100, 70],
  [6, '星耀会员', 100_000, 1_000_000, 90, 90, 90, 100, 110, 80],
  [7, '王者会员', 300_000, 3_000_000, 100, 100, 100, 110, 120, 90],
  [8, '至尊会员', 800_000, 8_000_000, 110, 110, 110, 120, 130, 100],
  [9, '传奇会员', 2_000_000, 20_000_000, 120, 120, 120, 130, 150, 110],
  [10, '荣耀会员', 5_000_000, 50_000_000, 150, 150, 150, 160, 180, 120],
];

const COMMON_RULES = `<h3>通用条款</h3><ol>
<li>每位会员、每个手机号、每张银行卡、每个 IP 地址及每台设备仅限一个账号参与优惠。</li>
<li>如发现会员以对冲、套利、多账号等方式骗取优惠，{brand}有权取消优惠并冻结相关盈利。</li>
<li>优惠仅限年满 18 周岁的会员参与。请理性娱乐，量力而行。</li>
<li>{brand}保留对本活动的最终解释权，并有权在不另行通知的情况下修改或终止活动。</li>
</ol>`;

const ACTIVITIES: { slug: string; type: number; title: string; memo: string; content: string }[] = [
  {
    slug: 'first-deposit',
    type: 1,
    title: '新会员首存礼金 最高888元',
    memo: '注册后 7 天内完成首笔存款即可申请，礼金需完成 10 倍流水后可提款。',
    content: `<h3>活动内容</h3><p>新会员注册后 7 天内完成首笔存款，即可按存款金额获得相应比例的首存礼金。</p>
<table><thead><tr><th>首存金额</th><th>赠送比例</th><th>最高礼金</th><th>流水要求</th></tr></thead><tbody>
<tr><td>100 元及以上</td><td>10%</td><td>88 元</td><td>10 倍</td></tr>
<tr><td>1,000 元及以上</td><td>15%</td><td>388 元</td><td>10 倍</td></tr>
<tr><td>5,000 元及以上</td><td>18%</td><td>888 元</td><td>10 倍</td></tr></tbody></table>
<h3>申请方式</h3><p>完成首笔存款后，在本页点击“立即申请”联系在线客服，客服核实存款后人工派发至中心钱包。</p>
<p class="note">流水计算：（存款金额 + 礼金）× 10 倍有效投注。</p>${COMMON_RULES}`,
  },
  {
    slug: 'daily-redpacket',
    type: 1,
    title: '天天抢红包 每日准点开抢',
    memo: '每日 10:00~12:00 开放抢红包，可抢次数取决于前一日 12:00 起的累计存款。',
    content: `<h3>活动时间</h3><p>每日北京时间 <strong>10:00 ~ 12:00</strong>。</p>
<h3>可抢次数</h3><table><thead><tr><th>累计存款（前一日 12:00 起）</th><th>可抢次数</th></tr></thead><tbody>
<tr><td>100 元及以上</td><td>1 次</td></tr><tr><td>1,000 元及以上</td><td>2 次</td></tr>
<tr><td>5,000 元及以上</td><td>3 次</td></tr><tr><td>20,000 元及以上</td><td>5 次</td></tr></tbody></table>
<p>每个红包金额 1.88 ~ 888 元随机，抢到的红包即时计入中心钱包，完成红包规则所示的流水后即可提款。可抢次数与金额以抢红包页面显示为准。</p>
<p>前往 <a href="/#/hongbao">抢红包页面</a> 参与。</p>${COMMON_RULES}`,
  },
  {
    slug: 'vip-upgrade',
    type: 1,
    title: 'VIP晋级礼金 逐级领取',
    memo: '累计存款与有效投注同时达到等级要求即可晋级，晋级礼金由客服核实后派发，仅需 1 倍流水。',
    content: `<h3>活动内容</h3><p>会员累计存款与累计有效投注同时达到相应等级要求，即可晋级并申请晋级礼金（联系在线客服，核实后派发）。</p>
<table><thead><tr><th>等级</th><th>晋级礼金</th><th>生日礼金</th></tr></thead><tbody>
<tr><td>VIP1</td><td>8 元</td><td>—</td></tr><tr><td>VIP2</td><td>38 元</td><td>18 元</td></tr>
<tr><td>VIP3</td><td>88 元</td><td>38 元</td></tr><tr><td>VIP4</td><td>288 元</td><td>88 元</td></tr>
<tr><td>VIP5</td><td>588 元</td><td>188 元</td></tr><tr><td>VIP6</td><td>1,288 元</td><td>388 元</td></tr>
<tr><td>VIP7</td><td>2,888 元</td><td>888 元</td></tr><tr><td>VIP8</td><td>6,888 元</td><td>1,888 元</td></tr>
<tr><td>VIP9</td><td>16,888 元</td><td>3,888 元</td></tr><tr><td>VIP10</td><td>38,888 元</td><td>8,888 元</td></tr></tbody></table>
<p>详细等级要求请查看 <a href="/#/vip">VIP 特权</a>。</p>${COMMON_RULES}`,
  },
  {
    slug: 'live-rebate',
    type: 2,
    title: '真人视讯 每日返水最高1.5%',
    memo: '真人视讯有效投注按 VIP 等级每日返水，无上限，北京时间每日零点后结算，在返水页面自助领取。',
    content: `<h3>活动内容</h3><p>在真人视讯场馆的有效投注，按会员 VIP 等级享受每日返水，<strong>返水无上限</strong>。</p>
<ul><li>VIP1 ~ VIP3：0.40% ~ 0.60%</li><li>VIP4 ~ VIP6：0.70% ~ 0.90%</li><li>VIP7 ~ VIP10：1.00% ~ 1.50%</li></ul>
<p>返水按北京时间每日 00:00 ~ 23:59 的有效投注计算，次日零点后结算，请在 <a href="/#/fanshui">返水页面</a> 自助领取，领取后仅需 1 倍流水即可提款。</p>
<p class="note">对押、无风险投注及和局不计入有效投注。</p>${COMMON_RULES}`,
  },
  {
    slug: 'slot-bonus',
    type: 3,
    title: '电子游戏 爆奖加赠',
    memo: '电子游戏单局赢得投注额 100 倍以上，可申请额外加赠彩金，最高 8,888 元。',
    content: `<h3>活动内容</h3><p>在指定电子游戏中，单局派彩达到投注额以下倍数，即可申请额外加赠：</p>
<table><thead><tr><th>单局派彩倍数</th><th>加赠彩金</th></tr></thead><tbody>
<tr><td>100 倍</td><td>投注额 × 5 倍</td></tr><tr><td>300 倍</td><td>投注额 × 15 倍</td></tr>
<tr><td>500 倍及以上</td><td>投注额 × 30 倍（最高 8,888 元）</td></tr></tbody></table>
<h3>申请方式</h3><p>爆奖后请保留游戏记录截图，于 24 小时内联系在线客服申请。单局投注额 1 元起计。</p>${COMMON_RULES}`,
  },
  {
    slug: 'sports-parlay',
    type: 4,
    title: '体育串关加奖 最高30%',
    memo: '足球、篮球串关投注全部命中，按串关场数额外加奖，单注最高加奖 8,888 元。',
    content: `<h3>活动内容</h3><p>体育场馆串关注单全部命中，按串关场数获得额外加奖：</p>
<table><thead><tr><th>串关场数</th><th>加奖比例</th></tr></thead><tbody>
<tr><td>3 串 1</td><td>5%</td></tr><tr><td>4 ~ 5 串 1</td><td>10%</td></tr><tr><td>6 ~ 7 串 1</td><td>18%</td></tr><tr><td>8 串 1 及以上</td><td>30%</td></tr></tbody></table>
<ul><li>每场赔率不低于 1.50（欧洲盘）；</li><li>提前结算、取消或走盘的注单不参与；</li><li>注单结算后联系在线客服申请，核实后派发，1 倍流水即可提款。</li></ul>${COMMON_RULES}`,
  },
  {
    slug: 'card-newbie',
    type: 5,
    title: '棋牌新手保护金',
    memo: '新会员首周在棋牌游戏的净输额，次周一按比例返还，最高 188 元。',
    content: `<h3>活动内容</h3><p>新会员注册后首个自然周（周一至周日）在棋牌场馆产生净输额，次周一可申请按比例返还保护金：</p>
<table><thead><tr><th>首周净输额</th><th>返还比例</th><th>最高返还</th></tr></thead><tbody>
<tr><td>200 元及以上</td><td>5%</td><td>38 元</td></tr><tr><td>1,000 元及以上</td><td>8%</td><td>188 元</td></tr></tbody></table>
<p>保护金需完成 3 倍流水后可提款。</p>${COMMON_RULES}`,
  },
  {
    slug: 'fishing-rank',
    type: 11,
    title: '捕鱼达人周榜 奖池万元',
    memo: '每周统计捕鱼游戏有效投注，前 20 名瓜分 10,000 元奖池，次周一核实后派发。',
    content: `<h3>活动内容</h3><p>每周一 00:00 至周日 23:59，按捕鱼场馆的有效投注排名，前 20 名会员瓜分 <strong>10,000 元</strong> 奖池。</p>
<table><thead><tr><th>名次</th><th>奖金</th></tr></thead><tbody>
<tr><td>第 1 名</td><td>2,888 元</td></tr><tr><td>第 2 名</td><td>1,888 元</td></tr><tr><td>第 3 名</td><td>988 元</td></tr>
<tr><td>第 4 ~ 10 名</td><td>388 元</td></tr><tr><td>第 11 ~ 20 名</td><td>152 元</td></tr></tbody></table>
<p>上榜最低有效投注 5,000 元；奖金于次周一由客服核实后派发，1 倍流水即可提款。</p>${COMMON_RULES}`,
  },
  {
    slug: 'esports-weekly',
    type: 1,
    title: '电竞周末加赠 投注返利',
    memo: '每周六、周日电竞场馆有效投注满 1,000 元，即可申请 0.5% 额外返利。',
    content: `<h3>活动内容</h3><p>每周六、周日在电子竞技场馆的有效投注累计满 1,000 元，即可在次周一申请 0.5% 的额外返利，单周最高 1,888 元。</p>
<ul><li>仅统计已结算注单；</li><li>与日常返水可同时享受；</li><li>返利 1 倍流水即可提款。</li></ul>${COMMON_RULES}`,
  },
];

const NOTICES: { slug: string; title: string; content: string; home?: boolean }[] = [
  {
    slug: 'domain',
    title: '官方域名与防骗提醒',
    content: '请认准{brand}官方网址，收藏永久域名并通过官方APP登录。官方客服不会通过私人社交账号索要您的密码、验证码，也不会要求您向个人账户转账，谨防上当受骗。',
    home: true,
  },
  {
    slug: 'deposit-channels',
    title: '存款通道升级公告',
    content: '在线支付成功后自动入账；银行转账与 USDT（TRC20 / ERC20）存款提交后，由财务人员核对到账并审核入账。请务必使用存款页面显示的最新收款账户或地址，并在订单有效期内完成转账。',
    home: true,
  },
  {
    slug: 'responsible',
    title: '理性娱乐倡议',
    content: '{brand}倡导理性娱乐：请勿借贷投注，合理安排时间与预算。您可随时在「会员中心 - 自我管理」自行设置存款限额、亏损限额和游戏时长提醒，或开启冷静期、自我排除，即时生效。',
    home: true,
  },
  {
    slug: 'maintenance',
    title: '系统例行维护通知',
    content: '场馆维护期间，该场馆的游戏暂停进入，已转入场馆的余额与中心钱包余额均不受影响。维护结束后请刷新页面，给您带来不便敬请谅解。',
  },
  {
    slug: 'vip-upgrade',
    title: 'VIP等级体系全新升级',
    content: 'VIP 等级扩展至十级，晋级礼金、生日礼金与每日返水比例全面提升，最高返水 1.8%。详情请在会员中心查看“VIP特权”。',
    home: true,
  },
  {
    slug: 'new-venues',
    title: '新场馆上线',
    content: '电子游戏新增多款热门主题游戏，捕鱼场馆上线“深海宝藏”系列。新游戏同样计入每日返水与各项活动流水。',
  },
  {
    slug: 'withdraw-tips',
    title: '取款到账时间说明',
    content: '每笔取款均由财务人员人工审核，审核通过后汇出，到账时间以银行或链上确认为准；审核期间取款金额暂时冻结，未通过将全额退回中心钱包。为保障资金安全，请确保收款账户姓名与注册真实姓名一致。',
  },
  {
    slug: 'holiday-service',
    title: '节假日客服服务安排',
    content: '节假日期间在线客服照常服务，存取款通道正常开放，审核可能因排队稍有延迟。可在客服页面留言，我们会尽快回复。',
  },
  {
    slug: 'privacy-update',
    title: '隐私政策更新说明',
    content: '我们更新了《隐私政策》，进一步说明了个人信息的收集范围、保存期限与您的权利。您可在“关于我们”中查看完整内容。',
  },
];

const PRIVACY = `<h3>一、引言</h3><p>{brand}（以下简称“我们”）深知个人信息对您的重要性。本政策说明我们如何收集、使用、保存与保护您的个人信息，以及您享有的权利。使用我们的服务即表示您已阅读并理解本政策。</p>
<h3>二、我们收集的信息</h3><ul>
<li><strong>注册信息：</strong>用户名、密码（仅保存不可逆的加密摘要）、真实姓名；</li>
<li><strong>账户资料：</strong>您自愿填写的手机号、邮箱、生日及头像；</li>
<li><strong>交易信息：</strong>存款、取款、转账、投注与优惠记录，绑定的银行卡及 USDT 地址（页面仅显示末 4 位）；</li>
<li><strong>安全信息：</strong>登录时间、IP 地址与设备信息，用于账户安全与防欺诈。</li></ul>
<h3>三、信息的使用</h3><p>我们仅在以下目的范围内使用您的信息：提供与维护账户服务；处理存取款与资金结算；核实身份、防范欺诈与洗钱；履行法律法规要求；在您同意的前提下发送活动通知。</p>
<h3>四、信息的保存与保护</h3><p>我们采用传输加密、密码加盐哈希、访问权限分级与操作审计等措施保护您的信息。账户信息在账户存续期间保存；账户注销后，除法律要求保留的交易记录外，我们将在 30 日内删除或匿名化处理。</p>
<h3>五、信息的共享</h3><p>我们不会出售您的个人信息。仅在为完成支付结算所必需（如支付通道）、获得您明确同意或依法配合有权机关时，才会在最小范围内共享必要信息。</p>
<h3>六、您的权利</h3><p>您可随时查阅、更正账户资料；可申请导出交易记录、注销账户或撤回营销通知的同意。如需行使上述权利，请联系在线客服，我们将在 15 个工作日内答复。</p>
<h3>七、未成年人保护</h3><p>我们的服务仅面向年满 18 周岁的成年人。如发现未成年人注册，我们将立即关闭账户并删除相关信息。</p>
<h3>八、政策更新</h3><p>本政策如有重大变更，我们将通过站内公告提前通知。继续使用服务即视为同意更新后的政策。</p>`;

const ARTICLES: Record<number, string> = {
  7: `<h3>关于{brand}</h3><p>{brand}是一家专注于移动端体验的综合娱乐平台，提供真人视讯、体育赛事、电子游戏、棋牌、彩票、捕鱼与电子竞技等多种娱乐项目。我们坚持“公平、安全、理性”的运营原则，致力于为成年会员提供值得信赖的娱乐服务。</p>
<h3>我们的承诺</h3><ul><li><strong>资金安全：</strong>会员资金独立记账，每一笔存取款均有完整流水记录可查；</li>
<li><strong>公平公正：</strong>合作场馆均采用经过独立检测的随机数系统，注单结果可追溯；</li>
<li><strong>透明服务：</strong>在线支付成功后自动入账，银行转账、USDT 存款与每笔取款均由财务人员人工审核，进度可在交易记录中查看；</li>
<li><strong>隐私保护：</strong>严格遵守《隐私政策》，绝不出售会员信息；</li>
<li><strong>理性娱乐：</strong>会员可随时在「会员中心 - 自我管理」自行设置限额，或开启冷静期、自我排除，帮助控制娱乐时间与预算。</li></ul>
<h3>服务时间</h3><p>在线客服每日服务，节假日无休，也可随时在客服页面留言。</p>`,
  1: `<h3>账户相关</h3><p><strong>问：如何注册账户？</strong><br>答：点击页面右上角“注册”，填写 6~16 位字母或数字组成的用户名、登录密码、真实姓名与支付密码即可。真实姓名须与取款银行卡户名一致。</p>
<p><strong>问：忘记密码怎么办？</strong><br>答：在登录页点击“忘记密码？”，填写用户名、注册真实姓名、支付密码与已绑定银行卡号（或 USDT 地址）的后 4 位，即可自助设置新密码，其他设备上的登录会同时退出。尚未绑定卡片的会员请联系在线客服。</p>
<h3>存款相关</h3><p><strong>问：支持哪些存款方式？</strong><br>答：支持在线支付、银行转账与 USDT（TRC20 / ERC20）存款，单笔一般 100 ~ 10,000 元，以存款页面显示为准。</p>
<p><strong>问：存款未到账怎么办？</strong><br>答：在线支付成功后自动入账；银行转账与 USDT 存款由财务人员核对后入账，可在交易记录中查看审核状态。长时间未到账，请保留付款凭证并联系在线客服。</p>
<h3>取款相关</h3><p><strong>问：取款有什么要求？</strong><br>答：单笔金额以取款页面显示为准；需完成存款与优惠对应的流水；收款账户须为本人名下。每笔取款由财务人员人工审核，审核通过后汇出。</p>
<p><strong>问：什么是流水？</strong><br>答：流水指有效投注金额。例如存款 100 元并领取 10 倍流水的优惠，需累计有效投注达到要求后方可取款。</p>
<h3>游戏相关</h3><p><strong>问：中心钱包与场馆钱包有什么区别？</strong><br>答：存款进入中心钱包，进入游戏时资金转入对应场馆。您可在“额度转换”页面随时一键回收所有场馆余额。</p>`,
  2: PRIVACY,
  6: PRIVACY,
  3: `<h3>免责声明</h3><p>在使用{brand}的服务前，请您仔细阅读以下条款：</p><ol>
<li>本平台仅向年满 18 周岁、具有完全民事行为能力的人士提供服务。会员须自行确认所在地区的法律允许其参与相关娱乐活动，因违反当地法律产生的责任由会员自行承担。</li>
<li>因不可抗力（包括但不限于自然灾害、网络运营商故障、黑客攻击、政府管制）导致的服务中断或数据延迟，本平台将尽力恢复，但不承担由此产生的间接损失。</li>
<li>游戏结果以场馆服务器记录为准。如因系统故障产生明显错误的赔率或派彩，本平台有权更正或取消相关注单。</li>
<li>会员应妥善保管账户密码与支付密码。因会员自身原因泄露密码造成的损失，由会员自行承担。</li>
<li>页面中的第三方链接仅为方便会员而提供，本平台不对其内容负责。</li>
<li>本平台保留随时修改本声明的权利，修改后的内容自公布之日起生效。</li></ol>`,
  4: `<h3>联系我们</h3><p>如您在使用过程中遇到任何问题，欢迎通过以下方式与我们联系：</p>
<table><tbody><tr><th>在线客服</th><td>点击页面底部“客服”即可进入</td></tr>
<tr><th>留言反馈</th><td>客服页面提交留言，客服将尽快回复</td></tr>
<tr><th>代理合作</th><td>在“代理加盟”页面提交申请，1 个工作日内联系</td></tr>
<tr><th>投诉建议</th><td>客服页面留言并注明“投诉建议”，由专员跟进</td></tr></tbody></table>
<p class="note">官方客服不会索要您的密码或验证码，也不会要求您向个人账户转账。如遇可疑情况，请立即联系在线客服核实。</p>`,
  5: `<h3>代理加盟</h3><p>{brand}诚邀合作伙伴加入代理计划。零成本加盟，佣金按月结算，推广越多收益越高。</p>
<h3>佣金比例</h3><table><thead><tr><th>月活跃会员</th><th>月净盈利</th><th>佣金比例</th></tr></thead><tbody>
<tr><td>1~5 人</td><td>1 万以下</td><td>30%</td></tr><tr><td>6~20 人</td><td>1 万 ~ 10 万</td><td>35%</td></tr>
<tr><td>21~50 人</td><td>10 万 ~ 50 万</td><td>40%</td></tr><tr><td>51 人以上</td><td>50 万以上</td><td>45%</td></tr></tbody></table>
<h3>加盟流程</h3><ol><li>注册并登录会员账号；</li><li>进入 <a href="/#/applyagent">代理加盟申请</a> 填写联系方式与推广计划；</li><li>专员 1 个工作日内审核并联系您；</li><li>获取专属推广链接，开始推广。</li></ol>
<p class="note">严禁向未满 18 周岁人士推广；严禁虚假宣传与刷量行为，违者取消代理资格。</p>`,
  8: `<h3>责任博彩</h3><p>{brand}希望每一位会员都把游戏当作一种休闲娱乐，而不是赚钱的途径。我们承诺提供安全、负责任的娱乐环境。</p>
<h3>年满 18 周岁</h3><p>未满 18 周岁人士严禁注册及参与任何游戏。我们保留随时要求会员提供身份证明的权利，一经发现未成年人账户，将立即关闭并退还本金。</p>
<h3>保持理性的建议</h3><ul><li>只用可承受损失的闲置资金娱乐，切勿借贷投注；</li><li>事先设定预算与时间，到达上限即停止；</li>
<li>不要试图通过加大投注追回损失；</li><li>情绪低落、饮酒或疲劳时不要参与游戏；</li><li>娱乐之余，多陪伴家人、朋友，保持工作与生活的平衡。</li></ul>
<h3>冷静期与自我排除</h3><p>如您需要休息一段时间，可在「会员中心 - 自我管理」自行开启冷静期（24小时、7天或30天）或自我排除（6个月至5年），即时生效；期间不能存款、转入和游戏，登录、查看记录和取款不受影响，到期前不能提前结束。</p>
<h3>自我评估</h3><p>如果您发现自己花在游戏上的时间或金钱越来越多、因游戏影响工作或家庭、或者需要借钱参与游戏，请立即停下来，并寻求家人或专业心理咨询机构的帮助。</p>`,
  9: `<h3>一、总则</h3><p>欢迎使用{brand}。注册账户即表示您已阅读、理解并同意本条款与规则，以及《隐私政策》。如您不同意，请停止使用本平台服务。</p>
<h3>二、会员资格</h3><ol><li>会员须年满 18 周岁，并具有完全民事行为能力；</li><li>每位会员仅可注册一个账户，账户不得转让、出借或出售；</li>
<li>注册时须提供真实、准确的资料，真实姓名须与取款账户户名一致；</li><li>会员须自行确认所在地区允许参与相关娱乐活动。</li></ol>
<h3>三、账户安全</h3><p>会员应妥善保管登录密码与支付密码，不得与他人共享。任何通过您的账户进行的操作均视为您本人的行为。如发现账户异常，请立即联系在线客服冻结账户。</p>
<h3>四、存款与取款</h3><ol><li>存款须使用本人名下的支付账户，使用他人账户存款的，本平台有权退回并暂停账户；</li>
<li>取款前须完成存款及所领优惠对应的流水要求，单笔金额以取款页面为准；每笔取款由财务人员人工审核；</li><li>为防范洗钱，本平台可能要求会员进行身份核验，核验期间取款将暂缓处理；</li>
<li>如发现恶意套利、对冲投注等违规行为，本平台有权扣除违规所得并关闭账户。</li></ol>
<h3>五、投注规则</h3><p>所有注单以场馆服务器记录为准。注单一经确认不可撤销。因明显错误产生的赔率或派彩，本平台有权更正或取消。</p>
<h3>六、优惠活动</h3><p>各项优惠以对应活动页面的规则为准，每个账户、设备、IP 与收款账户仅可参与一次，除非活动另有说明。</p>
<h3>七、责任博彩</h3><p>会员可在「会员中心 - 自我管理」自行设置限额，或开启冷静期、自我排除。自我排除期间不得以任何方式重新开户。</p>
<h3>八、条款修改</h3><p>本平台有权修改本条款，修改内容将通过站内公告发布，并自公布之日起生效。</p>`,
};
