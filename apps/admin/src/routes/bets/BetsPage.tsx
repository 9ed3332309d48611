import { DownloadOutlined } from '@ant-design/icons';
import {
  BET_EXPORT_MAX_ROWS,
  BET_SEARCH_DEFAULT_DAYS,
  BET_SEARCH_MAX_DAYS,
  BET_SIDE_NAMES,
  BET_STATUS_NAMES,
  BET_TOTALS_MAX_ROWS,
  betSearchSchema,
  fieldLabel,
  GAME_CATEGORY_NAMES,
  type BetSearchPage,
  type BetSearchRow,
  type BetStateCode,
  type BetTotals,
  type GameCategory,
} from '@casino/contract';
import { Alert, App, Button, Card, Col, DatePicker, Descriptions, Drawer, Form, Input, Popconfirm, Row, Select, Skeleton, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { SearchActions } from '../../components/SearchActions';
import { TableCard } from '../../components/TableCard';
import { betsKey, exportBets, listBets, useBet, type BetFilters } from '../../hooks/api/bets';
import { useTable } from '../../hooks/use-table';
import { yuan } from '../../lib/format';
import { firstIssue } from '../../lib/zod-rule';

type Range = [dayjs.Dayjs | null, dayjs.Dayjs | null] | null | undefined;
interface FormValues {
  username?: string;
  agent?: string;
  platform?: string;
  game?: string;
  round_id?: string;
  bet?: Range;
  settle?: Range;
  state?: BetStateCode | 'all';
  stake_min?: string;
  stake_max?: string;
  result_min?: string;
  result_max?: string;
}

const TIME = 'YYYY-MM-DD HH:mm:ss';
const STATE_CODES: [BetStateCode, number][] = [
  ['settled', 1],
  ['unsettled', 2],
  ['void', 0],
];
// the names come from the contract's dictionary (BET_STATUS_NAMES)
const STATE_OPTIONS = [{ value: 'all', label: '全部状态' }, ...STATE_CODES.map(([value, status]) => ({ value, label: BET_STATUS_NAMES[status] }))];
const STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange' };
const today = (): [dayjs.Dayjs, dayjs.Dayjs] => [dayjs().startOf('day'), dayjs().endOf('day')];
const INITIAL: FormValues = { bet: today(), state: 'all' };

function toFilters({ bet, settle, state, ...rest }: FormValues): BetFilters {
  const at = (d: dayjs.Dayjs | null | undefined) => (d ? d.format(TIME) : undefined);
  return { ...rest, state: state === 'all' ? undefined : state, bet_from: at(bet?.[0]), bet_to: at(bet?.[1]), settle_from: at(settle?.[0]), settle_to: at(settle?.[1]) };
}

const categoryName = (c: string) => GAME_CATEGORY_NAMES[c as GameCategory] ?? c;
const result = (v: number) => <span className={v > 0 ? 'money-in' : v < 0 ? 'money-out' : 'tabular'}>{v > 0 ? `+${yuan(v)}` : yuan(v)}</span>;
const stateTag = (s: number) => <Tag color={STATE_COLORS[s]}>{BET_STATUS_NAMES[s] ?? s}</Tag>;

/**
 * 注单查询 (issue 36 point 5): every bet of every venue, filtered and paged on the server, with the
 * filter's totals (summed up to BET_TOTALS_MAX_ROWS bets), a detail drawer and the CSV.
 */
export default function BetsPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const table = useTable<BetSearchRow, BetFilters>(betsKey, listBets, { initialParams: toFilters(INITIAL) });
  const reply = table.query.data as BetSearchPage | undefined;
  const [open, setOpen] = useState<{ platform: string; bet_id: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  // the totals come with a filter's first page and stay while its other pages are read
  const [totals, setTotals] = useState<{ totals: BetTotals | null; note?: string } | null>(null);
  useEffect(() => {
    if (reply && reply.current_page === 1 && !table.query.isPlaceholderData) setTotals({ totals: reply.totals, note: reply.totals_note });
  }, [reply, table.query.isPlaceholderData]);

  const search = (values: FormValues) => {
    const filters = toFilters(values);
    const issue = firstIssue(betSearchSchema, filters);
    if (issue) return void message.error(issue);
    setTotals(null);
    table.search(filters);
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportBets(table.params);
      message.success('注单 CSV 已开始下载');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<BetSearchRow> = [
    {
      title: '注单号',
      dataIndex: 'bet_id',
      render: (v: string, r) => (
        <Typography.Link onClick={() => setOpen({ platform: r.platform, bet_id: r.bet_id })} style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>
          {v}
        </Typography.Link>
      ),
    },
    { title: '会员', dataIndex: 'username', render: (v: string) => <Link to={`/members/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: '场馆', dataIndex: 'platform', render: (v: string, r) => <Tooltip title={v}>{r.venue_name}</Tooltip> },
    { title: '游戏', dataIndex: 'game_name', render: (v: string, r) => <Tooltip title={r.game_code}>{v}</Tooltip> },
    { title: '类型', dataIndex: 'category_id', render: categoryName },
    { title: '投注额', dataIndex: 'bet_amount', align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
    { title: '有效投注', dataIndex: 'valid_amount', align: 'right', render: (v: number) => <span className="tabular">{yuan(v)}</span> },
    { title: '派彩', dataIndex: 'payout', align: 'right', render: (v: number, r) => (r.status === 1 ? <span className="tabular">{yuan(v)}</span> : '-') },
    { title: '会员输赢', dataIndex: 'win_loss', align: 'right', render: (v: number, r) => (r.status === 1 ? result(v) : '-') },
    { title: '状态', dataIndex: 'status', render: stateTag },
    { title: '投注时间', dataIndex: 'created_at' },
    { title: '结算时间', dataIndex: 'settled_at', render: (v: string | null) => v ?? '-' },
    { title: '操作', key: 'op', fixed: 'right', render: (_, r) => <Button size="small" onClick={() => setOpen({ platform: r.platform, bet_id: r.bet_id })}>详情</Button> },
  ];

  const venueOptions = (reply?.venues ?? []).map((v) => ({ value: v.platform, label: `${v.name}（${v.platform.toUpperCase()}）` }));
  const windowText = reply ? `${reply.window.by === 'bet' ? '投注时间' : '结算时间'} ${reply.window.from} 至 ${reply.window.to}` : '';

  return (
    <>
      <PageTitle
        title="注单查询"
        extra={
          <Popconfirm
            title="导出注单"
            description={`按当前筛选条件导出 CSV（最多 ${BET_EXPORT_MAX_ROWS.toLocaleString('en-US')} 条，Excel 可直接打开）`}
            okText="导出"
            cancelText="取消"
            onConfirm={runExport}
          >
            <Button type="primary" icon={<DownloadOutlined />} loading={exporting}>
              导出 CSV
            </Button>
          </Popconfirm>
        }
      />
      <Card className="filters" size="small">
        <Form form={form} initialValues={INITIAL} onFinish={search} labelCol={{ flex: '72px' }}>
          <Row gutter={16}>
            <Col span={6}>
              <Form.Item name="username" label="会员">
                <Input allowClear placeholder="会员账号" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="agent" label="代理">
                <Input allowClear placeholder="代理账号或邀请码" />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="platform" label="场馆">
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部场馆" options={venueOptions} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="game" label="游戏代码">
                <Input allowClear placeholder="如 pp_gates" />
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item name="bet" label="投注时间">
                <DatePicker.RangePicker showTime style={{ width: '100%' }} presets={[{ label: '今天', value: today() }, { label: '最近7天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] }]} />
              </Form.Item>
            </Col>
            <Col span={9}>
              <Form.Item name="settle" label="结算时间">
                <DatePicker.RangePicker showTime style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="state" label="状态">
                <Select options={STATE_OPTIONS} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item label="投注额" tooltip="单位：元">
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="stake_min" noStyle>
                    <Input allowClear placeholder="最低" />
                  </Form.Item>
                  <Form.Item name="stake_max" noStyle>
                    <Input allowClear placeholder="最高" />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item label="会员输赢" tooltip="单位：元；会员输为负数">
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="result_min" noStyle>
                    <Input allowClear placeholder="最低" />
                  </Form.Item>
                  <Form.Item name="result_max" noStyle>
                    <Input allowClear placeholder="最高" />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="round_id" label="局号">
                <Input allowClear placeholder="局号/赛事，如 fx:1024" data-testid="bets-round" />
              </Form.Item>
            </Col>
            <Col span={6} style={{ textAlign: 'right' }}>
              <SearchActions
                onReset={() => {
                  form.resetFields();
                  setTotals(null);
                  table.reset();
                }}
              />
            </Col>
          </Row>
        </Form>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          按投注时间倒序（只填结算时间时按结算时间倒序）；时间跨度最长 {BET_SEARCH_MAX_DAYS} 天，不填时间查询最近 {BET_SEARCH_DEFAULT_DAYS} 天；合计最多统计 {BET_TOTALS_MAX_ROWS.toLocaleString('en-US')} 条注单，超过时请缩小时间范围或增加筛选条件。
        </Typography.Text>
      </Card>
      <Totals totals={totals} loading={!totals && table.query.isFetching} windowText={windowText} />
      <TableCard<BetSearchRow> table={table} rowKey={(r) => `${r.platform}:${r.bet_id}`} columns={columns} locale={{ emptyText: '没有符合条件的注单' }} />
      <BetDrawer
        which={open}
        onClose={() => setOpen(null)}
        onRound={(roundId) => {
          // the round's bets on every side: no other filter, the default window (the last days)
          form.resetFields();
          form.setFieldsValue({ round_id: roundId, bet: undefined });
          setOpen(null);
          search(form.getFieldsValue());
        }}
      />
    </>
  );
}

/** the filter's totals above the table, or why there are none */
function Totals({ totals, loading, windowText }: { totals: { totals: BetTotals | null; note?: string } | null; loading: boolean; windowText: string }) {
  if (totals?.note) return <Alert type="warning" showIcon title="合计未统计" description={`${totals.note}（${windowText}）`} style={{ marginBottom: 16 }} />;
  const t = totals?.totals;
  return (
    <Card size="small" style={{ marginBottom: 16 }} title="筛选合计" extra={<Typography.Text type="secondary">{windowText}</Typography.Text>}>
      {loading || !t ? (
        <Skeleton active paragraph={false} title={{ width: '60%' }} />
      ) : (
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title="注单数" value={t.count} />
          </Col>
          <Col span={5}>
            <Statistic title="投注额" value={yuan(t.stake)} />
          </Col>
          <Col span={5}>
            <Statistic title="有效投注" value={yuan(t.valid)} />
          </Col>
          <Col span={5}>
            <Statistic title="派彩（已结算）" value={yuan(t.payout)} />
          </Col>
          <Col span={5}>
            <Statistic title="会员输赢" value={t.win_loss > 0 ? `+${yuan(t.win_loss)}` : yuan(t.win_loss)} styles={{ content: { color: t.win_loss > 0 ? '#389e0d' : t.win_loss < 0 ? '#cf1322' : undefined } }} />
          </Col>
        </Row>
      )}
    </Card>
  );
}

/** one bet: the provider's round, the settlement and every stored field of the record */
function BetDrawer({ which, onClose, onRound }: { which: { platform: string; bet_id: string } | null; onClose: () => void; onRound: (roundId: string) => void }) {
  const bet = useBet(which);
  const d = bet.data;
  return (
    <Drawer open={which !== null} onClose={onClose} size={640} title={which ? `注单详情 · ${which.bet_id}` : '注单详情'} destroyOnHidden>
      {bet.isError ? <QueryError error={bet.error} retry={bet.refetch} /> : null}
      {bet.isLoading ? <Skeleton active /> : null}
      {d ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {/* labels on one line (局号/赛事, 已计打码量 broke after their last character in the 640 px drawer) */}
          <Descriptions bordered size="small" column={2} styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="注单号" span={2}>
              <Typography.Text copyable>{d.bet_id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="局号/赛事">
              {d.round_id ? (
                <Space size={4}>
                  <Typography.Text copyable>{d.round_id}</Typography.Text>
                  <Tooltip title="查看这一局（赛事）的全部注单">
                    <Typography.Link onClick={() => onRound(d.round_id!)}>
                      同局注单
                    </Typography.Link>
                  </Tooltip>
                </Space>
              ) : (
                <Typography.Text type="secondary">未记录</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="投注方">{d.side ? <Tag>{BET_SIDE_NAMES[d.side] ?? d.side}</Tag> : '-'}</Descriptions.Item>
            <Descriptions.Item label="会员">
              <Link to={`/members/${encodeURIComponent(d.username)}`}>{d.username}</Link>
            </Descriptions.Item>
            <Descriptions.Item label="状态">{stateTag(d.status)}</Descriptions.Item>
            <Descriptions.Item label="场馆">
              {d.venue_name}（{d.platform.toUpperCase()}）
            </Descriptions.Item>
            <Descriptions.Item label="类型">{categoryName(d.category_id)}</Descriptions.Item>
            <Descriptions.Item label="游戏" span={2}>
              {d.game_name}（{d.game_code}）
            </Descriptions.Item>
            <Descriptions.Item label="投注额">{yuan(d.bet_amount)}</Descriptions.Item>
            <Descriptions.Item label="有效投注">{yuan(d.valid_amount)}</Descriptions.Item>
            <Descriptions.Item label="派彩">{d.status === 1 ? yuan(d.payout) : '-'}</Descriptions.Item>
            <Descriptions.Item label="会员输赢">{d.status === 1 ? result(d.win_loss) : '-'}</Descriptions.Item>
            <Descriptions.Item label="投注时间">{d.created_at}</Descriptions.Item>
            <Descriptions.Item label="结算时间">{d.settled_at ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="拉取时间">{d.pulled_at}</Descriptions.Item>
            <Descriptions.Item label="已计打码量">{d.turnover_counted ? '是' : '否'}</Descriptions.Item>
            <Descriptions.Item label="结算详情" span={2}>
              {d.detail || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title="原始记录（金额单位：分，时间：毫秒）">
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              columns={[
                { title: '字段', dataIndex: 'label', width: 160, render: (v: string, r) => <Tooltip title={r.key}>{v}</Tooltip> },
                { title: '值', dataIndex: 'value', render: (v: string) => <Typography.Text style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 }}>{v}</Typography.Text> },
              ]}
              dataSource={Object.entries(d.raw).map(([key, value]) => ({ key, label: fieldLabel(key), value: value === null ? 'null' : String(value) }))}
            />
          </Card>
        </Space>
      ) : null}
    </Drawer>
  );
}
