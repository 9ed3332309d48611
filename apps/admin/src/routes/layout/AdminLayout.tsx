import { LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Layout, Menu, Result, Spin, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { memo, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { errorText } from '../../api/client';
import { RouteBoundary } from '../../components/RouteError';
import { can, setupOwed, useLogout, useMe, type Me } from '../../hooks/api/auth';
import { readToken } from '../../session/token';
import { GOLD, NAVY } from '../../theme';
import { preloadScreen } from '../screen-pages';
import { GROUPS, SCREENS } from '../screens';
import { visibleScreens } from '../visible';
import { PendingBell } from './PendingBell';
import { afterScreen } from './screen-first';

const { Sider, Header, Content } = Layout;

/** The menu holds only the screens this operator's permissions allow (and whose calls exist). */
export function menuItems(me: Me): MenuProps['items'] {
  const items: NonNullable<MenuProps['items']> = [];
  const groups = new Map<string, { key: string; label: string; icon: React.ReactNode; children: { key: string; label: string; icon?: React.ReactNode }[] }>();
  for (const s of visibleScreens(me.permissions, SCREENS)) {
    // the pointer resting on an entry starts its screen's download, so the click draws at once
    const item = { key: s.path, label: s.title, icon: s.icon, onMouseEnter: () => void preloadScreen(s.path) };
    if (!s.group) {
      items.push(item);
      continue;
    }
    let group = groups.get(s.group);
    if (!group) {
      group = { key: `group:${s.group}`, label: GROUPS[s.group].title, icon: GROUPS[s.group].icon, children: [] };
      groups.set(s.group, group);
      items.push(group);
    }
    group.children.push(item);
  }
  return items;
}

function selectedKey(pathname: string): string {
  const best = SCREENS.filter((s) => s.menu && (s.path === '/' ? pathname === '/' : pathname === s.path || pathname.startsWith(`${s.path}/`)));
  // the longest match: /agents/statements is its own entry, not the /agents list's (issue 20)
  return best.sort((a, b) => b.path.length - a.path.length)[0]?.path ?? pathname;
}

function openGroup(pathname: string): string[] {
  const group = SCREENS.find((s) => s.path === selectedKey(pathname))?.group;
  return group ? [`group:${group}`] : [];
}

/**
 * The side menu. Only the current screen's group is open: with every group open the menu runs
 * past the window. Moving to a screen of another group, by the menu or another way (a link, the
 * pending bell, back and forward), opens that group and closes the others; the operator may
 * still open and close groups by hand in between.
 */
function SideMenu({ items, pathname, onPick }: { items: MenuProps['items']; pathname: string; onPick: (path: string) => void }) {
  const group = openGroup(pathname)[0];
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  const [shownGroup, setShownGroup] = useState(group);
  // the groups opened so far in this visit: only they carry their entries (below)
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set(openKeys));
  const open = (keys: string[]) => {
    setOpenKeys(keys);
    setDrawn((was) => (keys.every((k) => was.has(k)) ? was : new Set([...was, ...keys])));
  };
  // set while drawing, not in an effect: the group is open in the same frame as its screen
  if (shownGroup !== group) {
    setShownGroup(group);
    if (group) open([group]);
  }
  // issue 25: a closed group's entries are not drawn until it is first opened. antd's menu draws
  // every entry once more in a hidden copy (to learn the tree) and draws itself three times as it
  // settles, about a tenth of a screen's first load; a group opened once keeps its entries, so
  // closing and opening it again animates as before
  const shown = useMemo(
    () => items?.map((item) => (item && 'children' in item && item.children && !drawn.has(String(item.key)) ? { ...item, children: [] } : item)),
    [items, drawn],
  );
  return (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={[selectedKey(pathname)]}
      openKeys={openKeys}
      onOpenChange={open}
      items={shown}
      onClick={(e) => onPick(e.key)}
      style={{ borderInlineEnd: 0, background: NAVY }}
    />
  );
}

/** true once the first screen has shown its data (screen-first.ts), and from then on */
function useScreenFirst(): boolean {
  const client = useQueryClient();
  const [after, setAfter] = useState(false);
  useEffect(() => (after ? undefined : afterScreen(client, () => setAfter(true), 1000)), [client, after]);
  return after;
}

export function AdminLayout() {
  const me = useMe();
  const chrome = useScreenFirst();
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => (me.data ? menuItems(me.data) : []), [me.data]);

  if (!readToken()) return <Navigate to={`/login?from=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (me.isError) {
    return (
      <Result
        status="warning"
        title="无法连接服务器"
        subTitle={errorText(me.error)}
        extra={
          <Button type="primary" onClick={() => me.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  // issue 25: while the server says who the operator is, the screen is already drawn, hidden
  // under the spinner, so its own calls run beside /admin/api/me instead of after it. Its menu,
  // bell and permission check follow the answer (the server refuses what the role may not see).
  const operator = me.data;
  // issue 25: an owed first-sign-in step comes before any screen (the server refuses the rest anyway)
  if (operator && setupOwed(operator)) return <Navigate to={`/setup?from=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  // a role without the dashboard starts on its first screen instead
  if (operator && location.pathname === '/' && !can(operator, 'dashboard.view')) {
    const first = visibleScreens(operator.permissions, SCREENS)[0];
    if (first) return <Navigate to={first.path} replace />;
  }
  const screen = SCREENS.find((s) => s.path !== '/' && location.pathname.startsWith(s.path.replace(/\/:.*$/, '')));
  const allowed = !operator || !screen?.permission || can(operator, screen.permission);

  return (
    <Layout style={{ minHeight: '100vh', visibility: operator ? undefined : 'hidden' }} aria-busy={!operator}>
      {operator ? null : (
        <div style={{ position: 'fixed', inset: 0, zIndex: 1000, display: 'grid', placeItems: 'center', visibility: 'visible' }}>
          <Spin size="large" />
        </div>
      )}
      <Sider width={216} style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
        <div style={{ height: 56, display: 'flex', alignItems: 'center', gap: 10, padding: '0 20px', color: GOLD, fontWeight: 600, fontSize: 16, borderBottom: '1px solid rgba(255,255,255,.06)' }}>
          <svg width="26" height="26" viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="#1b2a55" />
            <path d="M14 24l9 8 9-14 9 14 9-8-4 24H18z" fill={GOLD} />
          </svg>
          鼎盛娱乐 · 后台
        </div>
        {/* drawn with its items, so the open group's title is marked as holding the current screen */}
        {operator && chrome ? <SideMenu items={items} pathname={location.pathname} onPick={navigate} /> : null}
      </Sider>
      <Layout>
        <Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 16, borderBottom: '1px solid #eceef3', position: 'sticky', top: 0, zIndex: 10 }}>
          {operator && chrome ? <PendingBell me={operator} /> : null}
          {operator && chrome ? <OperatorMenu operator={operator} /> : null}
        </Header>
        <Content style={{ padding: 24, minWidth: 0 }}>
          <ScreenArea pathname={location.pathname} allowed={allowed} />
        </Content>
      </Layout>
    </Layout>
  );
}

/**
 * The screen itself, memoized: the frame drawing again (the operator's answer arriving, the
 * menu) does not draw the screen again, its table included (issue 25).
 */
const ScreenArea = memo(function ScreenArea({ pathname, allowed }: { pathname: string; allowed: boolean }) {
  return (
    <RouteBoundary resetKey={pathname}>
      {allowed ? (
        <Suspense
          fallback={
            <div style={{ padding: 80, textAlign: 'center' }}>
              <Spin />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      ) : (
        <Result status="403" title="没有权限" subTitle="您的角色不能查看此页面，如需开通请联系超级管理员。" />
      )}
    </RouteBoundary>
  );
});

/** The operator's name and role, with 账户安全 and 退出登录 under it. */
function OperatorMenu({ operator }: { operator: Me }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'account', icon: <LockOutlined />, label: '账户安全（密码、两步验证）' },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'account') navigate('/account');
          if (key === 'logout') logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
        },
      }}
    >
      <Button type="text" style={{ height: 40 }} data-testid="operator-menu">
        <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1b2a55', color: GOLD }} />
        <Typography.Text strong>{operator.username}</Typography.Text>
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {operator.role_name || operator.role}
        </Tag>
      </Button>
    </Dropdown>
  );
}
