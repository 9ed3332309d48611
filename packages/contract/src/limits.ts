/** Business constants of spec section 9, shared by the server and the site. */
export const LIMITS = {
  usernameMin: 6,
  usernameMax: 32,
  passwordMin: 6,
  passwordMax: 32,
  realnameMin: 2,
  realnameMax: 32,
  payPasswordMin: 6,
  payPasswordMax: 18,
  inputMax: 32,
  registerCaptchaLength: 4,
  loginCaptchaMax: 6,
  pidMax: 32,
} as const;

export const TIMERS = {
  balancePollMs: 4300,
  moneyPollMs: 3500,
  transferPollMs: 1500,
  bannerAutoplayMs: 3000,
  frameCheckMs: 3000,
  appFrameRemoveMs: 2000,
  withdrawRedirectMs: 1500,
  requestTimeoutMs: 30000,
} as const;

export const MOBILE_BREAKPOINT_PX = 768;

/** Local-storage keys of spec section 3, exactly. */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  appInfo: 'appInfo',
  messageNum: 'messageNum',
  gameLists: [
    'bannerList', 'realbetList', 'jokerList', 'gamingList', 'sportList', 'lotteryList',
    'conciseList', 'fishingList', 'remenList', 'allList', 'newList',
  ],
} as const;

/** Wire time format: Beijing time. */
export const WIRE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const BUSINESS_TZ = 'Asia/Shanghai';
