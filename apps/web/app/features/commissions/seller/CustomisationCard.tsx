import { CUSTOM_OPTIONS, type CustomOption, type TProductCustomisation } from '@tessera/contracts';
import { useState } from 'react';
import { Checkbox, CheckboxGroup, Label, Switch } from 'react-aria-components';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { useSnackbar } from '../../../ui/snackbar';
import { useAction } from '../../../lib/route-data';
import { Card } from '../../../ui/bits';

const BOX =
  'grid h-5 w-5 shrink-0 place-items-center rounded border-2 border-moss-700 group-data-[selected]:bg-moss-700 group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-moss-500 group-data-[focus-visible]:ring-offset-2';

/**
 * The seller product form's customisation control (PUT /v1/seller/products/:id/customisation): whether
 * buyers may ask for this product customised, and which options they choose among. Its own form: it is
 * saved apart from the product (a published product keeps its listing while this changes).
 */
export function CustomisationCard({ saved }: { saved: TProductCustomisation }) {
  const { t } = useTranslation('commissions');
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<TProductCustomisation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The edit route's action saves it; its loader brings the saved customisation back as `saved`.
  const saving = useAction({
    done: () => {
      setDraft(null);
      snackbar(t('seller.customisationSaved'));
    },
    failed: (refusal) => setProblem(refusal.message),
  });
  const busy = saving.pending;
  const value = draft ?? saved;

  function save() {
    setProblem(null);
    void saving.submit('saveCustomisation', value);
  }

  return (
    <Card className="mt-6" aria-labelledby="customisation-title" data-testid="customisation-card">
      <h2 id="customisation-title" className="text-xl font-semibold">
        {t('seller.customisation')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('seller.customisationLead')}</p>
      <Switch
        isSelected={value.allowed}
        onChange={(allowed) => setDraft({ allowed, options: allowed && value.options.length === 0 ? [...CUSTOM_OPTIONS] : value.options })}
        className="group mt-4 flex cursor-pointer items-center gap-3 text-sm font-semibold"
        data-testid="customisation-allowed"
      >
        <span
          aria-hidden="true"
          className="flex h-6 w-11 items-center rounded-full bg-sand-300 p-0.5 transition-colors group-data-[selected]:bg-moss-700 group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-moss-500 group-data-[focus-visible]:ring-offset-2"
        >
          <span className="h-5 w-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5 rtl:group-data-[selected]:-translate-x-5" />
        </span>
        {t('seller.allowCustomisation')}
      </Switch>
      {value.allowed ? (
        <CheckboxGroup
          value={value.options}
          onChange={(options) => setDraft({ allowed: true, options: options as CustomOption[] })}
          className="mt-4"
          data-testid="customisation-options"
        >
          <Label className="sr-only">{t('seller.customisation')}</Label>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {CUSTOM_OPTIONS.map((option) => (
              <Checkbox key={option} value={option} className="group flex cursor-pointer items-center gap-2 text-sm">
                <span aria-hidden="true" className={BOX}>
                  <span className="hidden text-xs leading-none text-white group-data-[selected]:block">✓</span>
                </span>
                {t(`option.${option}`)}
              </Checkbox>
            ))}
          </div>
        </CheckboxGroup>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-3 rounded-xl bg-clay-50 p-3 text-sm text-clay-800">
          {problem}
        </p>
      ) : null}
      <Button className="mt-4" variant="secondary" disabled={busy || !draft} onClick={save} data-testid="customisation-save">
        {t('seller.save')}
      </Button>
    </Card>
  );
}
