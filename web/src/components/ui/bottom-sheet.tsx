import { useState } from 'react';
import { useDialogRadix } from './dialog-loader';
import type { BottomSheetProps } from './dialog-props';

export type { BottomSheetProps } from './dialog-props';

/**
 * A modal panel that slides up from the bottom on phones and sits centred, wider, on a desktop.
 * Focus, Escape, the outside click and the hidden background come from Radix's Dialog primitive
 * (`dialog-radix.tsx`, loaded on the first opening or once the page is idle; a sheet that has
 * never been open renders nothing and loads nothing).
 */
export function BottomSheet(props: BottomSheetProps) {
  // Loaded at the first opening; once opened the sheet stays rendered, so Radix sees it close.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  const radix = useDialogRadix(opened);
  return radix && opened ? <radix.RadixBottomSheet {...props} /> : null;
}
