import QRCode from 'qrcode';
import type { PayOrder } from './store.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const yuan = (fen: number) => (fen / 100).toFixed(2);

export const PAY_TYPE_LABEL: Record<string, string> = {
  wxpay: '微信支付',
  alipay: '支付宝',
  ecny: '数字人民币',
  qqpay: 'QQ钱包',
  unionpay: '云闪付',
};

/**
 * The mobile cashier (收银台) of the stand-in gateway, in the site's dark-and-gold look: the
 * amount, order number, a QR code of this page (drawn by the qrcode package as SVG), the time
 * left, an editable 实付金额 so under- and over-payments can be tried, 确认支付 and 模拟失败, and
 * once settled the result with a link back to the merchant's return URL. Plain forms post the
 * choice; the only script is the countdown, allowed by its nonce.
 */
export async function cashierPage(o: PayOrder, opts: { selfUrl: string; actionBase: string; nonce: string; now: number }): Promise<string> {
  const qr = await QRCode.toString(opts.selfUrl, { type: 'svg', margin: 1, width: 180, color: { dark: '#101a36', light: '#ffffff' } });
  // a 四方 merchant's own method codes (8001, 904 ...) mean nothing to a payer: a generic name then
  const label = PAY_TYPE_LABEL[o.pay_type] ?? '付款应用';
  const expired = o.state === 'pending' && opts.now >= o.expires_at;
  let body: string;
  if (o.state === 'pending' && !expired) {
    body = `
    <div class="qr" aria-label="付款二维码">${qr}</div>
    <p class="hint">请使用${esc(label)}扫码，或在下方模拟付款</p>
    <p class="left">剩余支付时间 <b id="left" data-until="${o.expires_at}">--:--</b></p>
    <form method="post" action="${esc(opts.actionBase)}/pay" class="pay">
      <label for="paid">实付金额（元）</label>
      <input id="paid" name="paid" inputmode="decimal" value="${yuan(o.amount_fen)}" maxlength="12" autocomplete="off">
      <button type="submit" class="gold">确认支付</button>
    </form>
    <form method="post" action="${esc(opts.actionBase)}/fail"><button type="submit" class="ghost">模拟失败</button></form>`;
  } else {
    const ok = o.state === 'paid';
    const title = ok ? '支付成功' : expired ? '订单已过期' : '支付失败';
    const note = ok ? `实付 ¥${yuan(o.paid_fen ?? 0)}` : expired ? '请返回商户重新下单' : '本次支付未完成';
    body = `
    <div class="result ${ok ? 'ok' : 'bad'}"><div class="mark">${ok ? '✓' : '!'}</div><h2>${title}</h2><p>${esc(note)}</p></div>`;
  }
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1">
<title>收银台</title>
<style>
*{box-sizing:border-box}body{margin:0;font:15px/1.5 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f2f3f7;color:#1b2133}
header{height:52px;padding:0 16px;background:linear-gradient(160deg,#1d2b58,#101a36);display:flex;justify-content:space-between;align-items:center}
header b{color:#f6dfa6;font-size:17px}header span{font-size:13px;color:rgba(255,255,255,.7)}
main{max-width:420px;margin:0 auto;padding:14px}
.card{background:#fff;border-radius:14px;box-shadow:0 4px 18px rgba(16,26,54,.06);padding:18px;text-align:center}
.amount{font-size:34px;font-weight:700;color:#b8893d;margin:2px 0}.muted{color:#9aa0b2;font-size:13px;word-break:break-all}
.qr{width:196px;height:196px;margin:14px auto 6px;background:#fff;border:1px solid #eceef3;border-radius:10px;padding:7px}.qr svg{width:180px;height:180px;display:block}
.hint{font-size:13px;color:#5b6276;margin:4px 0}.left{margin:6px 0 14px;font-size:14px;color:#5b6276}.left b{color:#e5484d;font-variant-numeric:tabular-nums}
form{margin:0}.pay{display:flex;flex-direction:column;gap:6px;text-align:left}
label{font-size:13px;color:#5b6276}input{height:46px;border-radius:10px;border:1px solid #eceef3;background:#f6f7fa;color:#1b2133;font-size:18px;font-weight:600;padding:0 12px;outline:none}
input:focus{border-color:#e6c074}
button{width:100%;height:46px;border-radius:23px;border:0;font-size:16px;margin-top:10px;cursor:pointer}
.gold{background:linear-gradient(135deg,#f3d898,#e6c074 45%,#c99a4b);color:#3b2a0c;font-weight:700}.ghost{background:#fff;border:1px solid #d9dce5;color:#5b6276}
.result{padding:12px 0}.result .mark{width:64px;height:64px;border-radius:50%;margin:0 auto;font-size:34px;line-height:64px;font-weight:700}
.ok .mark{background:#e4f6ee;color:#24a36b}.bad .mark{background:#fdecec;color:#e5484d}.result h2{margin:12px 0 4px;font-size:20px}.result p{margin:0;color:#5b6276}
a.back{display:block;margin-top:14px;text-align:center;height:46px;line-height:46px;border-radius:23px;border:1px solid #c8974a;color:#b8893d;background:#fffaf0;text-decoration:none;font-weight:600}
footer{text-align:center;color:#9aa0b2;font-size:12px;margin-top:18px}
</style></head>
<body><header><b>收银台</b><span>${esc(label)}</span></header>
<main><div class="card">
  <div class="muted">订单金额</div>
  <div class="amount">¥${yuan(o.amount_fen)}</div>
  <div class="muted">订单号 ${esc(o.merchant_order_no)}</div>
  ${body}
</div>
<a class="back" href="${esc(o.return_url)}">返回商户</a>
<footer>沙盒支付网关 · 仅供测试</footer></main>
<script nonce="${opts.nonce}">
(function(){var el=document.getElementById('left');if(!el)return;var until=Number(el.getAttribute('data-until'));
function tick(){var s=Math.max(0,Math.floor((until-Date.now())/1000));el.textContent=String(Math.floor(s/60)).padStart(2,'0')+':'+String(s%60).padStart(2,'0');if(s===0){location.reload();return;}setTimeout(tick,1000);}tick();})();
</script></body></html>`;
}
