/**
 * Small server-rendered pages of our own: the customer-service page (/support/), the agent page
 * (/support/agent) and the sponsorship partners' pages (/partners/1|2). Every text that goes in
 * is escaped with escapeHtml; the only script is the fixed one of the ticket form, served as a file
 * (support-script.ts) under the pages' content-security policy (http/security-headers.ts PAGE_CSP).
 */
import { TICKET_LIMITS } from '@casino/contract';
import { escapeHtml as esc } from './sanitize.ts';
import type { Sponsor } from './sponsors.ts';
import { SUPPORT_SCRIPT_PATH } from './support-script.ts';

const CSS = `
:root{--navy:#101a36;--navy2:#17234a;--navy3:#22325f;--gold:#e6c074;--gold2:#f6dfa6;--golddeep:#b8893d;--bg:#f2f3f7;--text:#1b2133;--text2:#5b6276;--text3:#9aa0b2;--line:#eceef3;--red:#e5484d;--green:#24a36b}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:14px/1.6 -apple-system,BlinkMacSystemFont,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',sans-serif}
.wrap{max-width:520px;margin:0 auto;padding-bottom:28px}
.hero{background:linear-gradient(160deg,#1d2b58 0%,#101a36 70%);color:#fff;padding:22px 18px 26px;position:relative;overflow:hidden}
.hero:after{content:'';position:absolute;right:-40px;top:-40px;width:160px;height:160px;border-radius:50%;border:2px solid rgba(230,192,116,.25)}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:16px;color:var(--gold2)}
.mark{width:34px;height:34px;border-radius:10px;background:linear-gradient(135deg,#f3d898,#e6c074 45%,#c99a4b);display:grid;place-items:center;color:var(--navy);font-weight:800}
.hero h1{margin:14px 0 4px;font-size:22px;letter-spacing:.5px}
.hero p{margin:0;color:rgba(255,255,255,.72);font-size:13px}
.badges{display:flex;gap:8px;margin-top:12px;flex-wrap:wrap}
.badges span{font-size:12px;padding:3px 10px;border-radius:99px;background:rgba(230,192,116,.14);color:var(--gold2);border:1px solid rgba(230,192,116,.35)}
.card{background:#fff;border-radius:14px;margin:12px 12px 0;padding:16px;box-shadow:0 4px 18px rgba(16,26,54,.06)}
.card h2{margin:0 0 10px;font-size:16px;display:flex;align-items:center;gap:8px}
.card h2:before{content:'';width:4px;height:16px;border-radius:2px;background:linear-gradient(180deg,#f3d898,#c99a4b)}
.card p{margin:6px 0;color:var(--text2)}
details{border-top:1px solid var(--line);padding:10px 0}details:first-of-type{border-top:0}
summary{cursor:pointer;font-weight:600;list-style:none;display:flex;justify-content:space-between;gap:10px}
summary::-webkit-details-marker{display:none}summary:after{content:'+';color:var(--golddeep);font-weight:700}
details[open] summary:after{content:'−'}
details p{font-size:13px}
label{display:block;font-size:13px;color:var(--text2);margin:10px 0 6px}
input,textarea{width:100%;border:1px solid #dfe2ea;border-radius:10px;padding:10px 12px;font:inherit;color:var(--text);background:#fafbfd;outline:none}
input:focus,textarea:focus{border-color:var(--gold);background:#fff}
textarea{min-height:110px;resize:vertical}
.count{text-align:right;font-size:12px;color:var(--text3);margin-top:4px}
.btn{display:block;width:100%;margin-top:14px;border:0;border-radius:99px;padding:12px;font:inherit;font-weight:700;font-size:15px;color:var(--navy);background:linear-gradient(135deg,#f3d898,#e6c074 45%,#c99a4b);text-align:center;text-decoration:none;cursor:pointer}
.btn[disabled]{opacity:.6}
.msg{margin-top:10px;font-size:13px;min-height:20px}.msg.ok{color:var(--green)}.msg.err{color:var(--red)}
.row{display:flex;justify-content:space-between;padding:8px 0;border-top:1px solid var(--line);font-size:13px}.row:first-child{border-top:0}.row b{color:var(--text)}.row span{color:var(--text2);text-align:right}
table{width:100%;border-collapse:collapse;font-size:13px}th,td{border:1px solid var(--line);padding:8px;text-align:center}th{background:#f7f1e3;color:#7a5a22}
ol{padding-left:20px;color:var(--text2);margin:6px 0}li{margin:4px 0}
.logo{width:84px;height:84px;border-radius:20px;background:rgba(255,255,255,.06);display:grid;place-items:center;border:1px solid rgba(230,192,116,.35)}
.logo img{width:72px;height:72px}
.foot{text-align:center;color:var(--text3);font-size:12px;margin:18px 12px 0}
`;

