/**
 * Site settings and their first values (seeded once, then edited by operators).
 * The appInfo fields of spec section 3 plus the rates userInfo carries.
 */
export const SETTING_DEFAULTS = {
  title: '鼎盛娱乐',
  site_state: 1 as 0 | 1,
  repair_tips: '尊敬的会员：平台正在进行系统升级维护，预计30分钟后恢复访问，给您带来不便，敬请谅解！',
  redpacket_switch: 1 as 0 | 1,
  index_modal: 1 as 0 | 1,
  webcontent:
    '<h3>欢迎来到鼎盛娱乐</h3><p>新会员注册即可体验真人、电子、体育、彩票等全品类游戏。</p><p>存款、取款 7×24 小时极速到账，如有疑问请联系在线客服。</p>',
  h5_url: 'https://m.dingsheng-demo.example',
  // our own install guide (the site as a home-screen web app); an operator with packages sets these
  ios_download_url: '/download/',
  ios_download_qrcode: '/download/',
  /** RMB per USDT for deposits */
  usdtrate: 7.2,
  /** RMB per USDT for withdrawals */
  withdrawusdtrate: 7.1,
  /** per-withdrawal chain fee in USDT, ERC20 */
  withdrawcashfee: 5,
  /** per-withdrawal chain fee in USDT, TRC20 */
  withdrawfeeusdttrc: 1,
};

export type Settings = typeof SETTING_DEFAULTS;
export type SettingKey = keyof Settings;
