import type { ReactNode } from 'react';
import { I18nProvider, Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import { intlLocale } from '../lib/format';
import { usePreferences } from '../lib/preferences';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** Language of the label (language names written in their own language). */
  lang?: string;
  /** A small mark after the label, e.g. "text missing". */
  badge?: ReactNode;
}

const LOOKS = {
  /** Segmented pills on sand, for a page's few views (sign-in method, review status). */
  pills: {
    list: 'grid auto-cols-fr grid-flow-col gap-1 rounded-full bg-sand-100 p-1',
    tab: 'inline-flex cursor-pointer items-center justify-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-moss-800 outline-none transition-colors hover:bg-white/60 data-[selected]:bg-white data-[selected]:text-moss-900 data-[selected]:shadow-sm data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-clay-600',
    panel: '',
  },
  /** An underlined row, for the languages of a form and the kinds of an editor. */
  line: {
    list: 'flex gap-1 overflow-x-auto border-b border-sand-200',
    tab: 'relative -mb-px inline-flex shrink-0 cursor-pointer items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-semibold text-ink-muted outline-none transition-colors hover:border-sand-300 hover:text-ink data-[selected]:border-moss-700 data-[selected]:text-moss-900 data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-clay-600',
    panel: 'pt-5',
  },
} as const;

/**
 * Tabs on React Aria Components: the tablist, its keyboard (arrows along the reading direction,
 * mirrored in Arabic; Home and End), focus and screen-reader wiring come with them. The caller owns
 * the selection; `children` is the selected tab's panel.
 */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  look = 'line',
  className = '',
  panelClassName = '',
  children,
}: {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  look?: keyof typeof LOOKS;
  /** Classes of the tablist (its width, its margin). */
  className?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const { language } = usePreferences();
  return (
    // The page's language, not the browser's, decides which arrow goes forward.
    <I18nProvider locale={intlLocale(language)}>
      <AriaTabs selectedKey={selected} onSelectionChange={(key) => onSelect(String(key) as K)}>
        <TabList aria-label={label} className={`${LOOKS[look].list} ${className}`}>
          {items.map((item) => (
            <Tab key={item.key} id={item.key} className={LOOKS[look].tab}>
              <span lang={item.lang}>{item.label}</span>
              {item.badge}
            </Tab>
          ))}
        </TabList>
        <TabPanel id={selected} className={`outline-none ${LOOKS[look].panel} ${panelClassName}`}>
          {children}
        </TabPanel>
      </AriaTabs>
    </I18nProvider>
  );
}
