import { Alert, Divider, Form, Input, InputNumber } from 'antd';
import { FlagSwitch, SettingsForm, settingRule } from './SettingsForm';

const KEYS = ['title', 'site_state', 'repair_tips', 'redpacket_switch', 'h5_url', 'ios_download_url', 'ios_download_qrcode', 'tg_login_url', 'tg_bot_url', 'operator_2fa_required', 'responsible_reality_default_minutes'];

/** Site: name, open / maintenance with its notice, the red packet switch, download and messaging links. */
export default function SitePage() {
  return (
    <SettingsForm title="站点与维护" keys={KEYS}>
      {() => (
        <>
          <Form.Item name="title" label="站点名称" rules={[settingRule('title')]}>
            <Input maxLength={50} showCount style={{ maxWidth: 360 }} />
          </Form.Item>
          <Divider titlePlacement="start" plain>
            维护
          </Divider>
          <Form.Item name="site_state" label="站点状态" rules={[settingRule('site_state')]} extra="维护中时会员端只显示维护页面和下面的维护提示。">
            <FlagSwitch on="开放" off="维护中" />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.site_state !== b.site_state}>
            {({ getFieldValue }) =>
              getFieldValue('site_state') === 0 ? <Alert type="warning" showIcon title="保存后会员端将进入维护状态，所有会员无法使用网站。" style={{ marginBottom: 16, marginLeft: 220 }} /> : null
            }
          </Form.Item>
          <Form.Item name="repair_tips" label="维护提示" rules={[settingRule('repair_tips')]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Divider titlePlacement="start" plain>
            活动
          </Divider>
          <Form.Item name="redpacket_switch" label="红包活动" rules={[settingRule('redpacket_switch')]} extra="关闭后会员端不显示红包入口。">
            <FlagSwitch />
          </Form.Item>
          {/* issue 22: the reality check's interval for members who have not chosen their own */}
          <Divider titlePlacement="start" plain>
            理性娱乐
          </Divider>
          <Form.Item
            name="responsible_reality_default_minutes"
            label="游戏时长提醒默认间隔"
            rules={[settingRule('responsible_reality_default_minutes')]}
            extra="会员未在「自我管理」中自行设置时，游戏中每隔这么多分钟提醒一次已玩时长和本次输赢；0 表示默认关闭。会员自己的设置优先。"
          >
            <InputNumber min={0} max={240} precision={0} suffix="分钟" style={{ width: 180 }} />
          </Form.Item>
          <Divider titlePlacement="start" plain>
            链接
          </Divider>
          <Form.Item name="h5_url" label="H5 站点地址" rules={[settingRule('h5_url')]}>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="ios_download_url" label="App 下载页地址" rules={[settingRule('ios_download_url')]} extra="网址或以 / 开头的站内路径">
            <Input />
          </Form.Item>
          <Form.Item name="ios_download_qrcode" label="下载二维码地址" rules={[settingRule('ios_download_qrcode')]}>
            <Input />
          </Form.Item>
          <Form.Item name="tg_login_url" label="Telegram 登录链接" rules={[settingRule('tg_login_url')]} extra="留空则不显示">
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="tg_bot_url" label="Telegram 机器人链接" rules={[settingRule('tg_bot_url')]} extra="留空则不显示">
            <Input placeholder="https://" />
          </Form.Item>
          {/* issue 25: second factor for roles that handle money */}
          <Divider titlePlacement="start" plain>
            后台安全
          </Divider>
          <Form.Item
            name="operator_2fa_required"
            label="资金角色两步验证"
            rules={[settingRule('operator_2fa_required')]}
            extra="开启后，拥有资金权限的角色（财务、风控、超级管理员等）必须绑定身份验证器才能使用后台；未绑定的操作员在下次操作时会被要求先绑定。"
          >
            <FlagSwitch on="必须" off="可选" />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
