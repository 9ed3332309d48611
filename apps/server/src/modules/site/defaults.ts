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
    '<h3>欢迎来到鼎盛娱乐</h3><p>新会员注册即可体验真人、电子、体育、彩票等全品类游戏。</p><p>在线支付成功后自动入账，银行转账、USDT 存款与取款由财务人员审核处理，如有疑问请联系在线客服。</p>',
  // the entry address GET /api/getVisitUrl hands out; '' = none (the site is its own entry)
  h5_url: '',
  // our own install guide (the site as a home-screen web app); an operator with packages sets these
  ios_download_url: '/download/',
  ios_download_qrcode: '/download/',
  // messaging-app (Telegram) links: the drawer's login and the home page's bot shortcut; empty
  // hides them (the seeded site has no bot, and a bare t.me home page helps no one)
  tg_login_url: '',
  tg_bot_url: '',
  // issue 13: content: customer-service and agent links ('' = our own /support/ and /support/agent)
  service_url: '',
  agent_login_url: '',
  /** RMB per USDT for deposits */
  usdtrate: 7.2,
  /** RMB per USDT for withdrawals */
  withdrawusdtrate: 7.1,
  /** per-withdrawal chain fee in USDT, ERC20 */
  withdrawcashfee: 5,
  /** per-withdrawal chain fee in USDT, TRC20 */
  withdrawfeeusdttrc: 1,
  // ---- withdrawals (issue 10; rules in contract settings-withdrawals.ts) ----
  /** most one withdrawal may take, whole yuan */
  withdraw_max_per_txn: 50_000,
  /** withdrawals per member per Beijing day (rejected ones not counted) */
  withdraw_daily_count: 5,
  /** most a member may withdraw per Beijing day, whole yuan */
  withdraw_daily_max: 200_000,
  /** opening window, Beijing 'HH:mm'; equal ends mean open all day */
  withdraw_open_from: '00:00',
  withdraw_open_to: '00:00',
  /** above this (whole yuan) a second, different operator must approve; 0 never */
  withdraw_second_approval_over: 10_000,
  /** a manual deposit (or an online order in review) above this (whole yuan) is credited by a second, different operator; 0 never */
  deposit_second_approval_over: 50_000,
  /** issue 25: a turnover waiver above this (whole yuan) needs a second, different operator; 0 never */
  turnover_waive_review_threshold: 5_000,
  /** issue 33: a manual adjustment (either way) above this (whole yuan) needs a second, different operator; 0 never */
  adjust_second_approval_over: 50_000,
  /** issue 33: an operator's immediate adjustments per Beijing day (whole yuan); past it they wait too; 0 no cap */
  adjust_daily_immediate_max: 200_000,
  /** issue 25: operators whose role holds money permissions must sign in with a second factor (1 on) */
  operator_2fa_required: 1 as 0 | 1,
  /** issue 22: reality-check interval (minutes) for members who have not set their own; 0 off */
  responsible_reality_default_minutes: 60,
  // ---- end withdrawals ----
  // ---- promotions (issue 11; rules in contract settings-promotions.ts) ----
  /** wagering asked of a claimed rebate, as a multiple of it */
  rebate_turnover_multiple: 1,
  /** the VIP rate column fishing bets earn (slots unless the operator says otherwise) */
  rebate_fishing_rate: 'electron' as 'electron' | 'joker' | 'realperson' | 'sport' | 'e_sport' | 'lottery',
  /** minutes after Beijing midnight before the previous day is settled (late bet records) */
  rebate_settle_delay_minutes: 30,
  /** turnover a VIP level asks within each retention period, percent of its promotion flow */
  vip_retention_percent: 10,
  /** days of a VIP retention period */
  vip_retention_days: 90,
  // ---- end promotions ----
  // ---- issue 20: affiliate programme (rules in contract schemas/agents.ts agentsSettingsSchema) ----
  /** deposit fee deducted from an agent's net profit, percent of its downline's deposits */
  agent_deposit_fee_percent: 1,
  /** 1: a month's negative net profit is carried into the next month's base */
  agent_carryover: 1 as 0 | 1,
  /** an upline's override of each sub-agent's commission, percent (paid by the house) */
  agent_override_percent: 10,
  /** turnover asked of credited commission, as a multiple of it */
  agent_commission_turnover_multiple: 1,
  /** a statement total above this (whole yuan) needs a second, different operator; 0 never */
  agent_review_threshold: 10_000,
  // ---- end affiliate programme ----
  // ---- issue 9: deposits (schema: contract settings-payments.ts) ----
  /** deposit methods: on/off, range in whole yuan, or a fixed list of amounts (spec section 2) */
  pay_methods: {
    bank: { on: 1, min: 100, max: 10000, amounts: [] },
    usdtpay: { on: 1, min: 100, max: 10000, amounts: [] },
    wxpay: { on: 1, min: 200, max: 2000, amounts: [] },
    alipay: { on: 1, min: 100, max: 3000, amounts: [100, 200, 300, 500, 800, 1000, 2000, 3000] },
    ecny: { on: 1, min: 100, max: 5000, amounts: [] },
    qqpay: { on: 1, min: 100, max: 200, amounts: [] },
    unionpay: { on: 1, min: 30, max: 50, amounts: [30, 50] },
  } as Record<'bank' | 'usdtpay' | 'wxpay' | 'alipay' | 'ecny' | 'qqpay' | 'unionpay', { on: 0 | 1; min: number; max: number; amounts: number[] }>,
  /** turnover a deposit asks, as a multiple of its amount */
  deposit_turnover_multiple: 1,
  /** bonus percent -> turnover multiple of (deposit + bonus) */
  deposit_bonus_multiples: { '10': 10, '20': 20, '30': 30, '40': 40, '50': 50 } as Record<'10' | '20' | '30' | '40' | '50', number>,
  /** most deposit bonus one member receives per Beijing day, whole yuan */
  deposit_bonus_daily_cap: 5000,
  /** the gateway online deposits go through (adapters/payments registry name) */
  payment_gateway: 'sandbox',
  /** issue 21: a payment channel pauses itself after this many order failures (0 never) ... */
  payment_channel_pause_failures: 5,
  /** ... within this many minutes */
  payment_channel_pause_minutes: 10,
  // ---- end deposits ----
};

export type Settings = typeof SETTING_DEFAULTS;
export type SettingKey = keyof Settings;
