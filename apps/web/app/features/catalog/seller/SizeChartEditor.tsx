import type { Language } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { formatNumber } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { errorAt } from '../../../lib/errors';
import { Tabs } from '../../../ui/Tabs';
import { emptyTexts, type Draft } from './draft';
import { AddButton, MiniInput, RemoveButton, SectionCard, translationTabs, type SectionProps } from './RowEditors';

type Chart = NonNullable<Draft['sizeChart']>;

/** Where the error of a header in a language is reported (English is the chart's own). */
const headerField = (index: number, lng: Language) => (lng === 'en' ? `sizeChart.columns.${index}` : `sizeChart.columnTranslations.${lng}.${index}`);

/**
 * The size chart: headers written in English first and translated in a tab per language, like the
 * specs ('Chest' → 'الصدر'); the cells (sizes, measures) are the same in every language, so they
 * are edited in the English tab only.
 */
export function SizeChartEditor({ draft, update, errors }: SectionProps) {
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  const [tab, setTab] = useState<Language>('en');
  const n = (i: number) => formatNumber(i + 1, language);
  const chart = draft.sizeChart;
  const set = (change: (chart: Chart) => Chart) => update((d) => (d.sizeChart ? { ...d, sizeChart: change(d.sizeChart) } : d), 'sizeChart');
  const untranslated = (lng: Language) => lng !== 'en' && (chart?.columns.some((column) => column.en.trim() && !column[lng].trim()) ?? false);

  if (!chart) {
    return (
      <SectionCard title={t('form.sizeChart')} lead={t('form.sizeChartLead')}>
        <AddButton onClick={() => update((d) => ({ ...d, sizeChart: { columns: [emptyTexts(), emptyTexts()], rows: [['', '']] } }), 'sizeChart')}>
          {t('form.addSizeChart')}
        </AddButton>
      </SectionCard>
    );
  }

  const english = tab === 'en';
  const table = (
    <div className="overflow-x-auto">
      <table className="border-separate border-spacing-1">
        <thead>
          <tr>
            {chart.columns.map((column, c) => (
              <th key={c} scope="col" className="min-w-28 align-bottom font-normal">
                <MiniInput
                  label={t('form.column', { number: n(c) })}
                  lang={tab}
                  dir={tab === 'ar' ? 'rtl' : 'auto'}
                  maxLength={40}
                  value={column[tab]}
                  placeholder={english ? undefined : column.en}
                  error={errors[headerField(c, tab)]}
                  data-testid="size-chart-header"
                  onChange={(e) => {
                    const value = e.target.value;
                    set((ch) => ({ ...ch, columns: ch.columns.map((x, i) => (i === c ? { ...x, [tab]: value } : x)) }));
                  }}
                />
              </th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row, r) => (
            <tr key={r}>
              {chart.columns.map((column, c) => (
                <td key={c} className="min-w-28">
                  <input
                    className="field py-1.5 read-only:bg-sand-50 read-only:text-ink-muted"
                    dir="auto"
                    maxLength={40}
                    readOnly={!english}
                    aria-label={t('form.cell', { row: n(r), column: column.en || n(c) })}
                    value={row[c] ?? ''}
                    onChange={(e) => {
                      const value = e.target.value;
                      set((ch) => ({ ...ch, rows: ch.rows.map((x, i) => (i === r ? ch.columns.map((_, j) => (j === c ? value : (x[j] ?? ''))) : x)) }));
                    }}
                  />
                </td>
              ))}
              <td>
                {english && chart.rows.length > 1 ? (
                  <RemoveButton
                    label={t('form.removeRow', { number: n(r) })}
                    onClick={() => set((ch) => ({ ...ch, rows: ch.rows.filter((_, i) => i !== r) }))}
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
        {english && chart.columns.length > 1 ? (
          <tfoot>
            <tr>
              {chart.columns.map((_, c) => (
                <td key={c} className="text-center">
                  <RemoveButton
                    label={t('form.removeColumn', { number: n(c) })}
                    onClick={() => set((ch) => ({ columns: ch.columns.filter((_, i) => i !== c), rows: ch.rows.map((row) => row.filter((_, i) => i !== c)) }))}
                  />
                </td>
              ))}
              <td />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );

  return (
    <SectionCard title={t('form.sizeChart')} lead={t('form.sizeChartLead')} testId="size-chart-editor">
      <Tabs<Language> label={t('form.sizeChartLanguage')} items={translationTabs(untranslated, t('form.specsUntranslated'))} selected={tab} onSelect={setTab}>
        {english ? null : <p className="mb-3 text-sm text-ink-muted">{t('form.sizeChartTranslateHint')}</p>}
        {table}
      </Tabs>
      {errorAt(errors, 'sizeChart') ? <p className="mt-2 text-sm font-medium text-clay-700">{errorAt(errors, 'sizeChart')}</p> : null}
      {english ? (
        <div className="flex flex-wrap gap-x-2">
          {chart.columns.length < 10 ? (
            <AddButton onClick={() => set((ch) => ({ columns: [...ch.columns, emptyTexts()], rows: ch.rows.map((row) => [...row, '']) }))}>
              {t('form.addColumn')}
            </AddButton>
          ) : null}
          {chart.rows.length < 30 ? (
            <AddButton onClick={() => set((ch) => ({ ...ch, rows: [...ch.rows, ch.columns.map(() => '')] }))}>{t('form.addRow')}</AddButton>
          ) : null}
          <Button variant="ghost" className="-ms-3 mt-3 px-3 text-sm text-clay-700" onClick={() => update((d) => ({ ...d, sizeChart: null }), 'sizeChart')}>
            {t('form.removeSizeChart')}
          </Button>
        </div>
      ) : null}
    </SectionCard>
  );
}
