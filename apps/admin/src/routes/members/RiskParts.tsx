import {
  LINK_KIND_NAMES,
  LINK_KINDS,
  LOGIN_KIND_NAMES,
  memberRiskLevelSchema,
  RISK_LEVEL_HINTS,
  RISK_LEVEL_NAMES,
  RISK_LEVELS,
  type LinkedMember,
  type LinkKind,
  type MemberLoginRow,
  type RiskLevel,
  type RiskLevelChange,
  type RiskSearchRow,
} from '@casino/contract';
import { Alert, Button, Card, Empty, Form, Input, Select, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionModal, ReasonField } from '../../components/ActionModal';
import { QueryError } from '../../components/QueryError';
import { memberLogins, useMemberLinks, useRiskSearch, useSetRiskLevel } from '../../hooks/api/risk';
import { membersKey } from '../../hooks/api/members';
import { useTable } from '../../hooks/use-table';

/**
 * Risk control on member 360 (issue 36): the level beside the username (and its change), the
 * 登录记录 tab with device ids, and the 关联账户 tab with a search by one shared value.
 */

const LEVEL_COLOR: Record<RiskLevel, string> = { normal: 'green', watch: 'blue', no_promo: 'orange', withdraw_review: 'red' };

export function RiskLevelTag({ level, showNormal = true }: { level: RiskLevel | undefined; showNormal?: boolean }) {
  const l = level ?? 'normal';
  if (l === 'normal' && !showNormal) return null;
  return (
    <Tooltip title={RISK_LEVEL_HINTS[l]}>
      <Tag color={LEVEL_COLOR[l]} data-testid="risk-level" style={{ marginInlineEnd: 0 }}>
        {l === 'normal' ? '风险：' : ''}
        {RISK_LEVEL_NAMES[l] ?? l}
      </Tag>
    </Tooltip>
  );
}

/** 风险等级 button and dialog (risk.manage): the level and a reason, audited by the server */
export function RiskLevelAction({ username, level }: { username: string; level: RiskLevel }) {
  const [open, setOpen] = useState(false);
  const set = useSetRiskLevel(username);
  return (
    <>
      <Button onClick={() => setOpen(true)}>风险等级</Button>
      {open ? (
        <ActionModal<{ level: RiskLevel; reason: string }>
          open
          title={`设置 ${username} 的风险等级`}
          warning={
            <Space orientation="vertical" size={0}>
              {RISK_LEVELS.map((l) => (
                <span key={l}>
                  <b>{RISK_LEVEL_NAMES[l]}</b>：{RISK_LEVEL_HINTS[l]}
                </span>
              ))}
            </Space>
          }
          schema={memberRiskLevelSchema}
          fixed={{ username }}
          initialValues={{ level }}
          onClose={() => setOpen(false)}
          submit={(v) => set.mutateAsync(v)}
        >
          <Form.Item name="level" label="风险等级" rules={[{ required: true, message: '请选择风险等级' }]}>
            <Select options={RISK_LEVELS.map((l) => ({ value: l, label: RISK_LEVEL_NAMES[l] }))} />
          </Form.Item>
          <ReasonField label="原因" />
        </ActionModal>
      ) : null}
    </>
  );
}

/** 登录记录: registrations and sign-ins with address, device id and browser, paged by the server */
export function LoginsTab({ username }: { username: string }) {
  const table = useTable<MemberLoginRow, object>([...membersKey, 'logins', username], memberLogins(username), { pageSize: 10 });
  const columns: ColumnsType<MemberLoginRow> = [
    { title: '时间', dataIndex: 'created_at', width: 170 },
    { title: '类型', dataIndex: 'kind', width: 70, render: (v: string) => <Tag color={v === 'register' ? 'purple' : 'default'}>{LOGIN_KIND_NAMES[v] ?? v}</Tag> },
    { title: '地址', dataIndex: 'ip', width: 150, render: (v: string) => <span className="tabular">{v}</span> },
    {
      title: '设备ID',
      dataIndex: 'device_id',
      width: 320,
      render: (v: string | null) => (v ? <Typography.Text className="tabular" copyable={{ text: v }}>{v}</Typography.Text> : <Typography.Text type="secondary">未上报</Typography.Text>),
    },
    { title: '浏览器', dataIndex: 'user_agent', ellipsis: true },
  ];
  return (
    <div data-testid="logins-tab">
      {table.query.isError ? <QueryError error={table.query.error} retry={table.query.refetch} title="登录记录加载失败" /> : null}
      <Table<MemberLoginRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有登录记录" /> }}
      />
    </div>
  );
}

