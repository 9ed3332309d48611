import { PlusOutlined } from '@ant-design/icons';
import type { Envelope } from '@casino/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Form, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ActionModal } from './ActionModal';
import { Confirmed } from './Confirmed';
import { PageTitle } from './PageTitle';
import { SearchActions } from './SearchActions';
import { TableCard } from './TableCard';

/** A 0/1 column edited with a Switch: the Form.Item props that map one to the other. */
export const flagSwitch = { getValueProps: (v: number) => ({ checked: v === 1 }), normalize: (v: boolean) => (v ? 1 : 0) };

/** The editor of one row (or a new one): the same dialog for both, told apart by `row`. */
export interface EditorSpec<Row, Values extends object> {
  title: (row?: Row) => ReactNode;
  /** what saving does, in words, above the form */
  warning?: ReactNode;
  /** the contract schema of the call the dialog makes (create or update) */
  schema: (row?: Row) => z.ZodType;
  initialValues: (row?: Row) => Partial<Values>;
  submit: (values: Values, row?: Row) => Promise<Envelope<unknown>>;
  /** the dialog's Form.Items, with their rules read from `schema` */
  fields: (schema: z.ZodType, row?: Row) => ReactNode;
}

/**
 * The content screens' one shape (banners, notices, banks): a title with its 新建 button, a filter
 * form, a server-paged list, and one dialog that creates or edits a row. Each screen gives its
 * columns (with an `edit` to open the dialog on a row), its filter fields and its editor; the
 * list's loading, empty and error states are TableCard's.
 */
export function ListAndEditor<Row extends { id: number }, Filters extends object, Values extends object>(props: {
  title: string;
  addLabel: string;
  table: { query: UseQueryResult<unknown>; tableProps: TableProps<Row>; search: (v: Filters) => void; reset: () => void };
  filters: ReactNode;
  columns: (edit: (row: Row) => void) => ColumnsType<Row>;
  emptyText: string;
  editor: EditorSpec<Row, Values>;
}) {
  const [form] = Form.useForm<Filters>();
  const [open, setOpen] = useState<{ row?: Row } | null>(null);
  const { editor } = props;
  const row = open?.row;
  const schema = editor.schema(row);
  return (
    <>
      <PageTitle
        title={props.title}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({})}>
            {props.addLabel}
          </Button>
        }
      />
      <Card className="filters" size="small">
        <Form form={form} layout="inline" onFinish={(v) => props.table.search(v)}>
          {props.filters}
          <SearchActions
            onReset={() => {
              form.resetFields();
              props.table.reset();
            }}
          />
        </Form>
      </Card>
      <TableCard<Row> table={props.table} rowKey="id" columns={props.columns((r) => setOpen({ row: r }))} locale={{ emptyText: props.emptyText }} />

      {open ? (
        <ActionModal<Values>
          open
          title={editor.title(row)}
          warning={editor.warning}
          schema={schema}
          fixed={row ? { id: row.id } : undefined}
          initialValues={editor.initialValues(row)}
          okText="保存"
          onClose={() => setOpen(null)}
          submit={(v) => editor.submit(v, row)}
        >
          {editor.fields(schema, row)}
        </ActionModal>
      ) : null}
    </>
  );
}

/** A row's 删除 link, confirmed first: the question names what goes. */
export function DeleteLink({ title, run }: { title: ReactNode; run: () => Promise<Envelope<unknown>> }) {
  return (
    <Confirmed title={title} okText="删除" danger run={run}>
      <Button type="link" size="small" danger>
        删除
      </Button>
    </Confirmed>
  );
}

/** A row's 编辑 link. */
export function EditLink({ onClick, testId }: { onClick: () => void; testId?: string }) {
  return (
    <Button type="link" size="small" onClick={onClick} data-testid={testId}>
      编辑
    </Button>
  );
}
