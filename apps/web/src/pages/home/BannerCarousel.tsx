import { useEffect, useRef, useState } from 'react';
import type { BannerItem } from '@casino/contract';
import { TIMERS } from '@casino/contract';
import { useGo } from '../../lib/nav';
import { LazyImg } from '../../components/LazyImg';

/**
 * The home banners: a native scroll-snap strip (the finger drags it like any scroller) that
 * advances every 3000 ms (spec section 9) and wraps from the last banner to the first. It
 * rests while a finger is on it and while the page is hidden.
 *
 * Not antd-mobile's Swiper: that one brings react-spring and use-gesture (about 28 KB
 * compressed) into the first screen, past the home's first-load budget.
 */
export default function BannerCarousel({ banners }: { banners: BannerItem[] }) {
  const go = useGo();
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const touching = useRef(false);
  const count = banners.length;

  // which banner is in view follows the scroll position
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const w = el.clientWidth || 1;
        setCurrent(Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / w))));
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [count]);

  // autoplay: every 3000 ms the next banner, the first after the last
  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => {
      const el = strip.current;
      if (!el || touching.current || document.hidden) return;
      const w = el.clientWidth;
      const next = (Math.round(el.scrollLeft / w) + 1) % count;
      el.scrollTo({ left: next * w, behavior: 'smooth' });
    }, TIMERS.bannerAutoplayMs);
    return () => window.clearInterval(timer);
  }, [count]);

  return (
    <>
      <div
        ref={strip}
        className="banner-strip"
        data-testid="home-banner-strip"
        onTouchStart={() => {
          touching.current = true;
        }}
        onTouchEnd={() => {
          touching.current = false;
        }}
        onTouchCancel={() => {
          touching.current = false;
        }}
      >
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className="banner-slide"
            aria-label={b.title}
            data-testid="home-banner-slide"
            onClick={() => {
              if (b.link && b.link.startsWith('/')) go(b.link);
            }}
          >
            {/* the shown banner and the next one; the rest as the strip reaches them */}
            <LazyImg src={b.src} alt={b.title} className="banner-img" eager={i <= current + 1} />
          </button>
        ))}
      </div>
      {count > 1 ? (
        <div className="banner-dots" aria-hidden="true" data-testid="home-banner-dots" data-current={current}>
          {banners.map((b, i) => (
            <i key={b.id} className={i === current ? 'on' : undefined} />
          ))}
        </div>
      ) : null}
    </>
  );
}