const linkColumns: ColumnsType<LinkedMember> = [
  {
    title: '关联会员',
    dataIndex: 'username',
    width: 150,
    render: (v: string, r) => (
      <Space size={4}>
        <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link>
        {r.status !== 1 ? <Tag color="red">已冻结</Tag> : null}
      </Space>
    ),
  },
  { title: '风险等级', dataIndex: 'risk_level', width: 100, render: (v: RiskLevel) => <RiskLevelTag level={v} /> },
  {
    title: '共享信息',
    key: 'shared',
    render: (_, r) => (
      <Space wrap size={4}>
        {r.shared.map((s) => (
          <Tooltip key={`${s.kind}-${s.value}`} title={`自 ${s.since} 起共享`}>
            <Tag color={s.kind === 'device' || s.kind === 'card' || s.kind === 'usdt' ? 'volcano' : 'gold'}>
              {LINK_KIND_NAMES[s.kind] ?? s.kind}：<span className="tabular">{s.value}</span>
            </Tag>
          </Tooltip>
        ))}
      </Space>
    ),
  },
  { title: '关联起始', dataIndex: 'since', width: 170 },
  { title: '注册时间', dataIndex: 'created_at', width: 170 },
];

const searchColumns: ColumnsType<RiskSearchRow> = [
  { title: '会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
  { title: '风险等级', dataIndex: 'risk_level', render: (v: RiskLevel) => <RiskLevelTag level={v} /> },
  { title: '出现于', dataIndex: 'seen_as' },
  { title: '首次', dataIndex: 'first_at' },
  { title: '最近', dataIndex: 'last_at' },
];

/** everyone sharing one value (device id, address, full card number, USDT address, real name, mobile) */
function ValueSearch() {
  const [form] = Form.useForm<{ kind: LinkKind; value: string }>();
  const [asked, setAsked] = useState<{ kind: LinkKind; value: string }>({ kind: 'device', value: '' });
  const q = useRiskSearch(asked.kind, asked.value);
  return (
    <Card size="small" title="按共享信息查找会员">
      <Form form={form} layout="inline" initialValues={{ kind: 'device' }} onFinish={(v) => setAsked({ kind: v.kind, value: (v.value ?? '').trim() })}>
        <Form.Item name="kind">
          <Select style={{ width: 120 }} options={LINK_KINDS.map((k) => ({ value: k, label: LINK_KIND_NAMES[k] }))} />
        </Form.Item>
        <Form.Item name="value" rules={[{ required: true, whitespace: true, message: '请输入要查询的值' }]}>
          <Input allowClear style={{ width: 320 }} placeholder="设备ID、IP地址、完整卡号、USDT地址、姓名或手机号" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={q.isFetching}>
            查找
          </Button>
        </Form.Item>
      </Form>
      {asked.value ? (
        <div style={{ marginTop: 12 }}>
          {q.isError ? <QueryError error={q.error} retry={q.refetch} title="查找失败" /> : null}
          {q.data?.truncated ? <Alert type="warning" showIcon title="共享此值的会员过多，只列出最近的 300 位" style={{ marginBottom: 8 }} /> : null}
          <Table<RiskSearchRow>
            rowKey="username"
            size="small"
            loading={q.isPending}
            dataSource={q.data?.members ?? []}
            columns={searchColumns}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有会员使用过这个值" /> }}
          />
        </div>
      ) : null}
    </Card>
  );
}

/** 关联账户: each linked member, what they share and since when (risk.view) */
export function LinksTab({ username, history }: { username: string; history: RiskLevelChange[] }) {
  const q = useMemberLinks(username);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="links-tab">
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : q.isError ? (
        <QueryError error={q.error} retry={q.refetch} title="关联账户加载失败" />
      ) : (
        <>
          <Alert
            type={q.data.members.length ? 'warning' : 'success'}
            showIcon
            title={q.data.members.length ? `有 ${q.data.total} 个会员与 ${username} 共享设备、地址、银行卡、USDT地址、姓名或手机号` : '没有发现关联账户'}
            description="本机地址和站点代理的地址不作为关联依据。卡号和手机号只显示部分。"
          />
          {q.data.truncated ? (
            <Alert
              type="info"
              showIcon
              title={q.data.total > q.data.members.length ? `只列出关联最多的 ${q.data.members.length} 位，另有 ${q.data.total - q.data.members.length} 位未列出，可在下方按共享值查找全部。` : '某个共享值的会员过多，只列出了前 300 位，可在下方按该值查找全部。'}
            />
          ) : null}
          <Table<LinkedMember>
            rowKey="username"
            size="small"
            dataSource={q.data.members}
            columns={linkColumns}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有关联账户" /> }}
          />
        </>
      )}
      <ValueSearch />
      <Card size="small" title="风险等级变更记录">
        <Table<RiskLevelChange>
          rowKey="id"
          size="small"
          dataSource={history}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="风险等级从未调整" /> }}
          columns={[
            { title: '时间', dataIndex: 'created_at', width: 170 },
            { title: '调整', key: 'change', render: (_, r) => <Space size={4}><RiskLevelTag level={r.before} /> → <RiskLevelTag level={r.after} /></Space> },
            { title: '原因', dataIndex: 'reason' },
            { title: '操作员', dataIndex: 'operator', width: 120 },
          ]}
        />
      </Card>
    </Space>
  );
}

