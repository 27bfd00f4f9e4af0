import { useT } from '../../lib/i18n';
import { kitMessages } from './kit-messages';
import { SegmentedControl } from './segmented-control';

export type PeriodEndOrNowValue = 'period-end' | 'now';

export interface PeriodEndOrNowProps {
  value: PeriodEndOrNowValue;
  onChange: (value: PeriodEndOrNowValue) => void;
  /** "Now (prorated)": the price difference for the rest of the period is charged or credited. */
  prorated?: boolean;
  /** The radio group's name (one per dialog). */
  name?: string;
}

/**
 * When a plan change or cancellation takes effect: at the end of the paid period or now, the same
 * words wherever an admin or a member chooses.
 */
export function PeriodEndOrNow({ value, onChange, prorated = false, name }: PeriodEndOrNowProps) {
  const t = useT(kitMessages);
  return (
    <SegmentedControl
      label={t('kitWhen')}
      showLabel
      name={name}
      options={[
        { value: 'period-end', label: t('kitWhenPeriodEnd') },
        { value: 'now', label: t(prorated ? 'kitWhenNowProrated' : 'kitWhenNow') },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}
