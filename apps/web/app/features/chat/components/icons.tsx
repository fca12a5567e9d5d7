import { Svg, type IconProps } from '../../../ui/icons';

/** The message center's own line icons (same grid and stroke as ui/icons.tsx). */

export const SendIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 12 20 4l-6 16-3-7-7-1Z" />
    <path d="m11 13 9-9" />
  </Svg>
);

export const PaperclipIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m20 11-8.5 8.5a5 5 0 0 1-7-7L13 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L14 7" />
  </Svg>
);

/** One tick: stored on the server (status 0). */
export const TickIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m5 12.5 4 4 10-10" />
  </Svg>
);

/** Two ticks: delivered (status 1) or, coloured, read (status 2). */
export const DoubleTickIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m2 12.5 4 4 10-10" />
    <path d="m11.5 16 .5.5 10-10" />
  </Svg>
);

export const DotsIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="5" r="1.2" fill="currentColor" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    <circle cx="12" cy="19" r="1.2" fill="currentColor" />
  </Svg>
);

/** Points to the start side: mirrored in right-to-left pages by the caller's `rtl:-scale-x-100`. */
export const BackIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M15 5 8 12l7 7" />
  </Svg>
);

export const TagIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 12V4h8l9 9-8 8-9-9Z" />
    <circle cx="7.5" cy="8.5" r="1.3" />
  </Svg>
);

export const DownloadIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />
  </Svg>
);
