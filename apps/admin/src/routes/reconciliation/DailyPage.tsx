import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined, ReloadOutlined, SyncOutlined, WarningFilled } from '@ant-design/icons';
import { accountName, beijingToday, ENTRY_KIND_NAMES, fieldLabel, RECON_REF_LABELS, RECON_CHECK_TITLES, RECON_CHECKS, TRANSFER_DIRECTION_NAMES, type ReconCheck, type ReconCheckResult, type ReconDayResult, type ReconDayRow, type ReconItemRow } from '@casino/contract';
import { Alert, App, Button, Card, Col, DatePicker, Empty, Popconfirm, Row, Segmented, Skeleton, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { TableCard } from '../../components/TableCard';
import { can, useMe } from '../../hooks/api/auth';
import { listItems, RECON_POLL_MS, reconKey, reconRunning, useReconDay, useReconDays, useRerunDay, type ItemFilters } from '../../hooks/api/reconciliation';
import { useTable } from '../../hooks/use-table';
import { count, yuan } from '../../lib/format';

const yesterday = () => dayjs(beijingToday()).subtract(1, 'day').format('YYYY-MM-DD');


/** a reference's value by name (issue 25): ledger accounts and entry kinds from the contract's dictionary */
function refText(key: string, v: string | number): string {
  const text = String(v);
  if (key === 'account' || /^(member|house|venue):/.test(text)) return accountName(text);
  if (key === 'entry_kind') return ENTRY_KIND_NAMES[text] ?? text;
  if (key === 'direction') return TRANSFER_DIRECTION_NAMES[text] ?? text;
  return text;
}

/** ms of a Beijing wire time 'YYYY-MM-DD HH:mm:ss' */
function beijingMs(t: string): number {
  return Date.parse(`${t.replace(' ', 'T')}+08:00`);
}

function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s} 秒` : `${Math.floor(s / 60)} 分 ${s % 60} 秒`;
}

/** the run of the day under way: who asked, when it started, how long it has taken (ticks every second) */
function RunningNotice({ d }: { d: ReconDayResult }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const who = d.requested_by === 'job' ? '定时任务' : `操作员 ${d.requested_by}`;
  return (
    <Alert
      type="info"
      showIcon
      icon={<SyncOutlined spin />}
      style={{ marginBottom: 16 }}
      title={d.state === 'queued' ? `${d.day} 对账已提交，等待开始运算` : `${d.day} 正在对账`}
      description={
        <span data-testid="recon-running">
          {who} 于 {d.requested_at} 提交
          {d.started_at ? `，${d.started_at} 开始运算，已用 ${elapsedText(now - beijingMs(d.started_at))}` : ''}。页面每 {RECON_POLL_MS / 1000} 秒自动刷新，完成后显示新结果
          {d.status ? '；下方仍为上次的结果' : ''}。
        </span>
      }
    />
  );
}

function figureValue(unit: 'yuan' | 'count', v: number) {
  return unit === 'yuan' ? yuan(v) : count(v);
}

function CheckCard({ c }: { c: ReconCheckResult }) {
  return (
    <Card
      size="small"
      style={{ height: '100%', borderColor: c.ok ? '#b7eb8f' : '#ffa39e' }}
      styles={{ header: { background: c.ok ? '#f6ffed' : '#fff1f0' } }}
      title={
        <Space>
          {c.ok ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <CloseCircleFilled style={{ color: '#f5222d' }} />}
          <span>{c.title}</span>
        </Space>
      }
      extra={
        c.ok ? (
          <Tag color="success">一致</Tag>
        ) : (
          <Tag color="error">
            {c.differences} 处差异{c.truncated ? '（仅列出部分）' : ''}
          </Tag>
        )
      }
    >
      <Table
        size="small"
        pagination={false}
        rowKey="label"
        dataSource={c.figures}
        locale={{ emptyText: '当日无发生额' }}
        columns={[
          { title: '项目', dataIndex: 'label' },
          { title: '我方', dataIndex: 'ours', align: 'right', width: 110, render: (v: number, f) => <span className="tabular">{figureValue(f.unit, v)}</span> },
          {
            title: '对方',
            dataIndex: 'theirs',
            align: 'right',
            width: 110,
            render: (v: number, f) => (
              <span className="tabular" style={{ color: v === f.ours ? undefined : '#cf1322', fontWeight: v === f.ours ? undefined : 600 }}>
                {figureValue(f.unit, v)}
              </span>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {c.note}
      </Typography.Paragraph>
    </Card>
  );
}

/**
 * The daily reconciliation: pick a Beijing day, see each check green or red with its figures and
 * every difference with its references; an operator with reconciliation.resolve runs it again.
 */
export default function DailyPage() {
  const me = useMe();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day')! : yesterday();
  const result = useReconDay(day);
  const [daysPage, setDaysPage] = useState(1);
  const days = useReconDays(daysPage);
  const rerun = useRerunDay();
  const table = useTable<ReconItemRow, ItemFilters>([...reconKey, 'items'], listItems, { initialParams: { day, check: 'all' }, pageSize: 20 });
  const [check, setCheckState] = useState<ReconCheck | 'all'>('all');
  // the differences follow the day and the check picked (back to page 1)
  const setDay = (d: string) => {
    setParams({ day: d }, { replace: true });
    setCheckState('all');
    table.search({ day: d, check: 'all' });
  };
  const setCheck = (c: ReconCheck | 'all') => {
    setCheckState(c);
    table.search({ day, check: c });
  };

  const run = async () => {
    try {
      const env = await rerun.mutateAsync(day);
      message.info(env.message);
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const d = result.data;
  const running = reconRunning(d);
  // the run this screen watched has ended: say how
  const watched = useRef<{ day: string; state?: string }>({ day });
  useEffect(() => {
    const was = watched.current;
    watched.current = { day, state: d?.state };
    if (!d || was.day !== day || (was.state !== 'queued' && was.state !== 'running')) return;
    if (d.state === 'done') message.success(`${d.day} 对账完成：${d.status === 'clean' ? '全部一致' : `${d.differences} 处差异`}`);
    else if (d.state === 'failed') message.error(`${d.day} 对账失败`);
  }, [d, day, message]);
  const columns: ColumnsType<ReconItemRow> = [
    { title: '检查', dataIndex: 'check', width: 130, render: (v: ReconCheck) => RECON_CHECK_TITLES[v] },
    { title: '差异', dataIndex: 'kind_text', width: 200, render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
    {
      title: '引用',
      dataIndex: 'refs',
      render: (refs: ReconItemRow['refs'], r) => (
        <Space size={[4, 4]} wrap>
          <Typography.Text copyable={{ text: r.reference }} strong style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>
            {refText('reference', r.reference)}
          </Typography.Text>
          {Object.entries(refs)
            .filter(([, v]) => String(v) !== r.reference)
            .map(([k, v]) => (
              <Tag key={k} style={{ marginInlineEnd: 0 }}>
                {RECON_REF_LABELS[k] ?? fieldLabel(k)}：{k === 'username' ? <Link to={`/members/${encodeURIComponent(String(v))}`}>{String(v)}</Link> : refText(k, v)}
              </Tag>
            ))}
        </Space>
      ),
    },
    { title: '应为', dataIndex: 'expected', align: 'right', width: 100, render: (v: number | null) => <span className="tabular">{yuan(v)}</span> },
    { title: '实际', dataIndex: 'actual', align: 'right', width: 100, render: (v: number | null) => <span className="tabular">{yuan(v)}</span> },
    { title: '说明', dataIndex: 'note', width: 260, render: (v: string) => <span style={{ fontSize: 13 }}>{v || '-'}</span> },
  ];

  const dayColumns: ColumnsType<ReconDayRow> = [
    { title: '日期', dataIndex: 'day', render: (v: string) => (v === day ? <b>{v}</b> : <a onClick={() => setDay(v)}>{v}</a>) },
    {
      title: '结果',
      dataIndex: 'status',
      render: (v: ReconDayRow['status'], r) =>
        r.state === 'queued' || r.state === 'running' ? (
          <Tag icon={<SyncOutlined spin />} color="processing">
            对账中
          </Tag>
        ) : r.state === 'failed' ? (
          <Tag color="warning">运算失败</Tag>
        ) : v === 'clean' ? (
          <Tag color="success">一致</Tag>
        ) : (
          <Tag color="error">{r.differences} 处差异</Tag>
        ),
    },
    {
      title: '运行',
      dataIndex: 'computed_by',
      render: (v: string | null, r) => {
        const who = v ?? r.requested_by;
        return <Tooltip title={r.computed_at ?? undefined}>{who === 'job' ? '定时任务' : who}</Tooltip>;
      },
    },
  ];

  const runButton = !can(me.data, 'reconciliation.resolve') ? null : running ? (
    // the run under way answers any further request with its own state: nothing to confirm
    <Button type="primary" icon={<SyncOutlined spin />} disabled>
      对账中
    </Button>
  ) : (
    <Popconfirm
      title={`重新对账 ${day}？`}
      description="在后台重新计算该日的全部检查（会向场馆与支付通道查询，数据量大时需要几十秒），完成后替换原结果；操作记入审计日志。"
      okText="重新对账"
      cancelText="取消"
      onConfirm={run}
    >
      <Button type="primary" icon={<ReloadOutlined />} loading={rerun.isPending}>
        {d ? '重新对账' : '立即对账'}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      <PageTitle
        title="每日对账"
        extra={
          <Space>
            <DatePicker
              allowClear={false}
              value={dayjs(day)}
              disabledDate={(v) => v.format('YYYY-MM-DD') > beijingToday()}
              onChange={(v) => v && setDay(v.format('YYYY-MM-DD'))}
            />
            {runButton}
          </Space>
        }
      />
      <Row gutter={16}>
        <Col xs={24} xxl={18}>
          {result.isError ? <QueryError error={result.error} retry={result.refetch} /> : null}
          {result.isLoading ? (
            <Card>
              <Skeleton active paragraph={{ rows: 8 }} />
            </Card>
          ) : d === null ? (
            <Card>
              <Empty description={`${day} 尚未对账（每天凌晨由定时任务对前一日对账）`}>{runButton}</Empty>
            </Card>
          ) : d ? (
            <>
              {running ? <RunningNotice d={d} /> : null}
              {d.state === 'failed' ? (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title={`${d.day} 对账失败`}
                  description={
                    <span data-testid="recon-failed">
                      {d.error}
                      {d.started_at ? `（${d.started_at} 开始，由${d.requested_by === 'job' ? '定时任务' : ` 操作员 ${d.requested_by} `}提交）` : ''}
                      {d.status ? '；下方为上次完成的结果。' : ''}
                    </span>
                  }
                />
              ) : null}
              {d.status === null ? (
                running ? (
                  <Card>
                    <Empty image={<Spin indicator={<LoadingOutlined style={{ fontSize: 40 }} spin />} />} description="首次对账运算中，完成后在此显示各项检查" />
                  </Card>
                ) : (
                  <Card>
                    <Empty description={`${day} 尚无完成的对账结果`} />
                  </Card>
                )
              ) : (
                <>
                  <Card size="small" style={{ marginBottom: 16 }}>
                    <Space size="large" wrap>
                      {d.status === 'clean' ? (
                        <Tag icon={<CheckCircleFilled />} color="success" style={{ fontSize: 14, padding: '4px 10px' }}>
                          {d.day} 全部一致
                        </Tag>
                      ) : (
                        <Tag icon={<WarningFilled />} color="error" style={{ fontSize: 14, padding: '4px 10px' }}>
                          {d.day} 共 {d.differences} 处差异
                        </Tag>
                      )}
                      <Typography.Text type="secondary">
                        运算于 {d.computed_at} · {d.computed_by === 'job' ? '定时任务' : `操作员 ${d.computed_by}`} · 用时 {((d.duration_ms ?? 0) / 1000).toFixed(1)} 秒
                      </Typography.Text>
                    </Space>
                  </Card>
                  <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
                    {d.checks.map((c) => (
                      <Col key={c.check} xs={24} lg={12} xl={8}>
                        <CheckCard c={c} />
                      </Col>
                    ))}
                  </Row>
                  <Card size="small" className="filters" title="差异明细">
                    <Segmented
                      value={check}
                      onChange={(v) => setCheck(v as ReconCheck | 'all')}
                      options={[
                        { value: 'all', label: `全部 (${d.differences})` },
                        ...RECON_CHECKS.map((k) => {
                          const c = d.checks.find((x) => x.check === k);
                          return { value: k, label: `${RECON_CHECK_TITLES[k].split(' ')[0]} (${c?.differences ?? 0})` };
                        }),
                      ]}
                    />
                  </Card>
                  <TableCard<ReconItemRow> table={table} rowKey="id" columns={columns} scroll={{ x: 1080 }} locale={{ emptyText: table.query.isFetching ? '加载中…' : '没有差异' }} />
                </>
              )}
            </>
          ) : null}
        </Col>
        <Col xs={24} xxl={6}>
          <Card size="small" title="最近对账">
            {days.isError ? <QueryError error={days.error} retry={days.refetch} /> : null}
            <Table<ReconDayRow>
              size="small"
              rowKey="day"
              loading={days.isFetching}
              dataSource={days.data?.data ?? []}
              columns={dayColumns}
              locale={{ emptyText: '还没有对账记录' }}
              pagination={{ current: daysPage, pageSize: 10, total: days.data?.total ?? 0, onChange: setDaysPage, size: 'small', showSizeChanger: false }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
