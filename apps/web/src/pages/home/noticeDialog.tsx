import { Dialog } from '../../ui/imperative';
import { navigateTo } from '../../lib/navigation';

/**
 * The announcements dialog of the home's notice bar, with the way to the message centre. The
 * handler lets the bar close it when home is left (Back, a tab): antd-mobile's imperative
 * dialogs otherwise stay over the next page.
 */
export function showNotices(lines: string[]): { close: () => void } {
  const handler = Dialog.show({
    title: '平台公告',
    closeOnMaskClick: true,
    content: (
      <div className="notice-dialog" data-testid="notice-dialog">
        {lines.map((l, i) => (
          <p key={i}>{l}</p>
        ))}
      </div>
    ),
    actions: [
      [
        { key: 'close', text: '关闭', onClick: () => handler.close() },
        {
          key: 'more',
          text: '查看全部公告',
          bold: true,
          onClick: () => {
            handler.close();
            void navigateTo('/message?type=1');
          },
        },
      ],
    ],
  });
  return handler;
}
