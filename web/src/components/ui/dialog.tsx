import { useState } from 'react';
import { useDialogRadix } from './dialog-loader';
import type { DialogProps } from './dialog-props';

export type { DialogProps } from './dialog-props';

/**
 * A modal dialog, open while it is rendered. Focus moves in when it opens, Tab stays inside, the
 * rest of the page is hidden from assistive technology, and focus returns to where it was when it
 * closes: the behaviour comes from Radix's Dialog primitive (`dialog-radix.tsx`, loaded on the
 * first opening or once the page is idle; until then nothing is shown), the look from the design
 * tokens. A click outside never closes it (a decision must be made with its own buttons).
 */
export function Dialog(props: DialogProps) {
  // Where focus was when the dialog opened; it goes back there when the dialog closes (Radix
  // would return it to a Dialog.Trigger, and these dialogs open from code, not from a trigger).
  // Taken here, not in the lazy part, which may mount a moment later.
  const [opener] = useState(() => document.activeElement);
  // Nothing until the chunk is there, then the dialog, mounted once.
  const radix = useDialogRadix();
  return radix ? <radix.RadixDialog {...props} opener={opener} /> : null;
}
