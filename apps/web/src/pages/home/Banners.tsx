import { useQuery } from '@tanstack/react-query';
import type { BannerItem } from '@casino/contract';
import { apiPost } from '../../api/client';
import { local } from '../../lib/storage';
import BannerCarousel from './BannerCarousel';

/** local-storage key of the home banners (spec section 3) */
export const BANNER_KEY = 'bannerList';

function cachedBanners(): BannerItem[] | undefined {
  const v = local.getJSON<BannerItem[]>(BANNER_KEY);
  return Array.isArray(v) && v.length ? v : undefined;
}

/** POST /api/bannerList {type: 2}, cached under bannerList; a failure keeps the cached copy. */
async function fetchBanners(): Promise<BannerItem[]> {
  const res = await apiPost<BannerItem[]>('/api/bannerList', { type: 2 });
  if (res.code !== 200 || !Array.isArray(res.data)) return cachedBanners() ?? [];
  const list = res.data.filter((b) => b && typeof b.src === 'string' && b.src.trim() !== '');
  local.setJSON(BANNER_KEY, list);
  return list;
}

/** The banner list's query; main.tsx starts it along with POST /api/app when the site opens on home. */
export const bannerQuery = {
  queryKey: ['bannerList'],
  queryFn: fetchBanners,
  staleTime: 60_000, // an operator's edit shows on the next visit within a minute
  retry: false,
};

/**
 * The banner box keeps a 5:2 frame (the banners' own proportions) from the first paint:
 * shimmer while nothing is known, the carousel once banners are there (from the cache at
 * once on a return visit), and a drawn house banner when the operator has none.
 */
export function Banners() {
  const q = useQuery({ ...bannerQuery, placeholderData: cachedBanners });
  const banners = q.data;
  return (
    <div className="banner" data-testid="home-banner">
      {banners && banners.length ? (
        <BannerCarousel banners={banners} />
      ) : banners ? (
        <HouseBanner />
      ) : (
        <span className="sk banner-sk" aria-label="加载中" />
      )}
    </div>
  );
}

function HouseBanner() {
  return (
    <svg className="banner-house" viewBox="0 0 750 300" role="img" aria-label="鼎盛娱乐">
      <defs>
        <linearGradient id="hb-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#22325f" />
          <stop offset="1" stopColor="#0e1730" />
        </linearGradient>
        <linearGradient id="hb-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f8e2a8" />
          <stop offset="1" stopColor="#c99a4b" />
        </linearGradient>
      </defs>
      <rect width="750" height="300" fill="url(#hb-bg)" />
      <circle cx="600" cy="150" r="150" fill="#e6c074" opacity=".08" />
      <path d="M520 190l36 30 44-70 44 70 36-30-16 80H536z" fill="url(#hb-gold)" />
      <text x="48" y="140" fontSize="52" fontWeight="800" fill="#fff">
        鼎盛娱乐
      </text>
      <text x="48" y="190" fontSize="24" fill="#f6dfa6">
        真人 · 电子 · 体育 · 彩票 一站畅玩
      </text>
    </svg>
  );
}
