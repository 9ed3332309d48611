import { ArrowLeftOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { memberRevealCardSchema, RESPONSIBLE_KIND_NAMES, type AdminMemberCard, type Member360, type MemberRecordKind } from '@casino/contract';
import { Button, Card, Col, Descriptions, Empty, List, Result, Row, Skeleton, Space, Statistic, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { QueryError } from '../../components/QueryError';
import { can, useMe, type Me } from '../../hooks/api/auth';
import { useMember, useMemberAction, useMemberBalances } from '../../hooks/api/members';
import { useResponsibleOf } from '../../hooks/api/responsible';
import { yuan } from '../../lib/format';
import { MemberActions } from './MemberActions';
import { RecordsTable } from './RecordsTable';
import { ResponsibleTab } from './ResponsibleTab'; // issue 22: responsible play
import { TurnoverTab } from './TurnoverTab';
import { SeamlessRoundsTab } from './SeamlessRoundsTab'; // issue 38: seamless venues' rounds
import { LinksTab, LoginsTab, RiskLevelAction, RiskLevelTag } from './RiskParts'; // issue 36: risk control

const RECORD_TABS: { kind: MemberRecordKind; label: string }[] = [
  { kind: 'ledger', label: '资金流水' },
  { kind: 'turnover', label: '打码量' },
  { kind: 'deposits', label: '存款' },
  { kind: 'withdrawals', label: '取款' },
  { kind: 'transfers', label: '场馆转账' },
  { kind: 'bets', label: '注单' },
  { kind: 'rebates', label: '返水' },
  { kind: 'red_packets', label: '红包' },
  { kind: 'logins', label: '登录记录' },
  { kind: 'audit', label: '操作日志' },
];

function Balances({ username, member }: { username: string; member: Member360 }) {
  const live = useMemberBalances(username);
  const b = live.data ?? { ...member.balances, venues: [] };
  return (
    <Card
      size="small"
      title="余额（实时）"
      extra={
        <Button size="small" icon={<ReloadOutlined />} loading={live.isFetching} onClick={() => live.refetch()}>
          刷新
        </Button>
      }
    >
      <Row gutter={16}>
        <Col span={6}>
          <Statistic title="中心钱包" value={yuan(b.central)} />
        </Col>
        <Col span={6}>
          <Statistic title="取款冻结" value={yuan(b.withdraw_hold)} />
        </Col>
        <Col span={6}>
          <Statistic title="转账途中" value={yuan(b.transit)} />
        </Col>
        <Col span={6}>
          <Statistic title="剩余打码量" value={yuan(member.turnover_remaining)} />
        </Col>
      </Row>
      {live.isError ? <QueryError error={live.error} retry={live.refetch} title="场馆余额读取失败" /> : null}
      {b.venues.length ? (
        <Space wrap style={{ marginTop: 12 }}>
          {b.venues.map((v) =>
            // a 免转 venue holding nothing: the member plays it from the central wallet
            v.seamless && v.balance === 0 ? (
              <Tooltip key={v.platform} title="免转场馆：会员直接使用中心钱包游戏，场馆内不留余额">
                <Tag color="purple" style={{ padding: '4px 10px' }}>
                  {v.name}：免转
                </Tag>
              </Tooltip>
            ) : (
              <Tooltip key={v.platform} title={v.live ? '场馆实时余额' : '场馆未及时应答，显示上次读到的余额'}>
                <Tag color={v.live ? 'blue' : 'default'} style={{ padding: '4px 10px' }}>
                  {v.name}：<span className="tabular">{yuan(v.balance)}</span>
                  {v.live ? '' : '（缓存）'}
                </Tag>
              </Tooltip>
            ),
          )}
        </Space>
      ) : live.isPending ? (
        <Skeleton.Input active size="small" style={{ marginTop: 12, width: 300 }} />
      ) : null}
    </Card>
  );
}

function Cards({ me, member }: { me: Me; member: Member360 }) {
  const [reveal, setReveal] = useState<AdminMemberCard | null>(null);
  const action = useMemberAction(member.profile.username);
  return (
    <>
      <Table<AdminMemberCard>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={member.cards}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有绑定卡片" /> }}
        columns={[
          { title: '类型', dataIndex: 'type', render: (t: number) => (t === 1 ? '银行卡' : 'USDT') },
          { title: '银行/协议', dataIndex: 'bank' },
          { title: '户名', dataIndex: 'bank_owner' },
          { title: '卡号/地址', dataIndex: 'bank_no', render: (v: string) => <span className="tabular">{v}</span> },
          { title: '绑定时间', dataIndex: 'created_at' },
          { title: '状态', dataIndex: 'deleted_at', render: (v: string | null) => (v ? <Tag>已解绑 {v}</Tag> : <Tag color="green">使用中</Tag>) },
          ...(can(me, 'cards.reveal')
            ? [{ title: '', key: 'reveal', render: (_: unknown, c: AdminMemberCard) => <Button size="small" icon={<EyeOutlined />} onClick={() => setReveal(c)}>查看完整号码</Button> }]
            : []),
        ]}
      />
      {reveal ? (
        <ActionModal<{ reason: string }>
          open
          title="查看完整卡号"
          warning="查看完整号码会记录在审计日志中。"
          schema={memberRevealCardSchema}
          fixed={{ username: member.profile.username, card_id: reveal.id }}
          onClose={() => setReveal(null)}
          submit={(v) => action.mutateAsync({ action: 'reveal-card', body: { card_id: reveal.id, reason: v.reason } })}
          result={(d) => (
            <Typography.Text code copyable style={{ fontSize: 16 }}>
              {(d as { bank_no: string }).bank_no}
            </Typography.Text>
          )}
        >
          <ReasonField label="查看原因" />
        </ActionModal>
      ) : null}
    </>
  );
}

/**
 * The header's state (issue 34 point 10): 已冻结, a responsible-play break in force with its end
 * (冷静期至 … / 自我排除至 …, Beijing time), else 正常. Operators without responsible.view
 * see 正常 or 已冻结 as before.
 */
function MemberStateTag({ frozen, username, canSeeBreaks }: { frozen: boolean; username: string; canSeeBreaks: boolean }) {
  const r = useResponsibleOf(canSeeBreaks ? username : '');
  const b = canSeeBreaks ? r.data?.active_break : null;
  return (
    <Space size={4} data-testid="member-state">
      {frozen ? <Tag color="red">已冻结</Tag> : null}
      {b ? (
        <Tag color={b.kind === 'exclusion' ? 'red' : 'orange'}>
          {RESPONSIBLE_KIND_NAMES[b.kind] ?? b.kind}至 {b.ends_at}
        </Tag>
      ) : null}
      {!frozen && !b ? <Tag color="green">正常</Tag> : null}
    </Space>
  );
}

function Overview({ me, member }: { me: Me; member: Member360 }) {
  const p = member.profile;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={3}>
        <Descriptions.Item label="真实姓名">
          {p.realname || '-'} {p.realname_verified ? <Tag color="green">已实名</Tag> : <Tag>未实名</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="手机号">{p.mobile || '-'}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{p.email || '-'}</Descriptions.Item>
        <Descriptions.Item label="生日">{p.birthday || '-'}</Descriptions.Item>
        <Descriptions.Item label="累计存款">{yuan(p.paysum)}</Descriptions.Item>
        <Descriptions.Item label="免转钱包">{p.transferstatus ? '开启' : '关闭'}</Descriptions.Item>
        <Descriptions.Item label="注册时间">{p.created_at}</Descriptions.Item>
        <Descriptions.Item label="注册地址">{p.register_ip || '-'}</Descriptions.Item>
        <Descriptions.Item label="最后登录">{p.last_login_at ? `${p.last_login_at} · ${p.last_login_ip ?? ''}` : '-'}</Descriptions.Item>
        <Descriptions.Item label="推荐人">
          {member.referrer ? (
            <Space size={4}>
              <Link to={`/members/${encodeURIComponent(member.referrer.username)}`}>{member.referrer.username}</Link>
              {member.referrer.code ? <Typography.Text type="secondary">代理码 {member.referrer.code}</Typography.Text> : null}
            </Space>
          ) : (
            p.referrer || '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="推荐的会员" span={2}>
          {member.referred.total === 0 ? (
            '无'
          ) : (
            <Space wrap size={4}>
              共 {member.referred.total} 人：
              {member.referred.recent.map((r) => (
                <Link key={r.username} to={`/members/${encodeURIComponent(r.username)}`}>
                  {r.username}
                </Link>
              ))}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title="银行卡 / USDT 地址">
        <Cards me={me} member={member} />
      </Card>
      <Row gutter={16}>
        <Col span={14}>
          <Card size="small" title="当前会话">
            <Table
              size="small"
              rowKey={(s) => `${s.created_at}-${s.ip}-${s.device}`}
              pagination={false}
              dataSource={member.sessions}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有在线会话" /> }}
              columns={[
                { title: '登录时间', dataIndex: 'created_at', width: 160 },
                { title: '最后活动', dataIndex: 'last_seen_at', width: 160 },
                { title: '地址', dataIndex: 'ip', width: 130 },
                { title: '设备', dataIndex: 'device', ellipsis: true },
              ]}
            />
          </Card>
        </Col>
        <Col span={10}>
          <Card size="small" title="内部备注">
            <List
              size="small"
              dataSource={member.notes}
              locale={{ emptyText: '暂无备注' }}
              renderItem={(n) => (
                <List.Item>
                  <List.Item.Meta title={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${n.operator} · ${n.created_at}`}</Typography.Text>} description={<span style={{ color: '#1b2133' }}>{n.content}</span>} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** Member 360: who they are, their money now, everything they did, and the actions on them. */
export default function MemberDetailPage() {
  const { username = '' } = useParams();
  const me = useMe();
  const member = useMember(username);

  if (member.isPending || !me.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (member.isError) {
    return (
      <>
        <Link to="/members">
          <ArrowLeftOutlined /> 返回会员列表
        </Link>
        <div style={{ marginTop: 16 }}>
          <QueryError error={member.error} retry={member.refetch} title="会员资料加载失败" />
        </div>
      </>
    );
  }
  const m = member.data;
  if (!m) return <Result status="404" title="会员不存在" />;
  const p = m.profile;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
          <Space size={12} align="center">
            <Link to="/members" aria-label="返回会员列表">
              <ArrowLeftOutlined />
            </Link>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="member-username">
              {p.username}
            </Typography.Title>
            <Tag color="gold">VIP{p.vip}</Tag>
            <RiskLevelTag level={p.risk_level} />
            <MemberStateTag frozen={p.status !== 1} username={p.username} canSeeBreaks={can(me.data, 'responsible.view')} />
            <Typography.Text type="secondary">ID {p.id}</Typography.Text>
          </Space>
          <Space>
            {can(me.data, 'risk.manage') ? <RiskLevelAction username={p.username} level={p.risk_level} /> : null}
            <MemberActions me={me.data} member={m} />
          </Space>
        </div>
      </Card>
      <Balances username={p.username} member={m} />
      <Card size="small">
        <Tabs
          items={[
            { key: 'overview', label: '资料', children: <Overview me={me.data} member={m} /> },
            ...RECORD_TABS.map((t) => ({
              key: t.kind,
              label: t.label,
              // issue 25: the turnover rows with their 减免 actions and pending waivers
              children:
                t.kind === 'turnover' ? <TurnoverTab me={me.data} username={p.username} remaining={m.turnover_remaining} />
                : t.kind === 'logins' ? <LoginsTab username={p.username} /> // issue 36: registrations too, with the device id
                : <RecordsTable username={p.username} kind={t.kind} />,
            })),
            // issue 36: members sharing a device, address, card, USDT address, real name or mobile (needs risk.view)
            ...(can(me.data, 'risk.view') ? [{ key: 'links', label: '关联账户', children: <LinksTab username={p.username} history={m.risk_history ?? []} /> }] : []),
            // issue 22: limits, breaks and their history (needs responsible.view)
            ...(can(me.data, 'responsible.view') ? [{ key: 'responsible', label: '自我管理', children: <ResponsibleTab me={me.data} username={p.username} /> }] : []),
            // issue 38: rounds at seamless venues with their debit, credit and rollback calls
            { key: 'seamless', label: '免转注单', children: <SeamlessRoundsTab username={p.username} /> },
          ]}
          destroyOnHidden
        />
      </Card>
    </Space>
  );
}
