import { Button, Group, Input, Label, NumberField } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';

/** A whole-number quantity between `min` and `max`, with − and + (React Aria's NumberField: keyboard, screen readers, RTL). */
export function QuantityStepper({
  value,
  min,
  max,
  onChange,
  label,
  hideLabel = false,
  disabled = false,
  testId,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  label: string;
  hideLabel?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <NumberField
      value={value}
      minValue={min}
      maxValue={Math.max(min, max)}
      step={1}
      isDisabled={disabled}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      onChange={(next) => {
        if (Number.isFinite(next)) onChange(next);
      }}
      className="flex flex-col gap-1"
      data-testid={testId}
    >
      <Label className={hideLabel ? 'sr-only' : 'text-sm font-semibold text-moss-900'}>{label}</Label>
      <Group className="inline-flex h-11 w-fit items-center overflow-hidden rounded-full border border-sand-300 bg-white">
        <Button slot="decrement" aria-label={t('cart.decrease')} className="h-full w-10 text-lg text-moss-800 hover:bg-moss-50 disabled:opacity-40">
          −
        </Button>
        <Input className="h-full w-14 border-x border-sand-200 text-center tabular-nums outline-none" />
        <Button slot="increment" aria-label={t('cart.increase')} className="h-full w-10 text-lg text-moss-800 hover:bg-moss-50 disabled:opacity-40">
          +
        </Button>
      </Group>
    </NumberField>
  );
}
