import { BarChartOutlined } from '@ant-design/icons'; // issue 13: reports
import {
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { AppstoreOutlined, FileTextOutlined, LinkOutlined, NotificationOutlined, PictureOutlined, TrophyOutlined, CreditCardOutlined } from '@ant-design/icons'; // issue 13: content
import { CrownOutlined, GiftOutlined, RedEnvelopeOutlined, SettingOutlined, SolutionOutlined, TransactionOutlined, UsergroupAddOutlined } from '@ant-design/icons'; // issue 13: promotions admin
import { CommentOutlined, CustomerServiceOutlined, HistoryOutlined } from '@ant-design/icons'; // issue 13: live customer service
import { CalendarOutlined, DiffOutlined, ReconciliationOutlined } from '@ant-design/icons'; // issue 13: reconciliation
import { ControlOutlined, DatabaseOutlined, DesktopOutlined, FundOutlined, PlayCircleOutlined, ShopOutlined, ToolOutlined } from '@ant-design/icons'; // issue 13: games and settings
import { FireOutlined, MailOutlined, MessageOutlined, SmileOutlined } from '@ant-design/icons'; // issue 13: activities, inbox, tickets, welcome
import { ApartmentOutlined, AccountBookOutlined, AlertOutlined, PercentageOutlined } from '@ant-design/icons'; // issue 20: affiliate programme
import { HeartOutlined } from '@ant-design/icons'; // issue 22: responsible play
import { ApiOutlined } from '@ant-design/icons'; // issue 21: payment channels
import { FileSearchOutlined, SecurityScanOutlined } from '@ant-design/icons'; // issue 36: risk control
import { ExceptionOutlined, SlidersOutlined } from '@ant-design/icons'; // issue 36 point 3: risk events and rules
import type { Permission } from '@casino/contract';
import type { ComponentType, ReactNode } from 'react';

export interface Screen {
  path: string;
  title: string;
  /** the menu group, or none for a top-level entry; hidden screens are reached by a link */
  group?: string;
  menu: boolean;
  icon?: ReactNode;
  /** the permission its calls need: without it the menu hides the screen (the server refuses anyway) */
  permission: Permission | null;
  /** false while the server calls it needs have not landed: left out, never a placeholder */
  ready: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

export const GROUPS: Record<string, { title: string; icon: ReactNode }> = {
  cashier: { title: '财务审核', icon: <BankOutlined /> },
  system: { title: '系统管理', icon: <SafetyCertificateOutlined /> },
  games: { title: '游戏场馆', icon: <PlayCircleOutlined /> }, // issue 13: games admin
  settings: { title: '站点设置', icon: <ControlOutlined /> }, // issue 13: settings screens
  promotions: { title: '优惠管理', icon: <GiftOutlined /> }, // issue 13: promotions admin
  content: { title: '内容管理', icon: <AppstoreOutlined /> }, // issue 13: content
  support: { title: '在线客服', icon: <CustomerServiceOutlined /> }, // issue 13: live customer service
  reconciliation: { title: '对账', icon: <ReconciliationOutlined /> }, // issue 13: reconciliation
  agents: { title: '代理管理', icon: <ApartmentOutlined /> }, // issue 20: affiliate programme
  risk: { title: '风控管理', icon: <SecurityScanOutlined /> }, // issue 36: risk control
};

/** Every screen of the back-office, in menu order. */
export const SCREENS: Screen[] = [
  { path: '/', title: '仪表盘', menu: true, icon: <DashboardOutlined />, permission: 'dashboard.view', ready: true, load: () => import('./dashboard/DashboardPage') },
  { path: '/members', title: '会员管理', menu: true, icon: <UserOutlined />, permission: 'members.view', ready: true, load: () => import('./members/MembersPage') },
  { path: '/members/:username', title: '会员详情', menu: false, permission: 'members.view', ready: true, load: () => import('./members/MemberDetailPage') },
  // issue 22: members with limits, time-outs or self-exclusions
  { path: '/responsible', title: '自我管理', menu: true, icon: <HeartOutlined />, permission: 'responsible.view', ready: true, load: () => import('./responsible/ResponsiblePage') },
  { path: '/cashier/deposits', title: '存款审核', group: 'cashier', menu: true, icon: <WalletOutlined />, permission: 'deposits.view', ready: true, load: () => import('./cashier/DepositsPage') },
  { path: '/cashier/withdrawals', title: '取款审核', group: 'cashier', menu: true, icon: <BankOutlined />, permission: 'withdrawals.view', ready: true, load: () => import('./cashier/WithdrawalsPage') },
  { path: '/cashier/transfers', title: '待处理转账', group: 'cashier', menu: true, icon: <SwapOutlined />, permission: 'transfers.view', ready: true, load: () => import('./cashier/TransfersPage') },
  // issue 33: refunds owed to members past their deposit limits, until finance marks them refunded
  { path: '/cashier/deposit-refunds', title: '存款退款', group: 'cashier', menu: true, icon: <WalletOutlined />, permission: 'deposits.view', ready: true, load: () => import('./cashier/DepositRefundsPage') },
  // issue 25: turnover waivers waiting for a second operator (批准/拒绝 here and on the member's page, issue 34)
  { path: '/cashier/turnover-waivers', title: '打码量减免', group: 'cashier', menu: true, icon: <AuditOutlined />, permission: 'members.turnover_waive', ready: true, load: () => import('./members/TurnoverWaiversPage') },
  // issue 33: manual adjustments above the threshold or past the operator's daily cap wait for a second operator
  { path: '/cashier/adjustments', title: '人工调整审核', group: 'cashier', menu: true, icon: <AuditOutlined />, permission: 'members.adjust', ready: true, load: () => import('./members/AdjustmentsPage') },
  // issue 21: gateway channels (merchant accounts) online deposits are routed through
  { path: '/cashier/channels', title: '支付通道', group: 'cashier', menu: true, icon: <ApiOutlined />, permission: 'payments.channels', ready: true, load: () => import('./payment-channels/ChannelsPage') },
  { path: '/cashier/channels/:id', title: '支付通道详情', menu: false, permission: 'payments.channels', ready: true, load: () => import('./payment-channels/ChannelDetailPage') },
  // issue 33: channel credential changes waiting for a second operator (approvers without the channels screen: finance)
  { path: '/cashier/channel-key-changes', title: '通道密钥审批', group: 'cashier', menu: true, icon: <ApiOutlined />, permission: 'payments.channels_keys', ready: true, load: () => import('./payment-channels/KeyChanges') },
  { path: '/reconciliation/daily', title: '每日对账', group: 'reconciliation', menu: true, icon: <CalendarOutlined />, permission: 'reconciliation.view', ready: true, load: () => import('./reconciliation/DailyPage') },
  { path: '/reconciliation/differences', title: '场馆差异', group: 'reconciliation', menu: true, icon: <DiffOutlined />, permission: 'reconciliation.view', ready: true, load: () => import('./reconciliation/DifferencesPage') },
  { path: '/reports', title: '报表', menu: true, icon: <BarChartOutlined />, permission: 'reports.view', ready: true, load: () => import('./reports/ReportsPage') },
  // issue 36 point 5: every bet of every venue (注单查询)
  // issue 36 point 3: what the risk rules found, and their thresholds
  { path: '/risk/events', title: '风控事件', group: 'risk', menu: true, icon: <ExceptionOutlined />, permission: 'risk.view', ready: true, load: () => import('./risk/EventsPage') },
  { path: '/risk/rules', title: '风控规则', group: 'risk', menu: true, icon: <SlidersOutlined />, permission: 'risk.view', ready: true, load: () => import('./risk/RulesPage') },
  { path: '/risk/bets', title: '注单查询', group: 'risk', menu: true, icon: <FileSearchOutlined />, permission: 'risk.view', ready: true, load: () => import('./bets/BetsPage') },
  { path: '/promotions/activity-applications', title: '活动申请', group: 'promotions', menu: true, icon: <SolutionOutlined />, permission: 'promotions.view', ready: true, load: () => import('./promotions/ActivityApplicationsPage') },
  { path: '/promotions/agent-applications', title: '代理申请', group: 'promotions', menu: true, icon: <UsergroupAddOutlined />, permission: 'promotions.view', ready: true, load: () => import('./promotions/AgentApplicationsPage') },
  { path: '/promotions/vip-levels', title: 'VIP等级', group: 'promotions', menu: true, icon: <CrownOutlined />, permission: 'promotions.view', ready: true, load: () => import('./promotions/VipLevelsPage') },
  { path: '/promotions/red-packets', title: '红包规则', group: 'promotions', menu: true, icon: <RedEnvelopeOutlined />, permission: 'promotions.view', ready: true, load: () => import('./promotions/RedPacketRulesPage') },
  { path: '/promotions/rebates', title: '返水结算', group: 'promotions', menu: true, icon: <TransactionOutlined />, permission: 'promotions.view', ready: true, load: () => import('./promotions/RebateRunsPage') },
  { path: '/promotions/settings', title: '优惠设置', group: 'promotions', menu: true, icon: <SettingOutlined />, permission: 'settings.view', ready: true, load: () => import('./promotions/PromoSettingsPage') },
  // issue 20: affiliate programme (static paths before /agents/:id, which the menu's preload matches in order)
  { path: '/agents', title: '代理列表', group: 'agents', menu: true, icon: <ApartmentOutlined />, permission: 'agents.view', ready: true, load: () => import('./agents/AgentsPage') },
  { path: '/agents/statements', title: '佣金审核', group: 'agents', menu: true, icon: <AccountBookOutlined />, permission: 'agents.view', ready: true, load: () => import('./agents/StatementsPage') },
  { path: '/agents/plans', title: '佣金方案', group: 'agents', menu: true, icon: <PercentageOutlined />, permission: 'agents.view', ready: true, load: () => import('./agents/PlansPage') },
  { path: '/agents/flags', title: '风险标记', group: 'agents', menu: true, icon: <AlertOutlined />, permission: 'agents.view', ready: true, load: () => import('./agents/FlagsPage') },
  { path: '/agents/:id', title: '代理详情', menu: false, permission: 'agents.view', ready: true, load: () => import('./agents/AgentDetailPage') },
  { path: '/content/banners', title: '横幅管理', group: 'content', menu: true, icon: <PictureOutlined />, permission: 'content.manage', ready: true, load: () => import('./content/BannersPage') },
  { path: '/content/notices', title: '公告管理', group: 'content', menu: true, icon: <NotificationOutlined />, permission: 'content.manage', ready: true, load: () => import('./content/NoticesPage') },
  { path: '/content/activities', title: '活动管理', group: 'content', menu: true, icon: <FireOutlined />, permission: 'content.manage', ready: true, load: () => import('./content/ActivitiesPage') },
  { path: '/content/articles', title: '文章管理', group: 'content', menu: true, icon: <FileTextOutlined />, permission: 'content.manage', ready: true, load: () => import('./content/ArticlesPage') },
  { path: '/content/inbox', title: '站内信', group: 'content', menu: true, icon: <MailOutlined />, permission: 'content.manage', ready: true, load: () => import('./content/InboxPage') },
  { path: '/content/welcome', title: '欢迎弹窗', group: 'content', menu: true, icon: <SmileOutlined />, permission: 'settings.view', ready: true, load: () => import('./content/WelcomePage') },
  { path: '/content/sponsors', title: '赞助合作', group: 'content', menu: true, icon: <TrophyOutlined />, permission: 'content.manage', ready: true, load: () => import('./content/SponsorsPage') },
  { path: '/content/banks', title: '银行列表', group: 'content', menu: true, icon: <CreditCardOutlined />, permission: 'content.manage', ready: true, load: () => import('./content/BanksPage') },
  { path: '/content/links', title: '客服与代理链接', group: 'content', menu: true, icon: <LinkOutlined />, permission: 'settings.view', ready: true, load: () => import('./content/LinksPage') },
  { path: '/support/chat', title: '客服工作台', group: 'support', menu: true, icon: <CommentOutlined />, permission: 'support.chat', ready: true, load: () => import('./support/ChatPage') },
  { path: '/support/history', title: '聊天记录', group: 'support', menu: true, icon: <HistoryOutlined />, permission: 'support.chat', ready: true, load: () => import('./support/ChatHistoryPage') },
  { path: '/support/tickets', title: '留言工单', group: 'support', menu: true, icon: <MessageOutlined />, permission: 'support.chat', ready: true, load: () => import('./content/TicketsPage') },
  { path: '/games/venues', title: '场馆管理', group: 'games', menu: true, icon: <ShopOutlined />, permission: 'games.manage', ready: true, load: () => import('./games/VenuesPage') },
  { path: '/games/list', title: '游戏管理', group: 'games', menu: true, icon: <PlayCircleOutlined />, permission: 'games.manage', ready: true, load: () => import('./games/GamesPage') },
  { path: '/games/exposure', title: '场馆敞口', group: 'games', menu: true, icon: <FundOutlined />, permission: 'games.manage', ready: true, load: () => import('./games/ExposurePage') },
  { path: '/settings/site', title: '站点与维护', group: 'settings', menu: true, icon: <DesktopOutlined />, permission: 'settings.view', ready: true, load: () => import('./settings/SitePage') },
  { path: '/settings/cashier', title: '存款方式', group: 'settings', menu: true, icon: <WalletOutlined />, permission: 'settings.view', ready: true, load: () => import('./settings/CashierPage') },
  { path: '/settings/accounts', title: '收款账户', group: 'settings', menu: true, icon: <DatabaseOutlined />, permission: 'deposits.view', ready: true, load: () => import('./settings/AccountsPage') },
  { path: '/settings/withdrawals', title: '取款设置', group: 'settings', menu: true, icon: <ToolOutlined />, permission: 'settings.view', ready: true, load: () => import('./settings/WithdrawalsPage') },
  { path: '/operators', title: '操作员', group: 'system', menu: true, icon: <TeamOutlined />, permission: 'operators.manage', ready: true, load: () => import('./operators/OperatorsPage') },
  { path: '/roles', title: '角色权限', group: 'system', menu: true, icon: <KeyOutlined />, permission: 'operators.manage', ready: true, load: () => import('./operators/RolesPage') },
  { path: '/audit', title: '审计日志', group: 'system', menu: true, icon: <AuditOutlined />, permission: 'audit.view', ready: true, load: () => import('./audit/AuditPage') },
  { path: '/account', title: '账户安全', menu: false, permission: null, ready: true, load: () => import('./account/AccountPage') },
];