function layout(title: string, brand: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="referrer" content="same-origin"><meta name="robots" content="noindex">
<title>${esc(title)} - ${esc(brand)}</title><style>${CSS}</style></head>
<body><div class="wrap">${body}<p class="foot">© ${esc(brand)} · 理性娱乐 · 未满18周岁禁止参与</p></div>${script}</body></html>`;
}

const mark = (brand: string) => `<span class="mark">${esc(Array.from(brand)[0] ?? '鼎')}</span>`;

const FAQ: [string, string][] = [
  ['存款多久到账？', '在线支付成功后自动入账；银行转账与 USDT 存款由财务人员核对到账后审核入账。长时间未到账，请留下订单号与联系方式。'],
  ['取款需要满足什么条件？', '单笔金额以取款页面为准；存款与优惠需完成相应流水（有效投注）后方可取款，每笔取款由财务人员人工审核。请先绑定本人银行卡或 USDT 地址。'],
  ['忘记登录密码或支付密码怎么办？', '登录密码可在登录页点击“忘记密码？”自助重置（需真实姓名、支付密码与已绑定卡号后 4 位）；其他情况请在下方留言并注明会员账号，客服核实身份后协助您。我们不会以任何形式索要您的密码或验证码。'],
  ['返水和优惠什么时候发放？', '返水按北京时间每日 00:00~23:59 的有效投注计算，次日零点后结算，请在返水页面自助领取；活动优惠以活动页规则为准。'],
  ['如何暂停账户？', '可在「会员中心 - 自我管理」自行开启冷静期或自我排除，即时生效；期间不能存款、转入和游戏，登录、查看记录和取款不受影响，到期前不能提前结束。'],
];

/** GET /support/: customer service that works with no outside service. */
export function supportPage(brand: string): string {
  const faq = FAQ.map(([q, a]) => `<details><summary>${esc(q)}</summary><p>${esc(a)}</p></details>`).join('');
  const body = `
<header class="hero" data-testid="support-hero">
  <div class="brand">${mark(brand)}<span>${esc(brand)}</span></div>
  <h1>在线客服中心</h1>
  <p>留言后客服将尽快与您联系。</p>
  <div class="badges"><span>专属客服</span><span>资金安全</span><span>隐私保护</span></div>
</header>
<section class="card"><h2>常见问题</h2>${faq}</section>
<section class="card" id="ticket"><h2>留言反馈</h2>
  <form id="ticket-form" novalidate>
    <label for="t-name">您的称呼（选填）</label>
    <input id="t-name" name="name" maxlength="${TICKET_LIMITS.nameMax}" autocomplete="nickname" placeholder="如：王先生">
    <label for="t-contact">联系方式</label>
    <input id="t-contact" name="contact" maxlength="${TICKET_LIMITS.contactMax}" placeholder="手机号、邮箱或会员账号">
    <label for="t-content">问题描述</label>
    <textarea id="t-content" name="content" maxlength="${TICKET_LIMITS.contentMax}" placeholder="请描述您遇到的问题，如涉及存取款请附上订单号"></textarea>
    <div class="count"><span id="t-count">0</span>/${TICKET_LIMITS.contentMax}</div>
    <button class="btn" id="t-send" type="submit">提交留言</button>
    <div class="msg" id="t-msg" role="status" aria-live="polite"></div>
  </form>
</section>
<section class="card"><h2>温馨提示</h2>
  <p>官方客服不会通过私人社交账号向您索要密码、验证码或要求转账到个人账户，请谨防诈骗。</p>
</section>`;
  // the form's script is a file of its own (GET /support/ticket.js): the page's
  // content-security policy allows no inline script
  const script = `<script src="${SUPPORT_SCRIPT_PATH}" defer></script>`;
  return layout('在线客服', brand, body, script);
}

/** the default plan's table as the page words it (issue 20: the page renders the agents module's default plan when wired) */
const DEFAULT_TIERS: [string, string, string][] = [
  ['1~5 人', '1 万以下', '30%'],
  ['6~20 人', '1 万 ~ 10 万', '35%'],
  ['21~50 人', '10 万 ~ 50 万', '40%'],
  ['51 人以上', '50 万以上', '45%'],
];

/** GET /support/agent: what the agent programme is, with the way to apply (/#/applyagent); tiers from the default plan. */
export function agentPage(brand: string, tiers: [string, string, string][] = DEFAULT_TIERS): string {
  const body = `
<header class="hero">
  <div class="brand">${mark(brand)}<span>${esc(brand)}</span></div>
  <h1>代理合作计划</h1>
  <p>零成本加盟，推广越多收益越高，佣金按月结算。</p>
  <div class="badges"><span>专属推广链接</span><span>实时数据</span><span>月结佣金</span></div>
</header>
<section class="card"><h2>佣金比例</h2>
  <table><thead><tr><th>月活跃会员</th><th>月净盈利</th><th>佣金比例</th></tr></thead>
  <tbody>${tiers.map((r) => `<tr><td>${esc(r[0])}</td><td>${esc(r[1])}</td><td>${esc(r[2])}</td></tr>`).join('')}</tbody></table>
  <p>月活跃会员指当月有效投注不少于 500 元的下级会员；净盈利扣除会员返水、优惠与平台费用后计算。</p>
</section>
<section class="card"><h2>如何加入</h2>
  <ol><li>注册并登录会员账号；</li><li>在“代理加盟”页面填写联系方式与推广计划；</li><li>专员 1 个工作日内审核并与您联系；</li><li>审核通过后获取专属推广链接，开始推广。</li></ol>
  <a class="btn" href="/#/applyagent" target="_top" data-testid="agent-apply">立即申请加盟</a>
</section>
<section class="card"><h2>合作守则</h2>
  <p>严禁向未满 18 周岁人士推广，严禁虚假宣传、垃圾信息与刷量行为；违反守则的代理将被取消资格并追回相应佣金。</p>
</section>`;
  return layout('代理加盟', brand, body);
}

/**
 * GET /download/: where appInfo.ios_download_url and the QR code point by default. The site is
 * a web app: this page shows how to put it on the home screen (iOS Safari, Android browsers),
 * which gives the member an app icon and a full-screen window with nothing to download from
 * elsewhere. An operator with real packages points the two settings at them instead.
 */
export function downloadPage(brand: string, siteUrl: string): string {
  const body = `
<header class="hero">
  <div class="brand">${mark(brand)}<span>${esc(brand)}</span></div>
  <h1>安装${esc(brand)} APP</h1>
  <p>添加到主屏幕后，像 APP 一样一键打开，全屏畅玩，无需下载安装包。</p>
  <div class="badges"><span>免下载</span><span>不占内存</span><span>自动更新</span></div>
</header>
<section class="card" data-testid="download-ios"><h2>iPhone / iPad</h2>
  <ol><li>使用 <b>Safari</b> 浏览器打开本站；</li><li>点击底部工具栏的“分享”按钮（方框与向上箭头）；</li><li>在菜单中选择“添加到主屏幕”，再点“添加”。</li></ol>
</section>
<section class="card" data-testid="download-android"><h2>安卓手机</h2>
  <ol><li>使用 Chrome 或手机自带浏览器打开本站；</li><li>点击右上角“⋮”菜单；</li><li>选择“添加到主屏幕”或“安装应用”，确认即可。</li></ol>
</section>
<section class="card"><h2>温馨提示</h2>
  <p>请认准官方网址，切勿通过第三方渠道下载来历不明的安装包；官方不会以任何形式索要您的密码或验证码。</p>
  <a class="btn" href="${esc(siteUrl)}" target="_top">返回首页</a>
</section>`;
  return layout('APP下载', brand, body);
}

/** GET /partners/:type: a sponsorship partner's page. */
export function partnerPage(brand: string, s: Sponsor): string {
  const fill = (t: string) => esc(t.replaceAll('{brand}', brand));
  const body = `
<header class="hero">
  <div style="display:flex;gap:14px;align-items:center">
    <div class="logo"><img src="${esc(s.logo)}" alt="${esc(s.name)}"></div>
    <div><h1 style="margin:0" data-testid="partner-name">${esc(s.name)}</h1><p>${esc(s.slogan)}</p></div>
  </div>
  <div class="badges"><span>${esc(brand)}</span><span>${esc(s.since)}</span></div>
</header>
<section class="card"><h2>关于俱乐部</h2><p>${fill(s.lead)}</p>
  ${s.facts.map(([k, v]) => `<div class="row"><b>${esc(k)}</b><span>${esc(v)}</span></div>`).join('')}
</section>
${s.sections.map((sec) => `<section class="card"><h2>${esc(sec.title)}</h2>${sec.paragraphs.map((p) => `<p>${fill(p)}</p>`).join('')}</section>`).join('')}`;
  return layout(s.name, brand, body);
}
