import type { IconProps } from '../../../ui/icons';
import { SearchIcon } from '../../../ui/icons';
import { ClockIcon } from '../../../ui/more-icons';

export const SearchIconSmall = (p: IconProps) => <SearchIcon width={18} height={18} {...p} />;
export const ClockIconSmall = (p: IconProps) => <ClockIcon width={16} height={16} {...p} />;
