import { Svg, type IconProps } from '../../../ui/icons';

export { LeafIcon } from '../../../ui/icons';
export { ShieldCheckIcon as ShieldCheckIconInline } from '../../../ui/more-icons';

export const ChatIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
  </Svg>
);

export const StoreIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 9h16l-1.5-5h-13L4 9Zm0 0v11h16V9M9 20v-6h6v6" />
  </Svg>
);

export const ChevronIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m9 6 6 6-6 6" className="rtl:origin-center rtl:-scale-x-100" />
  </Svg>
);
