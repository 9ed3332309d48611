/**
 * Every message a member can see, in one place, shared by the server and the site.
 * Texts quoted by the spec are verbatim (including its punctuation and typos);
 * the rest are ours, in the same tone.
 */
export const MSG = {
  // register (spec section 5, in its order)
  agreement: '请阅读并同意相关条款和隐私协议！',
  username: '用户名长度6~16位，以字母或数字组合！',
  passwordLength: '请输入正确的密码长度，最少6位！',
  passwordMismatch: '两次密码不一致！',
  realname: '请输入您的真实姓名!',
  payPasswordLength: '请输入正确的支付密码长度，最少6位！',
  captchaEmpty: '请输入验证码！',
  captchaWrong: '验证码错误！',
  // login
  loginRequired: '请输入您的账号和密码！',
  loginFailed: '账号或密码错误！',
  usernameTaken: '该用户名已被注册，请更换其他用户名！',
  accountDisabled: '该账号已被冻结，请联系在线客服！',
  // sessions
  authExpiredTitle: '认证失败',
  authExpired: '您的账号登陆过期，请重新登陆',
  notLoggedIn: '请登录！',
  // generic
  ok: '操作成功',
  okToggle: '操作成功！',
  registerOk: '注册成功',
  loginOk: '登录成功',
  logoutOk: '退出成功',
  samePage: '已在当前页面！',
  copied: '复制成功！',
  tooManyAttempts: (minutes: number) => `操作过于频繁，请${minutes}分钟后再试！`,
  badRequest: '请求格式错误，请检查后重试！',
  bodyTooLarge: '提交的内容过大！',
  notFound: '请求的接口不存在！',
  serverError: '服务器繁忙，请稍后再试！',
  /** issue 35: the database or Redis briefly unreachable (code 503) */
  serviceUnavailable: '服务暂时不可用，请稍后再试！',
  maintenance: '网站维护中，请稍后访问！',
  networkError: '网络异常，请稍后再试',
  logoutConfirm: '您确定要退出登录吗？',
} as const;
