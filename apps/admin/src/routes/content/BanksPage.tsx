import { adminBankCreateSchema, adminBankUpdateSchema, type AdminBankRow } from '@casino/contract';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { Confirmed } from '../../components/Confirmed';
import { EditLink, flagSwitch, ListAndEditor } from '../../components/ListAndEditor';
import { banksKey, listBanks, useContentAction, type BankFilters } from '../../hooks/api/content';
import { useTable } from '../../hooks/use-table';
import { zodRule } from '../../lib/zod-rule';

type BankForm = Omit<AdminBankRow, 'id'>;

/** 银行列表: the banks members pick from when binding a card (POST /api/banklist). */
export default function BanksPage() {
  const table = useTable<AdminBankRow, BankFilters>(banksKey, listBanks, { pageSize: 50 });
  const action = useContentAction();
  return (
    <ListAndEditor<AdminBankRow, BankFilters, BankForm>
      title="银行列表"
      addLabel="添加银行"
      table={table}
      emptyText="暂无银行"
      filters={
        <>
          <Form.Item name="keyword" label="名称或代码">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="enabled" label="状态">
            <Select allowClear style={{ width: 120 }} placeholder="全部" options={[{ value: 1, label: '可选' }, { value: 0, label: '停用' }]} />
          </Form.Item>
        </>
      }
      columns={(edit) => [
        { title: '银行名称', dataIndex: 'name' },
        { title: '代码（图标）', dataIndex: 'code', width: 140, render: (v: string) => <code>{v}</code> },
        { title: '排序', dataIndex: 'sort', width: 80, align: 'right' },
        { title: '状态', dataIndex: 'enabled', width: 90, render: (v: number) => (v === 1 ? <Tag color="green">可选</Tag> : <Tag>停用</Tag>) },
        {
          title: '操作',
          key: 'op',
          width: 150,
          render: (_, r) => (
            <Space size={0}>
              <EditLink onClick={() => edit(r)} />
              <Confirmed
                title={r.enabled === 1 ? `停用后会员绑卡时不再能选择「${r.name}」（已绑定的卡不受影响），确定？` : `启用后会员绑卡时可选择「${r.name}」，确定？`}
                okText="确定"
                run={() => action.mutateAsync({ action: 'banks/update', body: { id: r.id, name: r.name, code: r.code, sort: r.sort, enabled: r.enabled === 1 ? 0 : 1 } })}
              >
                <Button type="link" size="small" danger={r.enabled === 1}>
                  {r.enabled === 1 ? '停用' : '启用'}
                </Button>
              </Confirmed>
            </Space>
          ),
        },
      ]}
      editor={{
        title: (row) => (row ? `编辑银行 · ${row.name}` : '添加银行'),
        warning: '会员绑定银行卡时按排序（小的在前）列出可选的银行；修改名称不影响已绑定的卡。',
        schema: (row) => (row ? adminBankUpdateSchema : adminBankCreateSchema),
        initialValues: (row) => (row ? { name: row.name, code: row.code, sort: row.sort, enabled: row.enabled } : { sort: 0, enabled: 1 }),
        submit: (v, row) => action.mutateAsync(row ? { action: 'banks/update', body: { ...v, id: row.id } } : { action: 'banks/create', body: v }),
        fields: (schema) => (
          <>
            <Form.Item name="name" label="银行名称" rules={[zodRule(schema, 'name')]}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="code" label="代码" rules={[zodRule(schema, 'code')]} extra="会员端图标的代码，如 icbc、cmb；没有对应图标时显示通用银行图标">
              <Input maxLength={16} />
            </Form.Item>
            <Space size="large">
              <Form.Item name="sort" label="排序" rules={[zodRule(schema, 'sort')]}>
                <InputNumber min={0} max={9999} precision={0} />
              </Form.Item>
              <Form.Item name="enabled" label="可选" {...flagSwitch}>
                <Switch />
              </Form.Item>
            </Space>
          </>
        ),
      }}
    />
  );
}
