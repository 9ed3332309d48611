import { PlusOutlined } from '@ant-design/icons';
import { PERMISSIONS, roleCreateSchema, roleUpdateSchema, type RoleRow } from '@casino/contract';
import { Button, Card, Checkbox, Form, Input, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { ActionModal } from '../../components/ActionModal';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { useRoleAction, useRoles } from '../../hooks/api/operators';
import { zodRule } from '../../lib/zod-rule';

const label = (slug: string) => (slug === '*' ? '全部权限' : (PERMISSIONS as Record<string, string>)[slug] ?? slug);

/** Roles and their permission slugs; a role can only hold what its editor holds (the server checks). */
export default function RolesPage() {
  const roles = useRoles();
  const me = useMe();
  const action = useRoleAction();
  const [open, setOpen] = useState<{ role?: RoleRow } | null>(null);

  if (roles.isPending) return <Skeleton active />;
  if (roles.isError) return <QueryError error={roles.error} retry={roles.refetch} />;
  const options = roles.data.permissions.map((p) => ({ value: p.slug, label: p.name, disabled: !can(me.data, p.slug as keyof typeof PERMISSIONS) }));
  const role = open?.role;

  return (
    <>
      <PageTitle
        title="角色权限"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({})}>
            新建角色
          </Button>
        }
      />
      <Card size="small">
        <Table<RoleRow>
          rowKey="code"
          dataSource={roles.data.roles}
          pagination={false}
          columns={[
            { title: '角色', dataIndex: 'name', width: 140, render: (v: string, r) => <Space orientation="vertical" size={0}><b>{v}</b><span style={{ color: '#9aa0b2', fontSize: 12 }}>{r.code}</span></Space> },
            { title: '权限', dataIndex: 'permissions', render: (v: string[]) => <Space size={[4, 4]} wrap>{v.map((s) => <Tag key={s} color={s === '*' ? 'gold' : undefined}>{label(s)}</Tag>)}</Space> },
            { title: '操作员数', dataIndex: 'operators', width: 90, align: 'right' },
            { title: '更新时间', dataIndex: 'updated_at', width: 170 },
            {
              title: '操作',
              key: 'op',
              width: 90,
              render: (_, r) =>
                r.builtin && r.permissions.includes('*') ? (
                  <Tag>内置</Tag>
                ) : (
                  <Button type="link" size="small" onClick={() => setOpen({ role: r })}>
                    编辑
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      {open ? (
        <ActionModal<{ code: string; name: string; permissions: string[] }>
          open
          title={role ? `编辑角色 · ${role.name}` : '新建角色'}
          warning="只能授予您自己拥有的权限。修改后，该角色的操作员在下一次请求时即按新权限执行。"
          schema={role ? roleUpdateSchema : roleCreateSchema}
          fixed={role ? { code: role.code } : undefined}
          initialValues={role ? { name: role.name, permissions: role.permissions } : { permissions: [] }}
          onClose={() => setOpen(null)}
          submit={(v) => action.mutateAsync(role ? { action: 'update', body: { code: role.code, name: v.name, permissions: v.permissions } } : { action: 'create', body: v })}
        >
          {role ? null : (
            <Form.Item name="code" label="角色代码" rules={[zodRule(roleCreateSchema, 'code')]}>
              <Input placeholder="如 finance_2" />
            </Form.Item>
          )}
          <Form.Item name="name" label="角色名称" rules={[{ required: true, whitespace: true, message: '角色名称为1到32个字' }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="permissions" label="权限" rules={[{ required: true, message: '请选择有效的权限' }]}>
            <Checkbox.Group options={options} style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }} />
          </Form.Item>
        </ActionModal>
      ) : null}
    </>
  );
}
