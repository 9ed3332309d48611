import { mediaPath } from './media.ts';

/**
 * The two (fictional) sponsorship partners of /zhanzhu and their pages (GET /partners/1|2): the
 * first values of the table `sponsors` (issue 13), inserted when missing; operators edit the rows.
 */
export interface Sponsor {
  type: 1 | 2;
  name: string;
  slogan: string;
  logo: string;
  /** page text: a lead and sections of paragraphs */
  lead: string;
  since: string;
  facts: [string, string][];
  sections: { title: string; paragraphs: string[] }[];
}

export const SPONSORS: Sponsor[] = [
  {
    type: 1,
    name: '海港联足球俱乐部',
    slogan: '官方区域合作伙伴 · 共赴绿茵',
    logo: mediaPath('sponsors', 'harbor-fc'),
    since: '2024 赛季起',
    lead: '海港联足球俱乐部成立于 1998 年，是一支以青训闻名、扎根城市社区的职业足球俱乐部。自 2024 赛季起，{brand}成为俱乐部官方区域合作伙伴。',
    facts: [
      ['成立', '1998 年'],
      ['主场', '滨海体育中心（32,000 座）'],
      ['青训学员', '400 余名'],
      ['合作内容', '球场看板 · 会员观赛 · 青训公益'],
    ],
    sections: [
      {
        title: '合作内容',
        paragraphs: [
          '双方合作涵盖主场赛事看板展示、球迷见面会与会员观赛活动。{brand}会员可通过官方活动报名参与主场观赛抽签，名额以活动页公布为准。',
          '合作期间，双方共同发起“绿茵少年”青训公益计划，每赛季资助社区足球训练营，为青少年提供专业教练与装备支持。',
        ],
      },
      {
        title: '我们的共同理念',
        paragraphs: [
          '足球带给人们的是拼搏、团队与尊重。我们倡导理性观赛、健康娱乐：任何投注都应在个人可承受范围内进行，未满 18 周岁人士禁止参与。',
        ],
      },
    ],
  },
  {
    type: 2,
    name: '星环电竞俱乐部',
    slogan: '战略赞助伙伴 · 荣耀同行',
    logo: mediaPath('sponsors', 'star-ring'),
    since: '2025 年起',
    lead: '星环电竞俱乐部是一支拥有多个项目分部的职业电竞战队，以稳健的运营和出色的青训体系著称。2025 年起，{brand}成为其战略赞助伙伴。',
    facts: [
      ['成立', '2016 年'],
      ['项目分部', 'MOBA · 射击 · 卡牌'],
      ['赛事荣誉', '区域联赛冠军 6 次'],
      ['合作内容', '队服露出 · 直播联动 · 选手关怀'],
    ],
    sections: [
      {
        title: '合作内容',
        paragraphs: [
          '合作包括战队队服与直播间品牌露出、赛季观赛派对以及会员专属的战队周边抽奖活动。',
          '双方共同设立“选手关怀基金”，关注职业选手的作息健康与退役后的职业发展。',
        ],
      },
      {
        title: '理性参与',
        paragraphs: [
          '电竞赛事精彩纷呈，我们提醒每一位会员：请合理安排时间与预算，如需设置存款限额或暂停账户，可随时在「会员中心 - 自我管理」中自行设置。',
        ],
      },
    ],
  },
];
