/** appInfo of spec section 3 (POST /api/app). */
export interface AppInfo {
  title: string;
  site_state: 0 | 1;
  repair_tips: string;
  redpacket_switch: 0 | 1;
  index_modal: 0 | 1;
  webcontent: string;
  h5_url: string;
  ios_download_url: string;
  ios_download_qrcode: string;
  /** ours (issue 15): messaging-app (Telegram) links from settings; '' hides the link */
  tg_login_url: string;
  tg_bot_url: string;
}
