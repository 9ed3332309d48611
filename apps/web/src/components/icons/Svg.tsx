import type { SVGProps } from 'react';

/** Line icons drawn for the site: 24x24, stroke follows the text colour. */
export type P = SVGProps<SVGSVGElement> & { size?: number };

/** The frame every line icon of the site is drawn in (money screens' icons too). */
export function Svg({ size = 22, children, ...rest }: P) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}
