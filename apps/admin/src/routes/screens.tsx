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
};

/** Every screen of the back-office, in menu order. */
export const SCREENS: Screen[] = [
  { path: '/', title: '仪表盘', menu: true, icon: <DashboardOutlined />, permission: 'dashboard.view', ready: true, load: () => import('./dashboard/DashboardPage') },
  { path: '/members', title: '会员管理', menu: true, icon: <UserOutlined />, permission: 'members.view', ready: true, load: () => import('./members/MembersPage') },
  { path: '/members/:username', title: '会员详情', menu: false, permission: 'members.view', ready: true, load: () => import('./members/MemberDetailPage') },
  { path: '/cashier/deposits', title: '存款审核', group: 'cashier', menu: true, icon: <WalletOutlined />, permission: 'deposits.view', ready: true, load: () => import('./cashier/DepositsPage') },
  { path: '/cashier/withdrawals', title: '取款审核', group: 'cashier', menu: true, icon: <BankOutlined />, permission: 'withdrawals.view', ready: true, load: () => import('./cashier/WithdrawalsPage') },
  { path: '/cashier/transfers', title: '待处理转账', group: 'cashier', menu: true, icon: <SwapOutlined />, permission: 'transfers.view', ready: true, load: () => import('./cashier/TransfersPage') },
  { path: '/operators', title: '操作员', group: 'system', menu: true, icon: <TeamOutlined />, permission: 'operators.manage', ready: true, load: () => import('./operators/OperatorsPage') },
  { path: '/roles', title: '角色权限', group: 'system', menu: true, icon: <KeyOutlined />, permission: 'operators.manage', ready: true, load: () => import('./operators/RolesPage') },
  { path: '/audit', title: '审计日志', group: 'system', menu: true, icon: <AuditOutlined />, permission: 'audit.view', ready: true, load: () => import('./audit/AuditPage') },
  { path: '/account', title: '账户安全', menu: false, permission: null, ready: true, load: () => import('./account/AccountPage') },
];
