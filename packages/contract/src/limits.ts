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

/**
 * Issue 20 point 5: the member site's device id, a random UUID it keeps in local storage (its own
 * key, not one of spec section 3's) and sends with every call; the server keeps it beside the
 * address of registrations and sign-ins and ignores anything that is not a UUID.
 */
export const DEVICE_ID = {
  header: 'X-Device-Id',
  storageKey: 'device_id',
  pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
} as const;

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
