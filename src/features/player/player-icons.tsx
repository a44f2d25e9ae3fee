/** The control bar's icons, in the style of src/ui/icons.tsx (filled where a player draws them so). */
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function icon(paths: React.ReactNode, filled = false) {
  return function Icon(props: IconProps) {
    return (
      <svg
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={filled ? 0 : 2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const PlayIcon = icon(<path d="M8 5.5v13l10.5-6.5z" />, true);
export const PauseIcon = icon(<path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />, true);
export const VolumeIcon = icon(
  <>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </>,
);
export const MutedIcon = icon(
  <>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="m16 9.5 5 5M21 9.5l-5 5" />
  </>,
);
export const FullscreenIcon = icon(<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />);
export const ExitFullscreenIcon = icon(<path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />);
export const TheaterIcon = icon(<rect x="2.5" y="6.5" width="19" height="11" rx="1.5" />);
export const DefaultViewIcon = icon(<rect x="5" y="7.5" width="14" height="9" rx="1.5" />);
export const KeyboardIcon = icon(
  <>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
  </>,
);
