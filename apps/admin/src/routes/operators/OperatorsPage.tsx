import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { operatorCreateSchema, operatorResetPasswordSchema, operatorTargetSchema, operatorUpdateSchema, type OperatorRow } from '@casino/contract';
import { Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { useMe } from '../../hooks/api/auth';
import { listOperators, operatorsKey, useOperatorAction, useRoles, type OperatorAction, type OperatorFilters } from '../../hooks/api/operators';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';

const ipText = (v: unknown) => (typeof v === 'string' ? v.split(/[\s,，]+/).filter(Boolean) : []);

/** Operators: create, change role and allowed addresses, disable/enable, reset password or second factor. */
export default function OperatorsPage() {
  const [form] = Form.useForm<OperatorFilters>();
  const table = useTable<OperatorRow, OperatorFilters>(operatorsKey, listOperators);
  const roles = useRoles();
  const me = useMe();
  const action = useOperatorAction();
  const [open, setOpen] = useState<{ action: OperatorAction; row?: OperatorRow } | null>(null);
  const roleOptions = (roles.data?.roles ?? []).map((r) => ({ value: r.code, label: r.name }));
  const run = (a: OperatorAction, body: object) => action.mutateAsync({ action: a, body });

  const columns: ColumnsType<OperatorRow> = [
    { title: '账号', dataIndex: 'username' },
    { title: '角色', dataIndex: 'role_name', render: (v: string, r) => <Tag color={r.role === 'super' || r.role === 'owner' ? 'gold' : 'blue'}>{v}</Tag> },
    { title: '状态', dataIndex: 'status', render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>) },
    { title: '两步验证', dataIndex: 'totp_enabled', render: (v: boolean) => (v ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>) },
    { title: '允许地址', dataIndex: 'ip_allowlist', render: (v: string[]) => (v.length ? v.join(', ') : '不限') },
    { title: '最后登录', dataIndex: 'last_login_at', render: (v: string | null, r) => (v ? `${v} · ${r.last_login_ip ?? ''}` : '-') },
    { title: '创建', dataIndex: 'created_at', render: (v: string, r) => `${v}${r.created_by ? ` · ${r.created_by}` : ''}` },
    {
      title: '操作',
      key: 'op',
      width: 300,
      render: (_, r) =>
        r.username === me.data?.username ? (
          <Tag>当前账号</Tag>
        ) : (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setOpen({ action: 'update', row: r })}>
              修改
            </Button>
            <Button type="link" size="small" onClick={() => setOpen({ action: 'reset-password', row: r })}>
              重置密码
            </Button>
            {r.totp_enabled ? (
              <Button type="link" size="small" onClick={() => setOpen({ action: 'reset-totp', row: r })}>
                重置两步验证
              </Button>
            ) : null}
            {r.status === 1 ? (
              <Button type="link" size="small" danger onClick={() => setOpen({ action: 'disable', row: r })}>
                停用
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => setOpen({ action: 'enable', row: r })}>
                启用
              </Button>
            )}
          </Space>
        ),
    },
  ];

  const row = open?.row;
  return (
    <>
      <PageTitle
        title="操作员"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ action: 'create' })}>
            新建操作员
          </Button>
        }
      />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" onFinish={(v) => table.search(v)}>
          <Form.Item name="username" label="账号">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="role" label="角色">
            <Select allowClear style={{ width: 160 }} options={roleOptions} placeholder="全部" />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear style={{ width: 120 }} placeholder="全部" options={[{ value: 1, label: '启用' }, { value: 0, label: '停用' }]} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Form>
      </Card>
      <TableCard<OperatorRow> table={table} rowKey="id" columns={columns} />

      {open?.action === 'create' ? (
        <ActionModal<{ username: string; password: string; role: string; ip?: string }>
          open
          title="新建操作员"
          schema={operatorCreateSchema}
          onClose={() => setOpen(null)}
          submit={(v) => run('create', { username: v.username, password: v.password, role: v.role, ip_allowlist: ipText(v.ip) })}
        >
          <Form.Item name="username" label="账号" rules={[zodRule(operatorCreateSchema, 'username')]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label="初始密码" rules={[zodRule(operatorCreateSchema, 'password')]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="role" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
            <Select options={roleOptions} loading={roles.isPending} />
          </Form.Item>
          <Form.Item name="ip" label="允许登录的地址（可选）" extra="IP 或 CIDR 网段，用逗号或空格分隔；留空表示不限">
            <Input.TextArea rows={2} />
          </Form.Item>
        </ActionModal>
      ) : null}
      {open?.action === 'update' && row ? (
        <ActionModal<{ role: string; ip?: string }>
          open
          title={`修改操作员 · ${row.username}`}
          schema={operatorUpdateSchema}
          fixed={{ username: row.username }}
          initialValues={{ role: row.role, ip: row.ip_allowlist.join(', ') }}
          onClose={() => setOpen(null)}
          submit={(v) => run('update', { username: row.username, role: v.role, ip_allowlist: ipText(v.ip) })}
        >
          <Form.Item name="role" label="角色">
            <Select options={roleOptions} />
          </Form.Item>
          <Form.Item name="ip" label="允许登录的地址" extra="留空表示不限">
            <Input.TextArea rows={2} />
          </Form.Item>
        </ActionModal>
      ) : null}
      {open?.action === 'reset-password' && row ? (
        <ActionModal<{ password: string }>
          open
          danger
          title={`重置密码 · ${row.username}`}
          warning="重置后该操作员的所有会话立即结束。"
          schema={operatorResetPasswordSchema}
          fixed={{ username: row.username }}
          onClose={() => setOpen(null)}
          submit={(v) => run('reset-password', { username: row.username, password: v.password })}
        >
          <Form.Item name="password" label="新密码" rules={[zodRule(operatorResetPasswordSchema, 'password')]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </ActionModal>
      ) : null}
      {(open?.action === 'disable' || open?.action === 'enable' || open?.action === 'reset-totp') && row ? (
        <ActionModal
          open
          danger={open.action !== 'enable'}
          title={`${open.action === 'disable' ? '停用' : open.action === 'enable' ? '启用' : '重置两步验证'} · ${row.username}`}
          warning={
            open.action === 'disable'
              ? '停用后该操作员立即被登出，且不能再登录。'
              : open.action === 'enable'
                ? '启用后该操作员可以重新登录。'
                : '移除该操作员的身份验证器，下次登录后需重新绑定。'
          }
          schema={operatorTargetSchema}
          fixed={{ username: row.username }}
          onClose={() => setOpen(null)}
          submit={() => run(open.action, { username: row.username })}
        />
      ) : null}
    </>
  );
}
